import { act, screen, waitFor, within } from '@testing-library/react';

import { PostingApplicants } from '@/features/bids/components/posting-applicants';
import type { UserView } from '@domain/accounts/user-view';
import type { FacilityBidView } from '@domain/bids';

import { json, mockApi, type MockHandler } from '../support/api-mock';
import { fakeSockets } from '../support/fake-socket';
import { facilityMember, permissions, signInAs, systemAdmin } from '../support/fixtures';
import { POSTING_ID, facilityBid, historyEntry, renderBids } from './support';

const submitted = facilityBid({ applicant_name: 'Sam Rivera', created_at: '2026-02-01T10:00:00.000Z' });
const atPostedRate = facilityBid({ applicant_name: 'Jo Park', proposed_rate: 185, created_at: '2026-01-30T10:00:00.000Z' });
const countered = facilityBid({ applicant_name: 'Lee Adams', current_state: 'facility_countered', counter_rate: 200 });
const applicantCountered = facilityBid({ applicant_name: 'Ari Chen', current_state: 'applicant_countered', counter_rate: 195 });
const rejected = facilityBid({ applicant_name: 'Rae Quinn', current_state: 'facility_rejected', applicant_malpractice_provided: false });
const connected = facilityBid({ applicant_name: 'Max Ortiz', current_state: 'facility_accepted', agreed_rate: 220 });
const withdrawn = facilityBid({ applicant_name: 'Kim Wu', current_state: 'applicant_withdrawn' });

const ALL = [withdrawn, rejected, connected, countered, applicantCountered, atPostedRate, submitted];

function server(bids: FacilityBidView[] = ALL, extra: Record<string, MockHandler> = {}, user: UserView = facilityMember) {
  signInAs(user);
  return mockApi({
    'GET /users/me': json(200, user),
    'GET /users/me/facility-permissions': json(200, permissions({ role: 'admin' })),
    [`GET /job-bids/job/${POSTING_ID}/bids`]: json(200, bids),
    ...extra,
  });
}

