/** The small answers of the account endpoints (part 1 section 3), as the client reads them. */
import { z } from 'zod';
import { USER_ROLES } from './constants';

/** POST /auth/login */
export const accessTokenSchema = z.object({ access_token: z.string(), token_type: z.literal('bearer') });
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** PUT /users/me/password: the old token stops working; this one replaces it. */
export const passwordChangedSchema = accessTokenSchema.extend({ message: z.string() });
export type PasswordChanged = z.infer<typeof passwordChangedSchema>;

/** A plain confirmation, e.g. POST /auth/request-password-reset, /auth/verify-email, /auth/reset-password. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** GET /auth/check-email, /auth/check-npi, /auth/check-license */
export const availabilitySchema = z.object({ available: z.boolean() });
export type Availability = z.infer<typeof availabilitySchema>;

/** POST /auth/register (201) */
export const registrationResultSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  message: z.string(),
});
export type RegistrationResult = z.infer<typeof registrationResultSchema>;
