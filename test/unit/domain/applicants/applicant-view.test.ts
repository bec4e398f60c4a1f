import { randomUUID } from 'node:crypto';
import { applicantView, applicantViewSchema, type ApplicantRow } from '../../../../server/src/domain/applicants/applicant-view';

const row: ApplicantRow = {
  id: 'applicant-1',
  user_id: 'user-1',
  first_name: 'Casey',
  last_name: 'Rivera',
  role_type: 'CRNA',
  license_number: 'RN-55821',
  license_state: 'CA',
  license_expires_at: '2032-06-30',
  npi: '1234567893',
  linkedin_profile: null,
  experience_started_at: '2015-09-01',
  bio: null,
  hourly_rate_min: 150,
  hourly_rate_max: 200,
  preferred_radius_miles: 50,
  address_line1: null,
  address_line2: null,
  city: 'Fresno',
  state: 'CA',
  zip_code: '93650',
  certifications: ['ACLS'],
  malpractice_provided: true,
  job_search_frequency_days: 7,
  verification_status: 'verified',
  is_active: true,
  verification_notes: '',
  created_at: new Date('2030-03-01T09:00:00.000Z'),
  updated_at: new Date('2030-03-02T09:00:00.000Z'),
  email: 'casey.rivera@example.com',
  email_verified: true,
  user_first_name: 'Casey',
  user_last_name: 'Rivera',
};

test('an applicant with the user account nested, calendar dates kept, times as ISO strings', () => {
  const { email, email_verified, user_first_name, user_last_name, ...applicant } = row;
  expect(applicantView(row)).toEqual({
    ...applicant,
    created_at: '2030-03-01T09:00:00.000Z',
    updated_at: '2030-03-02T09:00:00.000Z',
    user: { email, email_verified, first_name: user_first_name, last_name: user_last_name },
  });
});

describe('the schema the API document shows', () => {
  test('describes the view exactly', () => {
    const view = applicantView({ ...row, id: randomUUID(), user_id: randomUUID() });
    expect(applicantViewSchema.parse(view)).toEqual(view);
  });
});
