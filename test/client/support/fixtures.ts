import { setSession } from '@/stores/session';
import type { CurrentUser, FacilityPermissions } from '@/types/api';

export const applicant: CurrentUser = {
  id: '6f1d1a52-3c55-4d0e-9a43-7c1f1c2b0a01',
  email: 'casey.rivera@example.com',
  role: 'applicant',
  is_admin: false,
  first_name: 'Casey',
  last_name: 'Rivera',
  email_verified: true,
  facility: null,
  applicant: { verification_status: 'verified' },
};

export const facilityMember: CurrentUser = {
  id: '6f1d1a52-3c55-4d0e-9a43-7c1f1c2b0a02',
  email: 'morgan.lee@lakeside.example.com',
  role: 'facility_admin',
  is_admin: false,
  first_name: 'Morgan',
  last_name: 'Lee',
  email_verified: true,
  facility: { name: 'Lakeside Surgery Center', admin: { first_name: 'Morgan', last_name: 'Lee' } },
  applicant: null,
};

export const systemAdmin: CurrentUser = {
  id: '6f1d1a52-3c55-4d0e-9a43-7c1f1c2b0a03',
  email: 'admin@example.com',
  role: 'system_admin',
  is_admin: true,
  first_name: null,
  last_name: null,
  email_verified: true,
  facility: null,
  applicant: null,
};

export function permissions(overrides: Partial<FacilityPermissions> = {}): FacilityPermissions {
  return { is_legacy_admin: false, role: 'user', can_manage_billing: false, can_manage_users: false, ...overrides };
}

/** Stores a session as if the user had logged in earlier (local storage + store). */
export function signInAs(user: CurrentUser, token = `token-of-${user.role}`): string {
  setSession({ token, user });
  return token;
}
