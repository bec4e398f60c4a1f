/** The small answers of the account endpoints (part 1 section 3), as the client reads them. */
import type { UserRole } from './constants';

/** POST /auth/login */
export interface AccessToken {
  access_token: string;
  token_type: 'bearer';
}

/** PUT /users/me/password: the old token stops working; this one replaces it. */
export interface PasswordChanged extends AccessToken {
  message: string;
}

/** A plain confirmation, e.g. POST /auth/request-password-reset, /auth/verify-email, /auth/reset-password. */
export interface MessageResponse {
  message: string;
}

/** GET /auth/check-email, /auth/check-npi, /auth/check-license */
export interface Availability {
  available: boolean;
}

/** POST /auth/register (201) */
export interface RegistrationResult {
  id: string;
  email: string;
  role: UserRole;
  message: string;
}
