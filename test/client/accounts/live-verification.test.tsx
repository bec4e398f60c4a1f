import { act, screen, waitFor } from '@testing-library/react';

import type { UserView } from '@domain/accounts/user-view';

import { json, mockApi } from '../support/api-mock';
import { fakeSockets } from '../support/fake-socket';
import { applicant, permissions, signInAs } from '../support/fixtures';
import { renderApp } from '../support/render';
import { facilityUser } from '../postings/fixtures';

/**
 * An open dashboard follows an admin's decision on the user's own record (issue #14): the
 * server pushes 'account.changed', and the page shows the new standing without a reload.
 */
describe('a dashboard open while an admin decides', () => {
  test("an applicant's 'pending identity confirmation' badge goes away once they are verified", async () => {
    const pending: UserView = { ...applicant, applicant: { ...applicant.applicant!, verification_status: 'pending' } };
    signInAs(pending);
    let me = pending;
    mockApi({
      'GET /users/me': () => json(200, me),
      'GET /job-bids/my-bids': json(200, []),
    });
    renderApp('/dashboard');
    expect(await screen.findByText('pending identity confirmation')).toBeInTheDocument();

    me = applicant;
    act(() => fakeSockets[0].simulateEvent('account.changed', { kind: 'applicant', id: applicant.applicant!.id }));
    await waitFor(() => expect(screen.queryByText('pending identity confirmation')).not.toBeInTheDocument());
  });

  test('a facility being verified gains the post job button once it is verified', async () => {
    const beingVerified = facilityUser({ verification_status: 'pending' });
    signInAs(beingVerified);
    let me = beingVerified;
    mockApi({
      'GET /users/me': () => json(200, me),
      'GET /users/me/facility-permissions': json(200, permissions({ role: 'admin' })),
      'GET /job-postings/my-postings': json(200, []),
    });
    renderApp('/dashboard');
    expect(
      await screen.findByText("Your facility is currently being verified. Once verified, you'll be able to post jobs."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Post job' })).not.toBeInTheDocument();

    me = facilityUser({ verification_status: 'verified' });
    act(() => fakeSockets[0].simulateEvent('account.changed', { kind: 'facility', id: 'f-1' }));
    expect(await screen.findByRole('link', { name: 'Post job' })).toHaveAttribute('href', '/jobs/new');
  });
});
