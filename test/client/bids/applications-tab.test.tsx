import { act, screen, waitFor, within } from '@testing-library/react';

import { ApplicationsTab } from '@/features/bids/components/applications-tab';
import { APPLICATIONS_FILTER_KEY } from '@/features/bids/lib/filter-storage';

import { json, mockApi, type MockHandler } from '../support/api-mock';
import { fakeSockets } from '../support/fake-socket';
import { applicant, signInAs } from '../support/fixtures';
import { applicantBid, renderBids } from './support';

const submittedOld = applicantBid({ job_title: 'Older submitted bid', created_at: '2026-01-05T10:00:00.000Z' });
const submittedNew = applicantBid({ job_title: 'Newer submitted bid', created_at: '2026-01-20T10:00:00.000Z' });
const countered = applicantBid({
  job_title: 'Pain clinic CRNA',
  facility: { id: 'f-2', name: 'Harbor Pain Clinic', city: 'Oakland', state: 'CA', type: 'Pain Management Clinic' },
  current_state: 'facility_countered',
  counter_rate: 200,
  needs_attention: true,
  created_at: '2026-01-01T10:00:00.000Z',
});
const applicantCountered = applicantBid({ job_title: 'Applicant countered bid', current_state: 'applicant_countered', counter_rate: 210 });
const connected = applicantBid({
  job_title: 'Connected job',
  current_state: 'applicant_counter_accepted',
  counter_rate: 205,
  agreed_rate: 205,
  filter: 'connected',
});
const withdrawn = applicantBid({ job_title: 'Withdrawn job', current_state: 'applicant_withdrawn', filter: 'closed' });
const expired = applicantBid({
  job_title: 'Expired posting job',
  current_state: 'facility_countered',
  counter_rate: 190,
  job_status: 'expired',
  posting_expired: true,
  filter: 'closed',
});

const ALL = [submittedOld, connected, countered, withdrawn, submittedNew, expired, applicantCountered];

function server(bids = ALL, extra: Record<string, MockHandler> = {}) {
  signInAs(applicant);
  return mockApi({
    'GET /users/me': json(200, applicant),
    'GET /job-bids/my-bids': json(200, bids),
    ...extra,
  });
}

