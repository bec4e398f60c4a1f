import { screen, waitFor } from '@testing-library/react';

import type { ApplicantView } from '@domain/applicants/applicant-view';
import type { FacilityProfileView } from '@domain/facilities/facility-view';

import { json, mockApi } from '../support/api-mock';
import { applicant, facilityMember, permissions, signInAs } from '../support/fixtures';
import { renderApp } from '../support/render';

const NOTICE = 'Saving this sends your profile back to review';
const noticeText = () => screen.queryByText(NOTICE);

const applicantRecord: ApplicantView = {
  id: 'a1',
  user_id: applicant.id,
  first_name: 'Casey',
  last_name: 'Rivera',
  role_type: 'CRNA',
  license_number: 'RN-55821',
  license_state: 'CA',
  license_expires_at: '2028-06-30',
  npi: '1234567893',
  linkedin_profile: null,
  experience_started_at: '2015-09-01',
  bio: null,
  hourly_rate_min: null,
  hourly_rate_max: null,
  preferred_radius_miles: 50,
  address_line1: null,
  address_line2: null,
  city: null,
  state: null,
  zip_code: null,
  certifications: [],
  malpractice_provided: true,
  job_search_frequency_days: 7,
  verification_status: 'verified',
  is_active: true,
  verification_notes: '',
  created_at: '2025-03-04T15:00:00.000Z',
  updated_at: '2025-03-04T15:00:00.000Z',
  user: { email: applicant.email, email_verified: true, first_name: 'Casey', last_name: 'Rivera' },
};

const facilityRecord: FacilityProfileView = {
  id: 'f1',
  name: 'Lakeside Surgery Center',
  facility_type: 'Ambulatory Surgery Center',
  npi: '1234567893',
  description: null,
  phone: '5035550134',
  website: null,
  address_line1: '12 Harbor Way',
  address_line2: null,
  city: 'Portland',
  state: 'OR',
  zip_code: '97201',
  verification_status: 'verified',
  is_active: true,
  posting_credits: 0,
  verification_notes: '',
  admin_user_id: facilityMember.id,
  created_at: '2025-03-04T15:00:00.000Z',
  updated_at: '2025-03-04T15:00:00.000Z',
  admin: { first_name: 'Morgan', last_name: 'Lee', email: facilityMember.email, email_verified: true },
  can_edit: true,
};

async function openApplicantProfile(record: ApplicantView) {
  signInAs({ ...applicant, applicant: { id: record.id, verification_status: record.verification_status, is_active: true } });
  const server = mockApi({
    'GET /users/me': json(200, applicant),
    'GET /applicants/profile': json(200, record),
    // The server sends a verified applicant who changed identity back to review.
    'PUT /applicants/profile': (call) => json(200, { ...record, ...call.json<object>(), verification_status: 'pending' }),
  });
  const view = renderApp('/applicant-profile');
  await screen.findByLabelText('License number');
  return { ...view, server };
}

describe('a verified record is told before saving that an identity change sends it back to review', () => {
  test('applicant: other fields say nothing; an identity field names itself', async () => {
    const { user } = await openApplicantProfile(applicantRecord);

    await user.type(screen.getByLabelText('Bio'), 'Hi');
    expect(noticeText()).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('License number'), '9');
    expect(noticeText()).toBeInTheDocument();
    expect(
      screen.getByText(
        'You changed your license number. Your profile is verified: once you save, it returns to pending until a Tenens admin confirms the change.',
      ),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText('Last name'), '-L');
    expect(screen.getByText(/^You changed your last name and license number\./)).toBeInTheDocument();
  });

  test('applicant: undoing the change (spaces aside) hides the notice, and so does saving it', async () => {
    const { user, server } = await openApplicantProfile(applicantRecord);

    await user.type(screen.getByLabelText('Last name'), ' ');
    expect(noticeText()).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('License number'), '9');
    expect(noticeText()).toBeInTheDocument();
    await user.type(screen.getByLabelText('License number'), '{backspace}');
    expect(noticeText()).not.toBeInTheDocument();

    // Saved and back in review: nothing more to warn about.
    await user.type(screen.getByLabelText('License number'), '9');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.callsTo('PUT /applicants/profile')).toHaveLength(1));
    expect(server.callsTo('PUT /applicants/profile')[0].json()).toMatchObject({ license_number: 'RN-558219' });
    await waitFor(() => expect(noticeText()).not.toBeInTheDocument());
  });

  test('applicant: a pending record changing its license sees no notice (it is in review already)', async () => {
    const { user } = await openApplicantProfile({ ...applicantRecord, verification_status: 'pending' });
    await user.type(screen.getByLabelText('License number'), '9');
    expect(noticeText()).not.toBeInTheDocument();
  });

  test('facility: the description says nothing, the facility name does; once saved, the signed-in user is read again', async () => {
    signInAs(facilityMember);
    const server = mockApi({
      'GET /users/me': json(200, facilityMember),
      'GET /users/me/facility-permissions': json(200, permissions({ role: 'admin' })),
      'GET /facilities/profile': json(200, facilityRecord),
      'PUT /facilities/profile': (call) => json(200, { ...facilityRecord, ...call.json<object>(), verification_status: 'pending' }),
    });
    const { user } = renderApp('/facility-profile');
    const name = await screen.findByLabelText('Facility name');

    await user.type(screen.getByLabelText('Description'), 'Hi');
    expect(noticeText()).not.toBeInTheDocument();

    await user.type(name, ' 2');
    expect(noticeText()).toBeInTheDocument();
    expect(screen.getByText(/^You changed your facility name\./)).toBeInTheDocument();

    // The dashboard reads the facility's standing from the signed-in user: it must hear of the review.
    const userReads = server.callsTo('GET /users/me').length;
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.callsTo('GET /users/me').length).toBeGreaterThan(userReads));
    await waitFor(() => expect(noticeText()).not.toBeInTheDocument());
  });

  test('account settings: a verified applicant renaming themselves is told; a facility user is not', async () => {
    for (const [who, told] of [
      [applicant, true],
      [facilityMember, false],
    ] as const) {
      signInAs(who);
      mockApi({
        'GET /users/me': json(200, { ...who, pending_email: null }),
        'GET /users/me/facility-permissions': json(200, permissions({ role: 'admin' })),
      });
      const { user, unmount } = renderApp('/user-profile');
      await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
      await user.type(await screen.findByLabelText('First name'), 'a');
      if (told) expect(screen.getByText(/^You changed your first name\./)).toBeInTheDocument();
      else expect(noticeText()).not.toBeInTheDocument();
      unmount();
    }
  });
});
