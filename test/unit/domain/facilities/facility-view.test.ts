import { randomUUID } from 'node:crypto';
import { facilityView, facilityViewSchema, type FacilityRow } from '../../../../server/src/domain/facilities/facility-view';

const row: FacilityRow = {
  id: 'facility-1',
  name: 'Lakeside Surgery Center',
  facility_type: 'Hospital',
  npi: '1234567893',
  description: null,
  phone: '5035550134',
  website: null,
  address_line1: '12 Harbor Way',
  address_line2: null,
  city: 'Portland',
  state: 'OR',
  zip_code: '97201',
  verification_status: 'pending',
  is_active: true,
  posting_credits: 0,
  verification_notes: '[2030-03-01T09:00:00.000Z] Registered',
  admin_user_id: 'user-1',
  created_at: new Date('2030-03-01T09:00:00.000Z'),
  updated_at: new Date('2030-03-02T09:00:00.000Z'),
  admin_first_name: 'Morgan',
  admin_last_name: 'Lee',
  admin_email: 'morgan.lee@example.com',
  admin_email_verified: false,
};

test('a facility with its admin user nested, times as ISO strings', () => {
  const { admin_first_name, admin_last_name, admin_email, admin_email_verified, ...facility } = row;
  expect(facilityView(row)).toEqual({
    ...facility,
    created_at: '2030-03-01T09:00:00.000Z',
    updated_at: '2030-03-02T09:00:00.000Z',
    admin: { first_name: admin_first_name, last_name: admin_last_name, email: admin_email, email_verified: admin_email_verified },
  });
});

describe('the schema the API document shows', () => {
  test('describes the view exactly', () => {
    const view = facilityView({ ...row, id: randomUUID() });
    expect(facilityViewSchema.parse(view)).toEqual(view);
  });
});
