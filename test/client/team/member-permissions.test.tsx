import { act, screen, waitFor, within } from '@testing-library/react';

import { json, mockApi } from '../support/api-mock';
import { fakeSockets } from '../support/fake-socket';
import { permissions, signInAs } from '../support/fixtures';
import { renderApp } from '../support/render';
import { POSTING_ID, facilityBid } from '../bids/support';
import { facilityPosting, facilityUser } from '../postings/fixtures';

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

describe('the posting page of a member without the publish and bid flags', () => {
  test('offers only the actions the member holds a flag for, and no bid actions', async () => {
    const user = facilityUser();
    signInAs(user);
    const posting = facilityPosting({ id: POSTING_ID, status: 'active', actions: ['edit', 'withdraw'], remaining_days: 20 });
    mockApi({
      'GET /users/me': json(200, user),
      'GET /users/me/facility-permissions': json(200, {
        ...permissions(),
        can_edit_jobs: true,
        can_publish_jobs: false,
        can_manage_bids: false,
      }),
      [`GET /job-postings/${POSTING_ID}`]: json(200, posting),
      [`GET /job-bids/job/${POSTING_ID}/bids`]: json(200, [facilityBid({ job_posting_id: POSTING_ID })]),
    });
    renderApp(`/jobs/${POSTING_ID}`);
    const article = await screen.findByRole('article', { name: 'Sam Rivera' });
    const actions = screen.getByRole('group', { name: 'Posting actions' });
    expect(within(actions).getByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(within(actions).queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
    expect(within(article).queryByRole('button', { name: /Accept|Counter|Reject/ })).not.toBeInTheDocument();
  });
});
