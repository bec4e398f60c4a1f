import { randomUUID } from 'node:crypto';
import { userView, userViewSchema, type UserRow } from '../../../../server/src/domain/accounts/user-view';

function row(overrides: Partial<UserRow> = {}): UserRow {
  return {
    id: 'user-1',
    email: 'morgan.lee@example.com',
    pending_email: null,
    role: 'facility_admin',
    is_admin: false,
    email_verified: true,
    first_name: 'Morgan',
    last_name: 'Lee',
    created_at: new Date('2030-03-01T09:00:00.000Z'),
    updated_at: new Date('2030-03-02T09:00:00.000Z'),
    last_login: new Date('2030-03-03T09:00:00.000Z'),
    previous_login: new Date('2030-02-03T09:00:00.000Z'),
    facility_id: null,
    facility_name: null,
    facility_verification_status: null,
    facility_is_active: null,
    facility_posting_credits: null,
    facility_admin_first_name: null,
    facility_admin_last_name: null,
    facility_admin_email: null,
    applicant_id: null,
    applicant_verification_status: null,
    applicant_is_active: null,
    ...overrides,
  };
}

describe('GET /users/me', () => {
  test('the user with a display name and ISO times, no facility or applicant record', () => {
    expect(userView(row())).toEqual({
      id: 'user-1',
      email: 'morgan.lee@example.com',
      pending_email: null,
      role: 'facility_admin',
      is_admin: false,
      email_verified: true,
      first_name: 'Morgan',
      last_name: 'Lee',
      display_name: 'Morgan Lee',
      created_at: '2030-03-01T09:00:00.000Z',
      updated_at: '2030-03-02T09:00:00.000Z',
      last_login: '2030-03-03T09:00:00.000Z',
      first_sign_in: false,
      facility: null,
      applicant: null,
    });
  });

  test('without a name the display name is the email; never signed in is null', () => {
    expect(userView(row({ first_name: null, last_name: null, last_login: null }))).toMatchObject({
      display_name: 'morgan.lee@example.com',
      last_login: null,
    });
  });

  test('the first session is the one with no sign-in before it', () => {
    expect(userView(row({ previous_login: null })).first_sign_in).toBe(true);
    expect(userView(row()).first_sign_in).toBe(false);
  });

  test("a member's facility with its admin", () => {
    const view = userView(
      row({
        facility_id: 'facility-1',
        facility_name: 'Lakeside Surgery Center',
        facility_verification_status: 'verified',
        facility_is_active: true,
        facility_posting_credits: 2,
        facility_admin_first_name: 'Morgan',
        facility_admin_last_name: 'Lee',
        facility_admin_email: 'morgan.lee@example.com',
      }),
    );
    expect(view.facility).toEqual({
      id: 'facility-1',
      name: 'Lakeside Surgery Center',
      verification_status: 'verified',
      is_active: true,
      posting_credits: 2,
      admin: { first_name: 'Morgan', last_name: 'Lee', email: 'morgan.lee@example.com' },
    });
  });

  test("an applicant's record", () => {
    const view = userView(
      row({ role: 'applicant', applicant_id: 'applicant-1', applicant_verification_status: 'pending', applicant_is_active: true }),
    );
    expect(view.applicant).toEqual({ id: 'applicant-1', verification_status: 'pending', is_active: true });
  });
});

describe('the schema the API document shows', () => {
  test('describes the view exactly, with or without a facility', () => {
    const bare = row({ id: randomUUID() });
    const member = row({
      id: randomUUID(),
      facility_id: randomUUID(),
      facility_name: 'Lakeside',
      facility_verification_status: 'verified',
      facility_is_active: true,
      facility_posting_credits: 2,
    });
    for (const user of [bare, member]) expect(userViewSchema.parse(userView(user))).toEqual(userView(user));
  });
});
