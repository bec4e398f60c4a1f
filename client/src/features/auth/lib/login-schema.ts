import { accountMessages } from '@domain/accounts/messages';
import { z } from 'zod';

/** The login form's rules and messages (spec part 1 §5 Login). */
export const loginSchema = z.object({
  email: z.string().trim().min(1, accountMessages.emailRequired).pipe(z.email(accountMessages.loginEmailInvalid)),
  password: z.string().min(1, accountMessages.passwordRequired),
});

export type LoginValues = z.input<typeof loginSchema>;
