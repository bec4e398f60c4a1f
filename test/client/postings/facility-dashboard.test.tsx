import { act, screen, waitFor, within } from '@testing-library/react';

import { json, mockApi } from '../support/api-mock';
import { fakeSockets } from '../support/fake-socket';
import { permissions, signInAs } from '../support/fixtures';
import { renderApp } from '../support/render';

import { facilityPosting, facilityUser } from './fixtures';

function openDashboard(user = facilityUser(), postings: unknown = []) {
  signInAs(user);
  const server = mockApi({
    'GET /users/me': json(200, user),
    'GET /users/me/facility-permissions': json(200, permissions({ role: 'admin' })),
    'GET /job-postings/my-postings': typeof postings === 'function' ? (postings as () => ReturnType<typeof json>) : json(200, postings),
  });
  const view = renderApp('/dashboard');
  return { server, ...view };
}

const filterButton = (name: RegExp) => screen.getByRole('button', { name });

describe('facility dashboard: Your Job Postings', () => {
  test('a verified facility with no postings: the post job button and its empty message', async () => {
    openDashboard();
    expect(await screen.findByRole('heading', { name: 'Your Job Postings' })).toBeInTheDocument();
    expect(await screen.findByText('No job postings found. To post a job, click "post job" button above')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Post job' })).toHaveAttribute('href', '/jobs/new');
  });

  test('a facility being verified: no post job button, the verification message', async () => {
    openDashboard(facilityUser({ verification_status: 'pending' }));
    expect(
      await screen.findByText("Your facility is currently being verified. Once verified, you'll be able to post jobs."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Post job' })).not.toBeInTheDocument();
  });

  test('a rejected or suspended facility cannot post either', async () => {
    openDashboard(facilityUser({ verification_status: 'verified', is_active: false }));
    expect(await screen.findByText(/Your facility is suspended/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Post job' })).not.toBeInTheDocument();
  });

  test('defaults to draft when a draft exists, in the order the server gives', async () => {
    const draft1 = facilityPosting({ status: 'draft', title: 'Draft one' });
    const draft2 = facilityPosting({ status: 'draft', title: 'Draft two' });
    const active = facilityPosting({ status: 'active', title: 'Live job' });
    openDashboard(facilityUser(), [draft2, active, draft1]);

    const list = await screen.findByRole('list', { name: 'Draft job postings' });
    const titles = within(list)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(titles).toEqual(['Draft two', 'Draft one']);
    expect(filterButton(/^Draft/)).toHaveAttribute('aria-pressed', 'true');
    expect(filterButton(/^Draft/)).toHaveAccessibleName('Draft 2 postings');
  });

  test('defaults to active when there is no draft; the filters switch the list', async () => {
    const active = facilityPosting({ status: 'active', title: 'Live job' });
    const expired = facilityPosting({ status: 'expired', title: 'Old job' });
    const withdrawn = facilityPosting({ status: 'withdrawn', title: 'Pulled job' });
    const { user } = openDashboard(facilityUser(), [active, expired, withdrawn]);

    const list = await screen.findByRole('list', { name: 'Active job postings' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Live job']);

    await user.click(filterButton(/^Expired/));
    expect(within(screen.getByRole('list', { name: 'Expired job postings' })).getByRole('link')).toHaveTextContent('Old job');

    await user.click(filterButton(/^Withdrawn/));
    expect(within(screen.getByRole('list', { name: 'Withdrawn job postings' })).getByRole('link')).toHaveTextContent('Pulled job');

    await user.click(filterButton(/^All/));
    expect(within(screen.getByRole('list', { name: 'All job postings' })).getAllByRole('link')).toHaveLength(3);

    await user.click(filterButton(/^Draft/));
    expect(screen.getByText('No job postings found for the selected filter.')).toBeInTheDocument();
  });

  test('each row: title link, status, dates with weeks, rate, bids and the needs-response badge', async () => {
    const posting = facilityPosting({
      status: 'active',
      title: 'Spine CRNA',
      start_date: '2030-03-04',
      end_date: '2030-03-29',
      hourly_rate: 185,
      bid_count: 3,
      awaiting_response_count: 1,
      needs_response: true,
      remaining_days: 9,
    });
    openDashboard(facilityUser(), [posting]);

    const row = (await screen.findByRole('link', { name: 'Spine CRNA' })).closest('li')!;
    expect(within(row).getByRole('link', { name: 'Spine CRNA' })).toHaveAttribute('href', `/jobs/${posting.id}`);
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('Needs response')).toBeInTheDocument();
    expect(row).toHaveTextContent('$185/hr · Mar 4, 2030 – Mar 29, 2030 (4 weeks) · CRNA, CA license');
    expect(within(row).getByText('3 bids · 1 awaiting your response')).toBeInTheDocument();
    expect(within(row).getByText(/9 days left/)).toBeInTheDocument();
  });

  test("a colleague's change arrives live: the list is fetched again", async () => {
    let postings = [facilityPosting({ status: 'draft', title: 'First draft' })];
    const { server } = openDashboard(facilityUser(), () => json(200, postings));
    await screen.findByRole('link', { name: 'First draft' });
    expect(server.callsTo('GET /job-postings/my-postings')).toHaveLength(1);

    postings = [...postings, facilityPosting({ status: 'draft', title: 'Second draft' })];
    act(() => fakeSockets[0].simulateEvent('posting.updated', { id: postings[1].id }));

    expect(await screen.findByRole('link', { name: 'Second draft' })).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET /job-postings/my-postings')).toHaveLength(2));
  });

  test('a failed load says so and can retry', async () => {
    let fail = true;
    const { user } = openDashboard(facilityUser(), () => (fail ? json(500, { detail: 'boom' }) : json(200, [])));
    expect(await screen.findByText('Failed to load your job postings')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No job postings found. To post a job/)).toBeInTheDocument();
  });
});
