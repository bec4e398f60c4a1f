import {
  ACCOUNT_TYPE_ROLES,
  ADMIN_FACILITY_TYPES,
  APPLICANT_ROLE_TYPES,
  canEditFacilityProfile,
  canManageFacilityBilling,
  canManageFacilityUsers,
  DEFAULT_APPLICANT_ROLE_TYPE,
  DEFAULT_JOB_SEARCH_FREQUENCY_DAYS,
  DEFAULT_PREFERRED_RADIUS_MILES,
  effectivePermissions,
  FACILITY_MEMBER_ROLES,
  FACILITY_PERMISSION_FLAGS,
  FACILITY_TYPES,
  invitePermissionDefaults,
  JOB_SEARCH_FREQUENCY,
  KNOWN_FACILITY_TYPES,
  USER_ROLE_LABELS,
  USER_ROLES,
  VERIFICATION_STATUSES,
} from '../../../../server/src/domain/accounts';

describe('account vocabularies', () => {
  it('has three user roles with their labels', () => {
    expect(USER_ROLES).toEqual(['applicant', 'facility_admin', 'system_admin']);
    expect(USER_ROLE_LABELS).toEqual({
      system_admin: 'System Administrator',
      facility_admin: 'Facility Administrator',
      applicant: 'Healthcare Professional',
    });
  });

  it('maps the registration account type to a role', () => {
    expect(ACCOUNT_TYPE_ROLES).toEqual({ facility: 'facility_admin', applicant: 'applicant' });
  });

  it('has the applicant role types, CRNA by default', () => {
    expect(APPLICANT_ROLE_TYPES).toEqual(['CRNA', 'Anesthesiologist']);
    expect(DEFAULT_APPLICANT_ROLE_TYPE).toBe('CRNA');
  });

  it('has the registration/profile facility types and the admin list', () => {
    expect(FACILITY_TYPES).toEqual(['Ambulatory Surgery Center', 'Hospital', 'Pain Management Clinic', 'Specialty Clinic', 'Other']);
    expect(ADMIN_FACILITY_TYPES).toEqual([
      'Hospital',
      'Surgery Center',
      'Ambulatory Surgery Center',
      'Outpatient Surgery Center',
      'Medical Center',
      'Specialty Hospital',
      'Other',
    ]);
  });

  it('knows every facility type of both lists exactly once', () => {
    const union = new Set<string>([...FACILITY_TYPES, ...ADMIN_FACILITY_TYPES]);
    expect(new Set(KNOWN_FACILITY_TYPES)).toEqual(union);
    expect(KNOWN_FACILITY_TYPES).toHaveLength(union.size);
  });

  it('has job search frequencies daily 1 and weekly 7, weekly by default', () => {
    expect(JOB_SEARCH_FREQUENCY).toEqual({ daily: 1, weekly: 7 });
    expect(DEFAULT_JOB_SEARCH_FREQUENCY_DAYS).toBe(7);
  });

  it('has the verification statuses and the default travel radius', () => {
    expect(VERIFICATION_STATUSES).toEqual(['pending', 'verified', 'rejected']);
    expect(DEFAULT_PREFERRED_RADIUS_MILES).toBe(50);
  });
});

describe('facility permissions', () => {
  it('has two member roles and six flags', () => {
    expect(FACILITY_MEMBER_ROLES).toEqual(['admin', 'user']);
    expect(FACILITY_PERMISSION_FLAGS).toEqual([
      'can_create_jobs',
      'can_edit_jobs',
      'can_publish_jobs',
      'can_manage_bids',
      'can_manage_users',
      'can_manage_billing',
    ]);
  });

  it('invites a user with jobs and bids but not users or billing', () => {
    expect(invitePermissionDefaults('user')).toEqual({
      can_create_jobs: true,
      can_edit_jobs: true,
      can_publish_jobs: true,
      can_manage_bids: true,
      can_manage_users: false,
      can_manage_billing: false,
    });
  });

  it('invites an admin with every permission', () => {
    const flags = invitePermissionDefaults('admin');
    expect(FACILITY_PERMISSION_FLAGS.every((flag) => flags[flag])).toBe(true);
  });

  it('returns a fresh object each time', () => {
    const first = invitePermissionDefaults('user');
    first.can_manage_users = true;
    expect(invitePermissionDefaults('user').can_manage_users).toBe(false);
  });

  it('gives admins every permission whatever their stored flags', () => {
    const none = { ...invitePermissionDefaults('user'), can_create_jobs: false };
    expect(effectivePermissions('admin', none).can_manage_billing).toBe(true);
    expect(effectivePermissions('user', none)).toEqual(none);
  });

  it('shows Facility Users and Payments to legacy admins, admins, or holders of the flag', () => {
    const member = { is_legacy_admin: false, role: 'user' as const, can_manage_billing: false, can_manage_users: false };
    expect(canManageFacilityUsers(member)).toBe(false);
    expect(canManageFacilityBilling(member)).toBe(false);
    expect(canManageFacilityUsers({ ...member, can_manage_users: true })).toBe(true);
    expect(canManageFacilityBilling({ ...member, can_manage_users: true })).toBe(false);
    expect(canManageFacilityBilling({ ...member, can_manage_billing: true })).toBe(true);
    expect(canManageFacilityUsers({ ...member, role: 'admin' })).toBe(true);
    expect(canManageFacilityBilling({ ...member, is_legacy_admin: true })).toBe(true);
  });

  it('lets only billing-capable members edit the facility profile', () => {
    const member = { is_legacy_admin: false, role: 'user' as const, can_manage_billing: false, can_manage_users: true };
    expect(canEditFacilityProfile(member)).toBe(false);
    expect(canEditFacilityProfile({ ...member, can_manage_billing: true })).toBe(true);
  });
});