const names = () =>
  within(screen.getByRole('list', { name: 'Bids on this posting' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
const row = (name: string) => screen.getByRole('article', { name });
const buttons = (name: string) =>
  within(row(name))
    .getAllByRole('button')
    .map((button) => button.textContent)
    .filter((text) => text !== 'History');

describe("the posting's applicants", () => {
  test('in the facility order: submitted, applicant countered, facility countered, accepted, rejected, withdrawn', async () => {
    const api = server();
    renderBids(<PostingApplicants postingId={POSTING_ID} />);
    await screen.findByRole('list', { name: 'Bids on this posting' });
    expect(names()).toEqual(['Sam Rivera', 'Jo Park', 'Ari Chen', 'Lee Adams', 'Max Ortiz', 'Rae Quinn', 'Kim Wu']);
    expect(screen.getByText('3 awaiting your response')).toBeInTheDocument();
    expect(api.callsTo(`GET /job-bids/job/${POSTING_ID}/bids`)).toHaveLength(1);
  });

  test('each row: name, experience, license state, malpractice, proposed rate, counter and state', async () => {
    server();
    renderBids(<PostingApplicants postingId={POSTING_ID} />);
    const lee = await screen.findByRole('article', { name: 'Lee Adams' });
    expect(within(lee).getByText('10 years')).toBeInTheDocument();
    expect(within(lee).getByText('CA')).toBeInTheDocument();
    expect(within(lee).getByText('Provided')).toBeInTheDocument();
    expect(within(lee).getByText('$220/hr')).toBeInTheDocument();
    expect(within(lee).getByText('19% more than the posted rate')).toBeInTheDocument();
    expect(within(lee).getByText('$200/hr')).toBeInTheDocument();
    expect(within(lee).getByText('You countered')).toBeInTheDocument();
    expect(within(row('Rae Quinn')).getByText('Not provided')).toBeInTheDocument();
  });

  test('actions follow bidMoves(state, facility); counter hidden when the bid is the posted rate', async () => {
    server();
    renderBids(<PostingApplicants postingId={POSTING_ID} />);
    await screen.findByRole('list', { name: 'Bids on this posting' });
    expect(buttons('Sam Rivera')).toEqual(['Accept $220/hr', 'Counter', 'Reject']);
    expect(buttons('Jo Park')).toEqual(['Accept $185/hr', 'Reject']);
    expect(buttons('Ari Chen')).toEqual(['Accept $195/hr', 'Counter', 'Reject']);
    expect(buttons('Lee Adams')).toEqual([]);
    // Connected: nothing left to decide, but the assignment can go into a calendar.
    expect(buttons('Max Ortiz')).toEqual(['Add to calendar']);
    expect(buttons('Rae Quinn')).toEqual(['Undo rejection']);
    expect(buttons('Kim Wu')).toEqual([]);
  });

  test('accept: the answer replaces the row, a toast', async () => {
    const api = server(ALL, {
      [`PUT /job-bids/${submitted.id}/accept`]: json(200, {
        ...submitted,
        current_state: 'facility_accepted',
        agreed_rate: 220,
        updated_at: '2026-02-05T10:00:00.000Z',
      }),
    });
    const { user } = renderBids(<PostingApplicants postingId={POSTING_ID} />);
    await user.click(within(await screen.findByRole('article', { name: 'Sam Rivera' })).getByRole('button', { name: 'Accept $220/hr' }));
    // Both parties get an email, so it asks first, with the rate and what happens next.
    const dialog = await screen.findByRole('dialog', { name: "Accept Sam Rivera's bid?" });
    expect(dialog).toHaveTextContent('You agree to $220/hr. Sam Rivera and you are connected');
    expect(api.callsTo(`PUT /job-bids/${submitted.id}/accept`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Accept $220/hr' }));
    expect(await screen.findByText('Bid accepted. You are now connected by email.')).toBeInTheDocument();
    expect(api.callsTo(`PUT /job-bids/${submitted.id}/accept`)).toHaveLength(1);
    await waitFor(() => expect(within(row('Sam Rivera')).getByText('Connection made')).toBeInTheDocument());
    expect(buttons('Sam Rivera')).toEqual(['Add to calendar']);
  });

  test('reject asks first, says the applicant is told and that it can be undone here; then undo', async () => {
    const rejectedSam = { ...submitted, current_state: 'facility_rejected' as const, updated_at: '2026-02-05T10:00:00.000Z' };
    const api = server(ALL, {
      [`PUT /job-bids/${submitted.id}/reject`]: json(200, rejectedSam),
      [`PUT /job-bids/${submitted.id}/undo`]: json(200, { ...submitted, updated_at: '2026-02-06T10:00:00.000Z' }),
    });
    const { user } = renderBids(<PostingApplicants postingId={POSTING_ID} />);
    await user.click(within(await screen.findByRole('article', { name: 'Sam Rivera' })).getByRole('button', { name: 'Reject' }));

    const dialog = await screen.findByRole('dialog', { name: "Reject Sam Rivera's bid?" });
    expect(dialog).toHaveTextContent('Sam Rivera will be told by email that their bid of $220/hr was not accepted.');
    expect(dialog).toHaveTextContent('you can undo the rejection from this list');
    expect(dialog).not.toHaveTextContent(/cannot be undone/i);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(`PUT /job-bids/${submitted.id}/reject`)).toHaveLength(0);

    await user.click(within(row('Sam Rivera')).getByRole('button', { name: 'Reject' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject bid' }));
    expect(await screen.findByText('Bid rejected. You can undo this from the list.')).toBeInTheDocument();
    await waitFor(() => expect(buttons('Sam Rivera')).toEqual(['Undo rejection']));

    await user.click(within(row('Sam Rivera')).getByRole('button', { name: 'Undo rejection' }));
    expect(await screen.findByText('Rejection undone. The bid is open again.')).toBeInTheDocument();
    await waitFor(() => expect(buttons('Sam Rivera')).toEqual(['Accept $220/hr', 'Counter', 'Reject']));
  });

  test('the counter dialog: required, at least 1, and the percent more or less than the posted rate, rounded', async () => {
    const api = server(ALL, {
      [`PUT /job-bids/${submitted.id}/counter`]: (call) =>
        json(200, {
          ...submitted,
          current_state: 'facility_countered',
          counter_rate: Number(call.query.get('counter_rate')),
          updated_at: '2026-02-05T10:00:00.000Z',
        }),
    });
    const { user } = renderBids(<PostingApplicants postingId={POSTING_ID} />);
    await user.click(within(await screen.findByRole('article', { name: 'Sam Rivera' })).getByRole('button', { name: 'Counter' }));

    const dialog = await screen.findByRole('dialog', { name: "Counter Sam Rivera's bid" });
    const rate = within(dialog).getByRole('textbox', { name: /counter rate/i });
    expect(rate).toHaveValue('185');
    expect(dialog).toHaveTextContent('Same as the posted rate ($185/hr).');

    await user.clear(rate);
    await user.type(rate, '200');
    expect(dialog).toHaveTextContent('8% more than the posted rate ($185/hr).'); // 8.1% rounds to 8
    await user.clear(rate);
    await user.type(rate, '175');
    expect(dialog).toHaveTextContent('5% less than the posted rate ($185/hr).'); // 5.4% rounds to 5
    await user.clear(rate);
    await user.type(rate, '194');
    expect(dialog).toHaveTextContent('5% more than the posted rate ($185/hr).'); // 4.9% rounds to 5

    await user.clear(rate);
    await user.click(within(dialog).getByRole('button', { name: 'Send counter' }));
    expect(await within(dialog).findByText('Counter rate is required')).toBeInTheDocument();
    await user.type(rate, '0');
    expect(await within(dialog).findByText('Counter rate must be at least 1')).toBeInTheDocument();
    expect(api.callsTo(`PUT /job-bids/${submitted.id}/counter`)).toHaveLength(0);

    await user.clear(rate);
    await user.type(rate, '200');
    await user.click(within(dialog).getByRole('button', { name: 'Send counter' }));

    expect(await screen.findByText('Counter offer of $200/hr sent.')).toBeInTheDocument();
    expect(api.callsTo(`PUT /job-bids/${submitted.id}/counter`)[0].query.get('counter_rate')).toBe('200');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(row('Sam Rivera')).getByText('You countered')).toBeInTheDocument();
  });

  test('flags a bidder licensed in another state than the posting requires', async () => {
    server([facilityBid({ applicant_name: 'Nia Ortiz', applicant_license_state: 'NV' }), facilityBid({ applicant_name: 'Cal Reyes' })]);
    renderBids(<PostingApplicants postingId={POSTING_ID} requiredLicenseState="CA" />);
    const nia = await screen.findByRole('article', { name: 'Nia Ortiz' });
    expect(within(nia).getByText('Not licensed in CA, the state this job requires')).toBeInTheDocument();
    expect(within(nia).getByText('Job requires CA')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Cal Reyes' })).queryByText(/Not licensed in/)).not.toBeInTheDocument();
  });

  test("a refused action toasts the server's detail", async () => {
    server(ALL, { [`PUT /job-bids/${submitted.id}/accept`]: json(403, { detail: "You don't have permission to manage bids." }) });
    const { user } = renderBids(<PostingApplicants postingId={POSTING_ID} />);
    await user.click(within(await screen.findByRole('article', { name: 'Sam Rivera' })).getByRole('button', { name: /accept/i }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /accept/i }));
    expect(await screen.findByText("You don't have permission to manage bids.")).toBeInTheDocument();
  });

  test('a new bid appears live, highlighted, with a toast; no reload', async () => {
    const api = server([countered]);
    renderBids(<PostingApplicants postingId={POSTING_ID} />);
    await screen.findByRole('article', { name: 'Lee Adams' });

    const fresh = facilityBid({ applicant_name: 'Ari Chen', proposed_rate: 210, created_at: '2026-02-07T10:00:00.000Z' });
    act(() => fakeSockets[0].simulateEvent('bid.updated', fresh));

    expect(await screen.findByRole('article', { name: /Ari Chen/ })).toHaveClass('highlight');
    expect(names()).toEqual(['Ari Chen', 'Lee Adams']);
    expect(within(row('Ari Chen')).getByText('New')).toBeInTheDocument();
    expect(await screen.findByText('New bid from Ari Chen')).toBeInTheDocument();
    expect(api.callsTo(`GET /job-bids/job/${POSTING_ID}/bids`)).toHaveLength(1);

    // Another posting's bid changes nothing here.
    act(() => fakeSockets[0].simulateEvent('bid.updated', { ...fresh, id: 'other', job_posting_id: 'another-posting' }));
    expect(names()).toHaveLength(2);
  });

  test("the applicant's answer to a counter arrives live with a toast", async () => {
    server([countered]);
    renderBids(<PostingApplicants postingId={POSTING_ID} />);
    await screen.findByRole('article', { name: 'Lee Adams' });
    act(() =>
      fakeSockets[0].simulateEvent('bid.updated', {
        ...countered,
        current_state: 'applicant_counter_accepted',
        agreed_rate: 200,
        updated_at: '2026-02-07T10:00:00.000Z',
      }),
    );
    expect(
      await screen.findByText('Lee Adams accepted your counter offer of $200/hr. Check your email for their contact details.'),
    ).toBeInTheDocument();
    expect(within(row('Lee Adams')).getByText('Connection made')).toBeInTheDocument();
  });

  test('platform admins see the list without actions, told of the facility rather than to it', async () => {
    server(ALL, {}, systemAdmin);
    renderBids(<PostingApplicants postingId={POSTING_ID} />);
    await screen.findByRole('list', { name: 'Bids on this posting' });
    expect(buttons('Sam Rivera')).toEqual([]);
    expect(buttons('Rae Quinn')).toEqual([]);
    expect(screen.getByText('3 awaiting the facility')).toBeInTheDocument();
    expect(within(row('Sam Rivera')).getByText('Bid submitted')).toBeInTheDocument();
    expect(within(row('Sam Rivera')).getByText(/The facility has yet to accept, counter or reject this bid\./)).toBeInTheDocument();
    expect(within(row('Lee Adams')).getByText('Facility countered')).toBeInTheDocument();
    expect(within(row('Lee Adams')).getByText("Facility's counter")).toBeInTheDocument();
    expect(within(row('Ari Chen')).getByText(/The applicant answered the facility's counter offer\./)).toBeInTheDocument();
    expect(within(row('Rae Quinn')).getByText(/The facility rejected this bid\./)).toBeInTheDocument();
    expect(within(row('Max Ortiz')).getByText('Facility accepted')).toBeInTheDocument();
    expect(screen.queryByText(/your response|You countered|Your counter/)).not.toBeInTheDocument();
  });

  test('platform admins see the rows move live, without the toasts meant for the facility', async () => {
    const api = server([countered], {}, systemAdmin);
    renderBids(<PostingApplicants postingId={POSTING_ID} />);
    await screen.findByRole('article', { name: 'Lee Adams' });

    act(() =>
      fakeSockets[0].simulateEvent('bid.updated', {
        ...countered,
        current_state: 'applicant_countered',
        counter_rate: 205,
        updated_at: '2026-02-07T10:00:00.000Z',
      }),
    );
    await waitFor(() => expect(row('Lee Adams')).toHaveClass('highlight'));
    expect(within(row('Lee Adams')).getByText('$205/hr')).toBeInTheDocument();
    expect(screen.getByText('1 awaiting the facility')).toBeInTheDocument();
    // A member's toast shows within a few hundred ms (the test above): none comes in twice that.
    await expect(screen.findByText('Counter offer received', {}, { timeout: 1000 })).rejects.toThrow();
    expect(buttons('Lee Adams')).toEqual([]);
    expect(api.callsTo(`GET /job-bids/job/${POSTING_ID}/bids`)).toHaveLength(1);
  });

  test('empty and error states', async () => {
    server([]);
    const first = renderBids(<PostingApplicants postingId={POSTING_ID} />);
    expect(await screen.findByText('No applications yet.')).toBeInTheDocument();
    first.unmount();

    server([], { [`GET /job-bids/job/${POSTING_ID}/bids`]: json(403, { detail: "This bid is on another facility's job posting." }) });
    renderBids(<PostingApplicants postingId={POSTING_ID} />);
    expect(await screen.findByText('Failed to load the applicants')).toBeInTheDocument();
    expect(screen.getByText("This bid is on another facility's job posting.")).toBeInTheDocument();
  });

  test("'Activity on this posting' tells the posting's and its bids' events in order", async () => {
    server([submitted], {
      [`GET /job-postings/${POSTING_ID}/history`]: json(200, [
        {
          ...historyEntry({
            kind: 'posting',
            bid_id: null,
            type: 'PostingCreated',
            side: 'facility',
            actor: { user_id: facilityMember.id, name: 'Morgan Lee' },
            rate: 185,
            state: 'draft',
          }),
          applicant_name: null,
        },
        {
          ...historyEntry({
            kind: 'posting',
            bid_id: null,
            type: 'PostingPublished',
            side: 'facility',
            actor: { user_id: 'u-2', name: "Dana O'Neil" },
            rate: null,
            state: 'active',
          }),
          applicant_name: null,
        },
        { ...historyEntry({ bid_id: submitted.id }), applicant_name: 'Sam Rivera' },
        {
          ...historyEntry({
            bid_id: submitted.id,
            type: 'FacilityCountered',
            side: 'facility',
            actor: { user_id: facilityMember.id, name: 'Morgan Lee' },
            rate: 200,
          }),
          applicant_name: 'Sam Rivera',
        },
      ]),
    });
    const { user } = renderBids(<PostingApplicants postingId={POSTING_ID} />);
    await user.click(await screen.findByRole('button', { name: 'Activity on this posting' }));
    const list = await screen.findByRole('list', { name: 'Activity on this posting' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace(/\.[^.]*$/, '.')),
    ).toEqual([
      'You created the posting at $185/hr.',
      "Dana O'Neil published the posting.",
      'Sam Rivera placed a bid of $220/hr.',
      "You countered Sam Rivera's bid with $200/hr.",
    ]);
  });
});
