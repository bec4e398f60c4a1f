import { act, screen, waitFor, within } from '@testing-library/react';

import type { UserView } from '@domain/accounts/user-view';
import type { FacilityPostingView, PostingStatus } from '@domain/postings';

import { json, mockApi, type MockHandler } from '../support/api-mock';
import { fakeSockets } from '../support/fake-socket';
import { applicant, permissions, signInAs, systemAdmin } from '../support/fixtures';
import { renderApp } from '../support/render';

import { facilityPosting, facilityUser, publicPosting } from './fixtures';

function openPosting(id: string, answer: MockHandler, user: UserView | null = null, routes: Record<string, MockHandler> = {}) {
  if (user) signInAs(user);
  const server = mockApi({
    ...(user ? { 'GET /users/me': json(200, user) } : {}),
    'GET /users/me/facility-permissions': json(200, permissions({ role: 'admin' })),
    [`GET /job-postings/${id}`]: answer,
    ...routes,
  });
  const view = renderApp(`/jobs/${id}`);
  return { server, ...view };
}

const actions = () => screen.queryByRole('group', { name: 'Posting actions' });
const actionNames = () => Array.from(actions()!.querySelectorAll('a, button')).map((element) => element.textContent);

describe('/jobs/{id} for visitors', () => {
  test('summary and details, sign-up to bid and a login link', async () => {
    const posting = publicPosting({ title: 'Spine CRNA', week_days: [2, 4, 6], on_call_ratio: 3 });
    const { server } = openPosting(posting.id, json(200, posting));

    expect(await screen.findByRole('heading', { level: 1, name: 'Spine CRNA' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('$185/hr')).toBeInTheDocument();
    expect(within(summary).getByText('4 weeks')).toBeInTheDocument();
    expect(within(summary).getByText('Mar 4, 2030 – Mar 29, 2030')).toBeInTheDocument();
    expect(within(summary).getByText('$37,000')).toBeInTheDocument();

    const details = screen.getByRole('region', { name: 'Job details' });
    expect(within(details).getByText('Monday, Wednesday, Friday')).toBeInTheDocument();
    expect(within(details).getByText('Every 3 days')).toBeInTheDocument();
    expect(within(details).getByText('California (CA)')).toBeInTheDocument();
    expect(within(details).getByText('Medically directed')).toBeInTheDocument();
    expect(within(details).getByText('$12.50/hr provided')).toBeInTheDocument();
    expect(within(details).getByText('$1,500, monthly')).toBeInTheDocument();
    expect(within(details).getByText('General Surgery')).toBeInTheDocument();

    const cta = screen.getByRole('region', { name: 'Interested in this job?' });
    expect(within(cta).getByRole('link', { name: 'Sign up to bid for this job' })).toHaveAttribute('href', '/register');
    expect(within(cta).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/login?from=${encodeURIComponent(`/jobs/${posting.id}`)}`,
    );
    expect(actions()).not.toBeInTheDocument();
    expect(screen.queryByText('Posted by')).not.toBeInTheDocument();
    expect(server.calls[0].headers.get('Authorization')).toBeNull();
  });

  test('not found and failed loads', async () => {
    const missing = publicPosting();
    const first = openPosting(missing.id, json(404, { detail: 'Job posting not found' }));
    expect(await screen.findByRole('heading', { name: 'Job posting not found' })).toBeInTheDocument();
    first.unmount();

    const broken = publicPosting();
    openPosting(broken.id, json(500, { detail: 'boom' }));
    expect(await screen.findByText('Failed to load job posting')).toBeInTheDocument();
  });
});

describe('/jobs/{id} for applicants', () => {
  test('details with the token sent, no facility actions, no sign-up prompt', async () => {
    const posting = publicPosting({ title: 'Ortho CRNA' });
    const { server } = openPosting(posting.id, json(200, posting), applicant);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ortho CRNA' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Job details' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign up to bid for this job' })).not.toBeInTheDocument();
    expect(actions()).not.toBeInTheDocument();
    const call = server.callsTo(`GET /job-postings/${posting.id}`)[0];
    expect(call.headers.get('Authorization')).toBe('Bearer token-of-applicant');
  });
});

describe('/jobs/{id} for the posting’s facility', () => {
  test.each<[PostingStatus, string[]]>([
    ['draft', ['Edit', 'Publish']],
    ['active', ['Edit', 'Withdraw']],
    ['withdrawn', ['Edit', 'Reactivate']],
    ['expired', ['Edit', 'Publish']],
  ])('%s posting: the header offers %j', async (status, expected) => {
    const posting = facilityPosting({ status });
    openPosting(posting.id, json(200, posting), facilityUser());
    await screen.findByRole('heading', { level: 1, name: posting.title });
    expect(actionNames()).toEqual(expected);
    expect(within(actions()!).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/jobs/${posting.id}/edit`);
  });

  test('a draft warns it is invisible until published; posted-by details are shown', async () => {
    const posting = facilityPosting({ status: 'draft' });
    openPosting(posting.id, json(200, posting), facilityUser());
    expect(await screen.findByText('Publish this posting to get applications')).toBeInTheDocument();
    expect(screen.getByText(/invisible to job seekers until published/)).toBeInTheDocument();
    const postedBy = screen.getByRole('region', { name: 'Posted by' });
    expect(within(postedBy).getByText('Morgan Lee')).toBeInTheDocument();
    expect(within(postedBy).getByRole('link', { name: 'morgan.lee@lakeside.example.com' })).toHaveAttribute(
      'href',
      'mailto:morgan.lee@lakeside.example.com',
    );
  });

  test('publishing with a credit: the dialog says so, then the posting is live', async () => {
    const draft = facilityPosting({ status: 'draft' });
    const live = {
      ...draft,
      status: 'active' as const,
      actions: ['edit', 'withdraw'] as FacilityPostingView['actions'],
      remaining_days: 31,
    };
    let current: FacilityPostingView = draft;
    const { server, user } = openPosting(draft.id, () => json(200, current), facilityUser({ posting_credits: 3 }), {
      [`POST /job-postings/${draft.id}/publish`]: () => {
        current = live;
        return json(200, { ...live, requires_payment: false });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish this job posting?' });
    expect(within(dialog).getByText(/uses one posting credit/)).toHaveTextContent(
      'Your facility has 3 posting credits; 2 credits will remain.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Publish with a credit' }));

    expect(await screen.findByText(/Job posting published/)).toBeInTheDocument();
    await waitFor(() => expect(actionNames()).toEqual(['Edit', 'Withdraw']));
    expect(server.callsTo(`POST /job-postings/${draft.id}/publish`)).toHaveLength(1);
    // The spent credit refreshes the signed-in user.
    await waitFor(() => expect(server.callsTo('GET /users/me').length).toBeGreaterThanOrEqual(2));
  });

  test('publishing without credits: the charge is announced; requires_payment opens the checkout', async () => {
    const draft = facilityPosting({ status: 'draft' });
    const { user } = openPosting(draft.id, json(200, draft), facilityUser({ posting_credits: 0 }), {
      'GET /billing/config': json(200, { job_posting_monthly_rate: 199, currency: 'usd', mode: 'sandbox', publishable_key: null }),
      [`POST /job-postings/${draft.id}/publish`]: json(200, { ...draft, payment_pending: true, requires_payment: true }),
      'POST /billing/create-checkout-session': json(200, { client_secret: 'cs_1_secret_x', session_id: 'cs_1' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish this job posting?' });
    expect(
      await within(dialog).findByText('$199.00 per month, billed monthly until the posting is withdrawn or expires; no refunds'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));

    const checkout = await screen.findByRole('dialog', { name: 'Pay for your job posting' });
    expect(await within(checkout).findByRole('button', { name: 'Pay $199.00' })).toBeInTheDocument();
    await user.click(within(checkout).getByRole('button', { name: 'Close checkout' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText(/waiting for its payment/)).toBeInTheDocument();
  });

  test('withdraw shows the remaining days; a refusal shows the server’s reason', async () => {
    const active = facilityPosting({ status: 'active', remaining_days: 12 });
    const { user } = openPosting(active.id, json(200, active), facilityUser(), {
      [`DELETE /job-postings/${active.id}`]: json(409, { detail: 'This job posting has expired.' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this job posting?' });
    expect(within(dialog).getByText(/12 days remain in the current posting period/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw posting' }));
    expect(await screen.findByText('This job posting has expired.')).toBeInTheDocument();
  });

  test('withdraw, then reactivate', async () => {
    let current = facilityPosting({ status: 'active', remaining_days: 5 });
    const { user } = openPosting(current.id, () => json(200, current), facilityUser(), {
      [`DELETE /job-postings/${current.id}`]: () => {
        current = { ...current, status: 'withdrawn', actions: ['edit', 'reactivate'], remaining_days: null };
        return json(200, current);
      },
      [`POST /job-postings/${current.id}/reactivate`]: () => {
        current = { ...current, status: 'active', actions: ['edit', 'withdraw'], remaining_days: 5 };
        return json(200, current);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw posting' }));
    expect(await screen.findByText('Job posting withdrawn')).toBeInTheDocument();
    await waitFor(() => expect(actionNames()).toEqual(['Edit', 'Reactivate']));

    await user.click(screen.getByRole('button', { name: 'Reactivate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reactivate this job posting?' });
    expect(within(confirm).getByText(/uses one posting credit/)).toHaveTextContent(
      'Your facility has 2 posting credits; 1 credit will remain.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Reactivate with a credit' }));
    expect(await screen.findByText('Job posting reactivated')).toBeInTheDocument();
    await waitFor(() => expect(actionNames()).toEqual(['Edit', 'Withdraw']));
  });

  test('a filled posting says so, counts its openings, and reopens after a confirmation', async () => {
    let current = facilityPosting({ status: 'filled', openings: 2, connections: 2, remaining_days: null });
    const { user, server } = openPosting(current.id, () => json(200, current), facilityUser(), {
      [`POST /job-postings/${current.id}/reopen`]: () => {
        current = { ...current, status: 'active', actions: ['edit', 'withdraw'], remaining_days: 5 };
        return json(200, current);
      },
    });
    const notice = await screen.findByText(/Every opening has a connection/, {}, { timeout: 5000 });
    expect(notice).toHaveTextContent('Every opening has a connection (2 of 2 openings filled)');
    expect(within(screen.getByRole('region', { name: 'Posting status' })).getByText('2 of 2 openings filled')).toBeInTheDocument();
    expect(actionNames()).toEqual(['Edit', 'Reopen', 'Withdraw']);

    await user.click(screen.getByRole('button', { name: 'Reopen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reopen this job posting?' });
    expect(within(confirm).getByText(/Use this when a connection fell through/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Reopen posting' }));
    expect(await screen.findByText('Job posting reopened. It is back in search and takes applications.')).toBeInTheDocument();
    await waitFor(() => expect(actionNames()).toEqual(['Edit', 'Withdraw']));
    expect(server.callsTo(`POST /job-postings/${current.id}/reopen`)).toHaveLength(1);
    expect(screen.queryByText(/Every opening has a connection/)).not.toBeInTheDocument();
  });

  test('others see a filled posting as filled, with its openings', async () => {
    const posting = publicPosting({ status: 'filled', openings: 3 });
    openPosting(posting.id, json(200, posting));
    expect(await screen.findByText('Filled')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Job details' })).getByText('3 people')).toBeInTheDocument();
  });

  test('a failed publish shows the detail, else the fallback', async () => {
    const draft = facilityPosting({ status: 'draft' });
    const { user } = openPosting(draft.id, json(200, draft), facilityUser(), {
      [`POST /job-postings/${draft.id}/publish`]: json(500, {}),
    });
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Publish with a credit' }));
    expect(await screen.findByText('Failed to publish job posting')).toBeInTheDocument();
  });

  test('a change pushed for this posting is fetched again', async () => {
    let current = facilityPosting({ status: 'draft', title: 'Before' });
    const { server } = openPosting(current.id, () => json(200, current), facilityUser());
    await screen.findByRole('heading', { level: 1, name: 'Before' });
    await waitFor(() => expect(fakeSockets).toHaveLength(1));
    act(() => fakeSockets[0].simulateConnect());
    expect(fakeSockets[0].emitted).toContainEqual({ event: 'posting.watch', args: [current.id] });

    current = { ...current, title: 'After' };
    act(() => fakeSockets[0].simulateEvent('posting.updated', { id: 'another-posting' }));
    act(() => fakeSockets[0].simulateEvent('posting.updated', { id: current.id }));
    expect(await screen.findByRole('heading', { level: 1, name: 'After' })).toBeInTheDocument();
    expect(server.callsTo(`GET /job-postings/${current.id}`)).toHaveLength(2);
  });

  test('admins see posted-by details but no actions', async () => {
    const posting = facilityPosting({ status: 'active' });
    signInAs(systemAdmin);
    openPosting(posting.id, json(200, posting), systemAdmin);
    await screen.findByRole('heading', { level: 1, name: posting.title });
    expect(screen.getByRole('region', { name: 'Posted by' })).toBeInTheDocument();
    expect(actions()).not.toBeInTheDocument();
  });
});
