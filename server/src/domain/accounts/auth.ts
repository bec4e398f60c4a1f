import { z } from 'zod';
import { emailField } from './fields';
import { accountMessages as m } from './messages';
import { confirmationMatches } from './confirmation';
import { existingPassword, resetPassword } from './password';
import { TEXT_LIMITS } from '../shared/limits';

/** Sign-in form. */
export const loginSchema = z.object({
  email: emailField(m.loginEmailInvalid),
  password: existingPassword(),
});
export type LoginValues = z.input<typeof loginSchema>;
export type Login = z.output<typeof loginSchema>;

/** POST /auth/login body (form-encoded, OAuth2 style: the email travels as `username`). */
export const loginPayloadSchema = z.object({
  username: emailField(m.loginEmailInvalid),
  password: existingPassword(),
});
export type LoginPayload = z.output<typeof loginPayloadSchema>;

/** Forgot-password form, and the email of POST /auth/request-password-reset and resend-verification. */
export const forgotPasswordSchema = z.object({
  email: emailField(),
});
export type ForgotPasswordValues = z.input<typeof forgotPasswordSchema>;
export type ForgotPassword = z.output<typeof forgotPasswordSchema>;

/** Reset-password form (the token comes from the link, not the form). */
export const resetPasswordSchema = z
  .object({
    new_password: resetPassword,
    confirm_password: z.string({ error: m.passwordsDoNotMatch }),
  })
  .refine(...confirmationMatches('new_password', 'confirm_password', m.passwordsDoNotMatch));
export type ResetPasswordValues = z.input<typeof resetPasswordSchema>;
export type ResetPassword = z.output<typeof resetPasswordSchema>;

/** POST /auth/reset-password (query token, new_password). A missing token reads 'Invalid reset token'. */
export const resetPasswordPayloadSchema = z.object({
  token: z
    .string({ error: m.resetTokenInvalid })
    .trim()
    .min(1, { error: m.resetTokenInvalid })
    .max(TEXT_LIMITS.token, { error: m.resetTokenInvalid }),
  new_password: resetPassword,
});
export type ResetPasswordPayload = z.output<typeof resetPasswordPayloadSchema>;

/** POST /auth/verify-email (query token). */
export const verifyEmailPayloadSchema = z.object({
  token: z
    .string({ error: m.verificationTokenMissing })
    .trim()
    .min(1, { error: m.verificationTokenMissing })
    .max(TEXT_LIMITS.token, { error: m.verificationTokenInvalid }),
});
export type VerifyEmailPayload = z.output<typeof verifyEmailPayloadSchema>;
