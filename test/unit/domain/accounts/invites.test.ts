import {
  facilityInviteSchema,
  facilityMemberPermissionsSchema,
  inviteEmailSchema,
  invitePermissionDefaults,
  inviteTokenSchema,
} from '../../../../server/src/domain/accounts';
import { errorsOf, parsed } from './support';

describe('inviteEmailSchema', () => {
  it('requires a valid email', () => {
    expect(errorsOf(inviteEmailSchema, { email: '' })).toEqual({ email: ['Email is required'] });
    expect(errorsOf(inviteEmailSchema, { email: 'bob@' })).toEqual({ email: ['Please enter a valid email address'] });
    expect(parsed(inviteEmailSchema, { email: ' Bob@Clinic.com' })).toEqual({ email: 'bob@clinic.com' });
  });
});

describe('facilityInviteSchema (POST /facility-user-invites)', () => {
  it('accepts an email, a role and the six flags', () => {
    const invite = { email: 'bob@clinic.com', role: 'user', ...invitePermissionDefaults('user') };
    expect(parsed(facilityInviteSchema, invite)).toEqual(invite);
  });

  it('refuses an unknown role and missing flags', () => {
    const errors = errorsOf(facilityInviteSchema, { email: 'bob@clinic.com', role: 'owner' });
    expect(errors.role).toEqual(['Please choose a role: User or Admin']);
    expect(Object.keys(errors).sort()).toEqual([
      'can_create_jobs',
      'can_edit_jobs',
      'can_manage_bids',
      'can_manage_billing',
      'can_manage_users',
      'can_publish_jobs',
      'role',
    ]);
  });

  it('shares the role and flags with the permission update', () => {
    const update = { role: 'admin', ...invitePermissionDefaults('admin') };
    expect(parsed(facilityMemberPermissionsSchema, update)).toEqual(update);
  });
});

describe('inviteTokenSchema', () => {
  it('requires a token', () => {
    expect(errorsOf(inviteTokenSchema, { token: '' })).toEqual({ token: ['Invalid invitation token.'] });
    expect(parsed(inviteTokenSchema, { token: 'abc' })).toEqual({ token: 'abc' });
  });
});