const titles = () =>
  within(screen.getByRole('list', { name: 'Your applications' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

const card = (title: string) => screen.getByRole('article', { name: title });

describe('Your Applications', () => {
  test('shows active bids by default, counters needing a response first, then newest first', async () => {
    const api = server();
    renderBids(<ApplicationsTab />);

    await screen.findByRole('list', { name: 'Your applications' });
    expect(screen.getByRole('radio', { name: /Active \(4\)/ })).toBeChecked();
    expect(titles()).toEqual(['Pain clinic CRNA', 'Newer submitted bid', 'Older submitted bid', 'Applicant countered bid']);
    expect(api.callsTo('GET /job-bids/my-bids')[0].query.get('filter')).toBe('all');
  });

  test('the filters: connected, closed (rejected, withdrawn or posting expired) and all', async () => {
    server();
    const { user } = renderBids(<ApplicationsTab />);
    await screen.findByRole('list', { name: 'Your applications' });

    await user.click(screen.getByRole('radio', { name: /Connected \(1\)/ }));
    expect(titles()).toEqual(['Connected job']);
    expect(within(card('Connected job')).getByText('Connection made')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Closed \(2\)/ }));
    expect(titles()).toEqual(['Withdrawn job', 'Expired posting job']);
    expect(within(card('Expired posting job')).getByText('Posting expired')).toBeInTheDocument();
    // A counter on an expired posting asks nothing of the applicant any more.
    expect(within(card('Expired posting job')).queryByText('Your response needed')).not.toBeInTheDocument();
    expect(within(card('Expired posting job')).queryByRole('button', { name: /accept counter/i })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /All \(7\)/ }));
    // The shared order, bids on expired postings (closed) last.
    expect(titles()).toEqual([
      'Pain clinic CRNA',
      'Newer submitted bid',
      'Older submitted bid',
      'Applicant countered bid',
      'Connected job',
      'Withdrawn job',
      'Expired posting job',
    ]);
  });

  test('remembers the chosen filter between visits', async () => {
    server();
    const first = renderBids(<ApplicationsTab />);
    await screen.findByRole('list', { name: 'Your applications' });
    await first.user.click(screen.getByRole('radio', { name: /Closed/ }));
    expect(localStorage.getItem(APPLICATIONS_FILTER_KEY)).toBe('closed');
    first.unmount();

    renderBids(<ApplicationsTab />);
    await screen.findByRole('list', { name: 'Your applications' });
    expect(screen.getByRole('radio', { name: /Closed/ })).toBeChecked();
    expect(titles()).toEqual(['Withdrawn job', 'Expired posting job']);
  });

  test('an unknown stored filter falls back to active', async () => {
    localStorage.setItem(APPLICATIONS_FILTER_KEY, 'bogus');
    server();
    renderBids(<ApplicationsTab />);
    await screen.findByRole('list', { name: 'Your applications' });
    expect(screen.getByRole('radio', { name: /Active/ })).toBeChecked();
  });

  test("a facility counter 'needs your attention': a banner and 'your response needed' on the bid", async () => {
    server();
    renderBids(<ApplicationsTab />);
    expect(await screen.findByText('A counter offer needs your attention')).toBeInTheDocument();
    const bid = card('Pain clinic CRNA');
    expect(within(bid).getByText('Your response needed')).toBeInTheDocument();
    expect(within(bid).getByText('Facility countered')).toBeInTheDocument();
    expect(within(card('Newer submitted bid')).queryByText('Your response needed')).not.toBeInTheDocument();
  });

  test('each bid: job link, facility, dates with weeks, posted rate, bid, counter and state', async () => {
    server();
    renderBids(<ApplicationsTab />);
    const bid = await screen.findByRole('article', { name: 'Pain clinic CRNA' });
    expect(within(bid).getByRole('link', { name: 'Pain clinic CRNA' })).toHaveAttribute('href', `/jobs/${countered.job_posting_id}`);
    expect(within(bid).getByText('Harbor Pain Clinic · Oakland, CA')).toBeInTheDocument();
    expect(within(bid).getByText('Mar 2, 2026 – Mar 29, 2026 (4 weeks)')).toBeInTheDocument();
    expect(within(bid).getByText('$185/hr')).toBeInTheDocument();
    expect(within(bid).getByText('$220/hr')).toBeInTheDocument();
    expect(within(bid).getByText('$200/hr')).toBeInTheDocument();
    expect(within(bid).getByText('8% more than the posted rate')).toBeInTheDocument();
  });

  test('actions follow the state: counters get accept / reject / withdraw, open bids withdraw, no counter-back', async () => {
    server();
    const { user } = renderBids(<ApplicationsTab />);
    const bid = await screen.findByRole('article', { name: 'Pain clinic CRNA' });
    expect(within(bid).getByRole('button', { name: 'Accept counter' })).toBeInTheDocument();
    expect(within(bid).getByRole('button', { name: 'Reject counter' })).toBeInTheDocument();
    expect(within(bid).getByRole('button', { name: 'Withdraw bid' })).toBeInTheDocument();

    const open = card('Newer submitted bid');
    expect(within(open).queryByRole('button', { name: /accept/i })).not.toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Withdraw bid' })).toBeInTheDocument();

    expect(screen.queryByRole('button', { name: /^counter/i })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Connected/ }));
    const done = card('Connected job');
    expect(within(done).queryByRole('button', { name: /accept|reject|withdraw/i })).not.toBeInTheDocument();
    expect(within(done).getByRole('button', { name: 'History' })).toBeInTheDocument();
  });

  test('accepting a counter connects: the answer replaces the bid, a short toast', async () => {
    const api = server(ALL, {
      [`PUT /job-bids/${countered.id}/accept-counter`]: json(200, {
        ...countered,
        current_state: 'applicant_counter_accepted',
        agreed_rate: 200,
        needs_attention: false,
        filter: 'connected',
        updated_at: '2026-02-02T10:00:00.000Z',
      }),
    });
    const { user } = renderBids(<ApplicationsTab />);
    const bid = await screen.findByRole('article', { name: 'Pain clinic CRNA' });

    await user.click(within(bid).getByRole('button', { name: 'Accept counter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the counter offer?' });
    await user.click(within(dialog).getByRole('button', { name: /^Accept \$/ }));

    expect(await screen.findByText('Counter offer accepted. You are now connected by email.')).toBeInTheDocument();
    expect(api.callsTo(`PUT /job-bids/${countered.id}/accept-counter`)).toHaveLength(1);
    // Now connected, so it leaves the active list.
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Pain clinic CRNA' })).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: /Connected \(2\)/ })).toBeInTheDocument();
    expect(screen.queryByText('A counter offer needs your attention')).not.toBeInTheDocument();
  });

  test('rejecting a counter asks first, then calls reject-counter', async () => {
    const api = server(ALL, {
      [`PUT /job-bids/${countered.id}/reject-counter`]: json(200, {
        ...countered,
        current_state: 'applicant_counter_rejected',
        filter: 'closed',
        needs_attention: false,
        updated_at: '2026-02-02T10:00:00.000Z',
      }),
    });
    const { user } = renderBids(<ApplicationsTab />);
    const bid = await screen.findByRole('article', { name: 'Pain clinic CRNA' });

    await user.click(within(bid).getByRole('button', { name: 'Reject counter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the counter offer?' });
    expect(api.callsTo(`PUT /job-bids/${countered.id}/reject-counter`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Reject counter' }));

    expect(await screen.findByText('Counter offer rejected.')).toBeInTheDocument();
    expect(api.callsTo(`PUT /job-bids/${countered.id}/reject-counter`)).toHaveLength(1);
  });

  test("a refused action toasts the server's detail", async () => {
    server(ALL, {
      [`PUT /job-bids/${submittedNew.id}/withdraw`]: json(409, { detail: 'The counter offer on this bid was already accepted.' }),
    });
    const { user } = renderBids(<ApplicationsTab />);
    const bid = await screen.findByRole('article', { name: 'Newer submitted bid' });

    await user.click(within(bid).getByRole('button', { name: 'Withdraw bid' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw bid' }));

    expect(await screen.findByText('The counter offer on this bid was already accepted.')).toBeInTheDocument();
  });

  test("a facility's counter arrives live: upserted at the top, 'your response needed', with a toast", async () => {
    const api = server([submittedOld, submittedNew]);
    renderBids(<ApplicationsTab />);
    await screen.findByRole('list', { name: 'Your applications' });
    expect(titles()).toEqual(['Newer submitted bid', 'Older submitted bid']);

    act(() =>
      fakeSockets[0].simulateEvent('bid.updated', {
        ...submittedOld,
        current_state: 'facility_countered',
        counter_rate: 195,
        current_rate: 195,
        needs_attention: true,
        updated_at: '2026-02-03T10:00:00.000Z',
      }),
    );

    await waitFor(() => expect(titles()).toEqual(['Older submitted bid', 'Newer submitted bid']));
    expect(within(card('Older submitted bid')).getByText('Your response needed')).toBeInTheDocument();
    expect(within(card('Older submitted bid')).getByText('$195/hr')).toBeInTheDocument();
    expect(await screen.findByText('Counter offer received: your response needed')).toBeInTheDocument();
    expect(screen.getByText(/Bayview Surgery Center countered with \$195\/hr/)).toBeInTheDocument();
    expect(card('Older submitted bid')).toHaveClass('highlight');
    // No refetch needed: the push is the row itself.
    expect(api.callsTo('GET /job-bids/my-bids')).toHaveLength(1);
  });

  test('a late push never undoes a newer state', async () => {
    const newer = {
      ...countered,
      current_state: 'applicant_counter_accepted' as const,
      filter: 'connected' as const,
      updated_at: '2026-02-05T10:00:00.000Z',
    };
    server([newer]);
    const { user } = renderBids(<ApplicationsTab />);
    await user.click(await screen.findByRole('radio', { name: /All/ }));
    act(() => fakeSockets[0].simulateEvent('bid.updated', { ...countered, updated_at: '2026-02-01T10:00:00.000Z' }));
    expect(within(card('Pain clinic CRNA')).getByText('Connection made')).toBeInTheDocument();
  });

  test('empty states', async () => {
    server([]);
    const first = renderBids(<ApplicationsTab />);
    expect(await screen.findByText("You haven't applied to any jobs yet.")).toBeInTheDocument();
    first.unmount();

    server([connected]);
    renderBids(<ApplicationsTab />);
    expect(await screen.findByText('No applications found for the selected filter.')).toBeInTheDocument();
  });

  test("'Failed to load your applications' with the server's detail", async () => {
    server([], { 'GET /job-bids/my-bids': json(503, { detail: 'The service is starting, try again in a moment.' }) });
    renderBids(<ApplicationsTab />);
    expect(await screen.findByText('Failed to load your applications')).toBeInTheDocument();
    expect(screen.getByText('The service is starting, try again in a moment.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
