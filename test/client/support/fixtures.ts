import { setSession } from '@/stores/session';
import type { CurrentFacilityPermissions } from '@domain/accounts/facility-permissions';
import type { UserView } from '@domain/accounts/user-view';

/** What every GET /users/me answer carries besides who the user is. */
const account = {
  pending_email: null,
  created_at: '2025-03-04T15:00:00.000Z',
  updated_at: '2025-03-04T15:00:00.000Z',
  last_login: null,
  first_sign_in: false,
} as const;

export const applicant: UserView = {
  ...account,
  id: '6f1d1a52-3c55-4d0e-9a43-7c1f1c2b0a01',
  email: 'casey.rivera@example.com',
  role: 'applicant',
  is_admin: false,
  first_name: 'Casey',
  last_name: 'Rivera',
  display_name: 'Casey Rivera',
  email_verified: true,
  facility: null,
  applicant: { id: '6f1d1a52-3c55-4d0e-9a43-7c1f1c2b0b01', verification_status: 'verified', is_active: true },
};

export const facilityMember: UserView = {
  ...account,
  id: '6f1d1a52-3c55-4d0e-9a43-7c1f1c2b0a02',
  email: 'morgan.lee@lakeside.example.com',
  role: 'facility_admin',
  is_admin: false,
  first_name: 'Morgan',
  last_name: 'Lee',
  display_name: 'Morgan Lee',
  email_verified: true,
  facility: {
    id: '6f1d1a52-3c55-4d0e-9a43-7c1f1c2b0c02',
    name: 'Lakeside Surgery Center',
    verification_status: 'pending',
    is_active: true,
    posting_credits: 0,
    admin: { first_name: 'Morgan', last_name: 'Lee', email: 'morgan.lee@lakeside.example.com' },
  },
  applicant: null,
};

export const systemAdmin: UserView = {
  ...account,
  id: '6f1d1a52-3c55-4d0e-9a43-7c1f1c2b0a03',
  email: 'admin@example.com',
  role: 'system_admin',
  is_admin: true,
  first_name: null,
  last_name: null,
  display_name: 'admin@example.com',
  email_verified: true,
  facility: null,
  applicant: null,
};

export function permissions(overrides: Partial<CurrentFacilityPermissions> = {}): CurrentFacilityPermissions {
  return { is_legacy_admin: false, role: 'user', can_manage_billing: false, can_manage_users: false, ...overrides };
}

/** Stores a session as if the user had logged in earlier (local storage + store). */
export function signInAs(user: UserView, token = `token-of-${user.role}`): string {
  setSession({ token, user });
  return token;
}
