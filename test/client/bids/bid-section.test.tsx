import { act, screen, waitFor, within } from '@testing-library/react';

import { BidSection } from '@/features/bids/components/bid-section';
import type { UserView } from '@domain/accounts/user-view';

import { json, mockApi, type MockHandler } from '../support/api-mock';
import { fakeSockets } from '../support/fake-socket';
import { applicant, facilityMember, signInAs } from '../support/fixtures';
import { POSTING_ID, applicantBid, historyEntry, renderBids } from './support';

const posting = { id: POSTING_ID, status: 'active', hourly_rate: 185, required_license_state: 'CA' } as const;

function server({ user = applicant, bids = [] }: { user?: UserView; bids?: unknown[] } = {}, extra: Record<string, MockHandler> = {}) {
  signInAs(user);
  return mockApi({
    'GET /users/me': json(200, user),
    'GET /job-bids/my-bids': json(200, bids),
    ...extra,
  });
}

const section = () => screen.getByRole('region', { name: /your bid|apply for this job/i });

describe('the bid section of /jobs/{id}', () => {
  test('offers a bid form prefilled with the posted rate; posts a whole number of dollars', async () => {
    const answer = applicantBid({ proposed_rate: 200, current_rate: 200 });
    const api = server({}, { 'POST /job-bids': json(201, answer) });
    const { user } = renderBids(<BidSection posting={posting} />);

    const rate = await screen.findByRole('textbox', { name: /your hourly rate/i });
    expect(rate).toHaveValue('185');
    expect(screen.getByText(/The posted rate is \$185\/hr/)).toBeInTheDocument();

    await user.clear(rate);
    await user.type(rate, '200');
    expect(screen.getByText('8% more than the posted rate.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit bid' }));

    await waitFor(() => expect(api.callsTo('POST /job-bids')).toHaveLength(1));
    expect(api.callsTo('POST /job-bids')[0].json()).toEqual({ job_posting_id: POSTING_ID, proposed_rate: 200 });
    expect(await screen.findByText('Your bid of $200/hr was sent to the facility.')).toBeInTheDocument();
    // The answer is the bid: the form gives way to it without a refetch.
    expect(await screen.findByRole('heading', { name: 'Your bid' })).toBeInTheDocument();
    expect(within(section()).getByText('Bid submitted')).toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: 'Withdraw bid' })).toBeInTheDocument();
  });

  test('warns before bidding when the job requires a license from another state; not when it matches', async () => {
    server();
    const { unmount } = renderBids(<BidSection posting={posting} licenseState="NV" />);
    expect(await screen.findByText('Your license is from another state')).toBeInTheDocument();
    expect(
      screen.getByText(
        'This job requires a license in CA; your profile lists NV. You can still bid, and the facility will see the difference.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit bid' })).toBeEnabled();
    unmount();

    renderBids(<BidSection posting={posting} licenseState="ca" />);
    await screen.findByRole('button', { name: 'Submit bid' });
    expect(screen.queryByText('Your license is from another state')).not.toBeInTheDocument();
  });

  test('an expired license gives way to how to fix it: no form, a link to the profile', async () => {
    const api = server();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    renderBids(<BidSection posting={posting} licenseState="CA" licenseExpiresAt={yesterday} />);
    expect(await screen.findByText('Your license has expired')).toBeInTheDocument();
    expect(screen.getByText(/Your license has expired\. Update it in your profile to keep bidding\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Update your license' })).toHaveAttribute('href', '/applicant-profile');
    expect(screen.queryByRole('button', { name: 'Submit bid' })).not.toBeInTheDocument();
    expect(api.callsTo('POST /job-bids')).toHaveLength(0);
  });

  test('a license valid through today still bids', async () => {
    server();
    renderBids(<BidSection posting={posting} licenseState="CA" licenseExpiresAt={new Date().toISOString().slice(0, 10)} />);
    expect(await screen.findByRole('button', { name: 'Submit bid' })).toBeEnabled();
    expect(screen.queryByText('Your license has expired')).not.toBeInTheDocument();
  });

  test('a connected bid offers "Add to calendar", which fetches the invite with the session', async () => {
    const connected = applicantBid({ current_state: 'facility_accepted', agreed_rate: 190 });
    const ics = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
    const api = server({ bids: [connected] }, { [`GET /job-bids/${connected.id}/calendar.ics`]: json(200, ics) });
    const created = jest.fn((_blob: Blob) => 'blob:calendar');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    const { user } = renderBids(<BidSection posting={posting} />);
    await user.click(await screen.findByRole('button', { name: 'Add to calendar' }));
    await waitFor(() => expect(api.callsTo(`GET /job-bids/${connected.id}/calendar.ics`)).toHaveLength(1));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    const [blob] = created.mock.calls[0];
    expect(blob.type).toBe('text/calendar');
  });

  test('the rate is required and a whole number', async () => {
    const api = server();
    const { user } = renderBids(<BidSection posting={posting} />);
    const rate = await screen.findByRole('textbox', { name: /your hourly rate/i });

    await user.clear(rate);
    await user.click(screen.getByRole('button', { name: 'Submit bid' }));
    expect(await screen.findByText('Rate is required')).toBeInTheDocument();
    expect(rate).toHaveAttribute('aria-invalid', 'true');

    await user.type(rate, '190.5');
    expect(await screen.findByText('Rate must be a whole number of dollars')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit bid' }));
    expect(api.callsTo('POST /job-bids')).toHaveLength(0);
  });

  test("the server's refusal is shown as a toast", async () => {
    server({}, { 'POST /job-bids': json(409, { detail: 'You have already applied for this job.' }) });
    const { user } = renderBids(<BidSection posting={posting} />);
    await user.click(await screen.findByRole('button', { name: 'Submit bid' }));
    expect(await screen.findByText('You have already applied for this job.')).toBeInTheDocument();
  });

  test('an applicant not yet verified sees why they cannot bid, and no form', async () => {
    server({ user: { ...applicant, applicant: { id: 'a-pending', verification_status: 'pending', is_active: true } } });
    renderBids(<BidSection posting={posting} />);
    expect(
      await screen.findByText("Your account is currently being verified. Once it's verified, you'll be able to apply for this role."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit bid' })).not.toBeInTheDocument();
  });

  test('an expired posting takes no bids', async () => {
    server();
    renderBids(<BidSection posting={{ ...posting, status: 'expired' }} />);
    expect(await screen.findByText('This posting has expired and no longer takes applications.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  test('a filled posting takes no bids', async () => {
    server();
    renderBids(<BidSection posting={{ ...posting, status: 'filled' }} />);
    expect(await screen.findByText('This position has been filled and no longer takes applications.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  test('with a facility counter: state, rates, and accept / reject counter / withdraw (no counter-back)', async () => {
    const bid = applicantBid({ current_state: 'facility_countered', counter_rate: 170, needs_attention: true });
    const api = server(
      { bids: [bid, applicantBid({ job_posting_id: 'another-posting' })] },
      {
        [`PUT /job-bids/${bid.id}/accept-counter`]: json(200, {
          ...bid,
          current_state: 'applicant_counter_accepted',
          agreed_rate: 170,
          updated_at: '2026-02-02T10:00:00.000Z',
        }),
      },
    );
    const { user } = renderBids(<BidSection posting={posting} />);

    await screen.findByText('Facility countered');
    const mine = section();
    expect(within(mine).getByText('Facility countered')).toBeInTheDocument();
    expect(within(mine).getByText('Your response needed')).toBeInTheDocument();
    expect(within(mine).getByText('$170/hr')).toBeInTheDocument();
    expect(within(mine).getByText('8% less than the posted rate')).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Reject counter' })).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Withdraw bid' })).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: /^counter/i })).not.toBeInTheDocument();

    await user.click(within(mine).getByRole('button', { name: 'Accept counter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the counter offer?' });
    expect(dialog).toHaveTextContent('at $170/hr');
    expect(api.callsTo(`PUT /job-bids/${bid.id}/accept-counter`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Accept $170/hr' }));
    expect(await screen.findByText('Counter offer accepted. You are now connected by email.')).toBeInTheDocument();
    expect(api.callsTo(`PUT /job-bids/${bid.id}/accept-counter`)).toHaveLength(1);
    expect(within(section()).getByText('Connection made')).toBeInTheDocument();
    expect(within(section()).getByText('Agreed rate')).toBeInTheDocument();
    expect(within(section()).queryByRole('button', { name: /accept|reject|withdraw/i })).not.toBeInTheDocument();
  });

  test('withdrawing asks first; a refusal toasts the detail', async () => {
    const bid = applicantBid();
    server({ bids: [bid] }, { [`PUT /job-bids/${bid.id}/withdraw`]: json(409, { detail: 'This bid was already accepted.' }) });
    const { user } = renderBids(<BidSection posting={posting} />);

    await user.click(await screen.findByRole('button', { name: 'Withdraw bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your bid?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw bid' }));
    expect(await screen.findByText('This bid was already accepted.')).toBeInTheDocument();
  });

  test("a facility's counter arrives live, with a toast", async () => {
    const bid = applicantBid();
    server({ bids: [bid] });
    renderBids(<BidSection posting={posting} />);
    await screen.findByText('Bid submitted');

    act(() =>
      fakeSockets[0].simulateEvent('bid.updated', {
        ...bid,
        current_state: 'facility_countered',
        counter_rate: 200,
        current_rate: 200,
        updated_at: '2026-02-02T10:00:00.000Z',
      }),
    );

    expect(await screen.findByText('Your response needed')).toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: 'Accept counter' })).toBeInTheDocument();
    expect(await screen.findByText('Counter offer received: your response needed')).toBeInTheDocument();
  });

  test('the History toggle unfolds the negotiation: a rate chart with a text alternative, and sentences', async () => {
    const bid = applicantBid({ current_state: 'applicant_counter_accepted', counter_rate: 200, agreed_rate: 200, filter: 'connected' });
    const api = server(
      { bids: [bid] },
      {
        [`GET /job-bids/${bid.id}/history`]: json(200, [
          historyEntry({ bid_id: bid.id, actor: { user_id: applicant.id, name: 'Casey Rivera' } }),
          historyEntry({
            bid_id: bid.id,
            type: 'FacilityCountered',
            side: 'facility',
            actor: { user_id: 'u-facility', name: "Dana O'Neil" },
            rate: 200,
            at: '2026-02-02T15:30:00.000Z',
          }),
          historyEntry({
            bid_id: bid.id,
            type: 'CounterAccepted',
            actor: { user_id: applicant.id, name: 'Casey Rivera' },
            rate: 200,
            at: '2026-02-03T09:00:00.000Z',
          }),
        ]),
      },
    );
    const { user } = renderBids(<BidSection posting={posting} />);

    const toggle = await screen.findByRole('button', { name: 'History' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(api.callsTo(`GET /job-bids/${bid.id}/history`)).toHaveLength(0);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const list = await screen.findByRole('list', { name: 'Negotiation history' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items[0]).toMatch(/^You placed a bid of \$220\/hr\./);
    expect(items[1]).toMatch(/^Dana O'Neil countered the bid with \$200\/hr\./);
    expect(items[2]).toMatch(/^You accepted the counter offer of \$200\/hr\. Connection made\./);
    expect(within(list).getAllByText(/2026/)[0].tagName).toBe('TIME');

    const chart = screen.getByRole('img', { name: /Rate over time/ });
    expect(chart).toHaveAccessibleName('Rate over time Bid $220/hr, Facility counter $200/hr, Agreed $200/hr. Posted rate $185/hr.');
  });

  test('renders nothing for someone who is not an applicant', async () => {
    const api = server({ user: facilityMember });
    renderBids(<BidSection posting={posting} />);
    await waitFor(() => expect(api.callsTo('GET /users/me')).toHaveLength(1));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(api.callsTo('GET /job-bids/my-bids')).toHaveLength(0);
  });
});
