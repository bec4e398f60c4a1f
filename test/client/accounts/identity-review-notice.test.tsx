import { screen, waitFor } from '@testing-library/react';

import type { ApplicantView } from '@domain/applicants/applicant-view';

import { json, mockApi } from '../support/api-mock';
import { applicant, applicantProfile, facilityMember, facilityProfile, permissions, signInAs } from '../support/fixtures';
import { renderApp } from '../support/render';

const NOTICE = 'Saving this sends your profile back to review';
const noticeText = () => screen.queryByText(NOTICE);

const applicantRecord = applicantProfile({ verification_status: 'verified' });

const facilityRecord = facilityProfile();

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
