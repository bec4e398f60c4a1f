import { act, screen, waitFor, within } from '@testing-library/react';

import { json, mockApi } from '../support/api-mock';
import { fakeSockets } from '../support/fake-socket';
import { permissions, signInAs } from '../support/fixtures';
import { renderApp } from '../support/render';
import { facilityUser } from '../postings/fixtures';

/**
 * Pages hide what a member may not do (the server refuses it anyway), and follow a permission
 * change pushed over the socket without a new sign-in.
 */
describe('a member without a flag', () => {
  test('sees no post job button until the flag arrives live; the header gains Facility Users with it', async () => {
    const user = facilityUser();
    signInAs(user);
    let flags: object = { ...permissions(), can_manage_bids: true, can_create_jobs: false };
    mockApi({
      'GET /users/me': json(200, user),
      'GET /users/me/facility-permissions': () => json(200, flags),
      'GET /job-postings/my-postings': json(200, []),
    });
    const { user: clicker } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Your Job Postings' })).toBeInTheDocument();
    await screen.findByText('No job postings found. To post a job, click "post job" button above');
    expect(screen.queryByRole('link', { name: 'Post job' })).not.toBeInTheDocument();

    flags = { ...permissions({ can_manage_users: true }), can_manage_bids: true, can_create_jobs: true };
    act(() => fakeSockets[0].simulateEvent('team.changed', { facility_id: 'f1', member_id: user.id }));
    expect(await screen.findByRole('link', { name: 'Post job' })).toHaveAttribute('href', '/jobs/new');

    await clicker.click(screen.getByRole('button', { name: /Account menu/ }));
    await waitFor(() => expect(screen.getByRole('menu')).toBeInTheDocument());
    expect(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Facility Users' })).toBeInTheDocument();
  });
});
