import { screen, waitFor, within } from '@testing-library/react';

import { json, mockApi, type MockHandler } from '../support/api-mock';
import { signInAs, systemAdmin } from '../support/fixtures';
import { currentPath, renderApp } from '../support/render';

import { applicant, APPLICANT_ID, applicantBid, bidHistoryEntry, FACILITY_ID, historyEntry } from './fixtures';

const BASE = `/admin/applicants/${APPLICANT_ID}`;

const countered = applicantBid({
  job_title: 'Live CRNA locum',
  proposed_rate: 200,
  counter_rate: 195,
  current_state: 'facility_countered',
  created_at: '2026-11-21T10:00:00.000Z',
});
const connected = applicantBid({
  job_title: 'Night call coverage',
  job_hourly_rate: 210,
  job_start_date: '2027-02-01',
  job_end_date: '2027-02-28',
  facility: { id: 'f-2', name: 'Harbor Hospital', city: 'Oakland', state: 'CA', type: 'Hospital' },
  proposed_rate: 220,
  counter_rate: null,
  agreed_rate: 220,
  current_state: 'facility_accepted',
  created_at: '2026-11-10T10:00:00.000Z',
});
const closed = applicantBid({
  job_title: 'Expired CRNA locum',
  job_status: 'expired',
  posting_expired: true,
  proposed_rate: 150,
  current_state: 'applicant_withdrawn',
  created_at: '2026-10-01T10:00:00.000Z',
});

const negotiation = [
  bidHistoryEntry({ bid_id: countered.id, job_posting_id: countered.job_posting_id, at: '2026-11-21T10:00:00.000Z' }),
  bidHistoryEntry({
    bid_id: countered.id,
    job_posting_id: countered.job_posting_id,
    version: 1,
    type: 'FacilityCountered',
    side: 'facility',
    actor: { user_id: 'u-1', name: "Dana O'Neil" },
    rate: 195,
    counter_rate: 195,
    state: 'facility_countered',
    at: '2026-11-21T12:00:00.000Z',
  }),
];

function applicantServer(bids: MockHandler, extra: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /users/me': json(200, systemAdmin),
    [`GET ${BASE}`]: json(200, applicant()),
    [`GET ${BASE}/history`]: json(200, [
      historyEntry({ type: 'ApplicantRegistered', actor: { user_id: 'u-2', side: 'applicant', name: null } }),
    ]),
    [`GET ${BASE}/bids`]: bids,
    [`GET /job-bids/${countered.id}/history`]: json(200, negotiation),
    ...extra,
  });
}

async function openApplicant() {
  signInAs(systemAdmin);
  const view = renderApp(BASE);
  await screen.findByRole('heading', { level: 1, name: 'Sam Rivera' });
  return view;
}

const section = () => screen.getByRole('region', { name: 'Applications' });
const items = async () =>
  within(await within(section()).findByRole('list', { name: 'Applications' })).getAllByRole('listitem', { name: /./ });

describe("applicant detail page: 'Applications'", () => {
  test('lists the bids newest first: job and facility links, a neutral state, the rates and the date', async () => {
    const server = applicantServer(json(200, [countered, connected, closed]));
    await openApplicant();
    const [first, second, third] = await items();
    expect([first, second, third].map((item) => item.getAttribute('aria-label'))).toEqual([
      'Live CRNA locum',
      'Night call coverage',
      'Expired CRNA locum',
    ]);

    expect(within(first).getByRole('link', { name: 'Live CRNA locum' })).toHaveAttribute('href', `/jobs/${countered.job_posting_id}`);
    expect(within(first).getByRole('link', { name: 'Bayview Surgery Center' })).toHaveAttribute('href', `/admin/facilities/${FACILITY_ID}`);
    expect(first).toHaveTextContent('Bayview Surgery Center · San Diego, CA · Dec 7, 2026 – Jan 3, 2027');
    expect(within(first).getByText('Facility countered')).toBeInTheDocument();
    const rates = (item: HTMLElement) =>
      within(item)
        .getAllByRole('term')
        .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rates(first)).toEqual(['Posted rate: $185/hr', 'Bid: $200/hr', 'Counter: $195/hr', 'Agreed: —']);
    expect(first).toHaveTextContent('Applied Nov 21, 2026');

    expect(within(second).getByRole('link', { name: 'Harbor Hospital' })).toHaveAttribute('href', '/admin/facilities/f-2');
    expect(within(second).getByText('Facility accepted')).toBeInTheDocument();
    expect(rates(second)).toEqual(['Posted rate: $210/hr', 'Bid: $220/hr', 'Counter: —', 'Agreed: $220/hr']);

    expect(within(third).getByText('Withdrawn')).toBeInTheDocument();
    expect(within(third).getByText('Posting expired')).toBeInTheDocument();

    // Loaded after the applicant; no timeline is fetched until one is opened.
    expect(server.callsTo(`GET ${BASE}/bids`)).toHaveLength(1);
    expect(server.calls.some((call) => call.path.startsWith('/job-bids/'))).toBe(false);
  });

  test('each bid unfolds its negotiation timeline from the bids feature (rate chart and events)', async () => {
    const server = applicantServer(json(200, [countered, connected]));
    const { user } = await openApplicant();
    const [first] = await items();
    const toggle = within(first).getByRole('button', { name: 'History' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const timeline = await within(first).findByRole('list', { name: 'Negotiation history' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['Sam Rivera placed a bid of $200/hr.', "Dana O'Neil countered the bid with $195/hr."]);
    expect(within(first).getByRole('img', { name: /Rate over time/ })).toBeInTheDocument();
    expect(server.callsTo(`GET /job-bids/${countered.id}/history`)).toHaveLength(1);
    expect(server.callsTo(`GET /job-bids/${connected.id}/history`)).toHaveLength(0);
  });

  test('a timeline that fails to load says so inside its bid', async () => {
    applicantServer(json(200, [connected]), { [`GET /job-bids/${connected.id}/history`]: json(403, { detail: 'Not allowed' }) });
    const { user } = await openApplicant();
    const [item] = await items();
    await user.click(within(item).getByRole('button', { name: 'History' }));
    expect(await within(item).findByText('Not allowed')).toBeInTheDocument();
  });

  test('the job link opens the posting page', async () => {
    applicantServer(json(200, [countered]));
    const { router, user } = await openApplicant();
    const [item] = await items();
    await user.click(within(item).getByRole('link', { name: 'Live CRNA locum' }));
    await waitFor(() => expect(currentPath(router)).toBe(`/jobs/${countered.job_posting_id}`));
  });

  test('says so when the applicant has no bids, and when the list fails to load', async () => {
    applicantServer(json(200, []));
    const first = await openApplicant();
    expect(await within(section()).findByText('This applicant has not applied for any jobs yet.')).toBeInTheDocument();
    first.unmount();

    applicantServer(json(500, { detail: 'Something went wrong on our side. Please try again in a moment.' }));
    await openApplicant();
    expect(await within(section()).findByText('The applications could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Admin Notes' })).toBeInTheDocument();
  });
});
