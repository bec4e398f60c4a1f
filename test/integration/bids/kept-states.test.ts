import { randomUUID } from 'node:crypto';
import { BID_MESSAGES } from '../../../server/src/domain/bids';
import { CommandBus } from '../../../server/src/platform/command-bus';
import { startTestApp, type TestApp } from '../../support/app';
import { act, bearer, deactivateApplicant, facilityWithPosting, placedBid, quickApplicant, type Applicant, type Facility } from './helpers';

/**
 * A bid command decides on the states this instance kept from its last command on the same
 * streams (the bid, the posting, the facility, the caller's standing) instead of reading them
 * again, and its append commits only if none of them moved on meanwhile. What a user would
 * notice if that went wrong: a counter accepted on a posting withdrawn on another instance, a
 * suspended applicant still bidding, or a refusal that no longer holds.
 */
describe('bid commands on kept states', () => {
  let t: TestApp;
  let other: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    // A second instance over the same database, as a scaled-out deployment runs.
    other = await startTestApp({ shareWith: t, env: { RUN_MODE: 'api' } });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  /** A bid both sides have countered on `t` (so `t` keeps its streams), the applicant's turn next. */
  async function negotiating(): Promise<{ facility: Facility; applicant: Applicant; postingId: string; bidId: string }> {
    const { facility, postingId } = await facilityWithPosting(t, {}, { quick: true });
    const applicant = await quickApplicant(t);
    const bidId = await placedBid(t, applicant.token, postingId, 180);
    expect((await act(t, facility.token, bidId, 'counter', 190)).status).toBe(200);
    expect((await act(t, applicant.token, bidId, 'counter-by-applicant', 185)).status).toBe(200);
    expect((await act(t, facility.token, bidId, 'counter', 189)).status).toBe(200);
    return { facility, applicant, postingId, bidId };
  }

  /**
   * Appends an event the way another instance would, but without the notification that tells
   * this instance to forget its kept state: only the check at the append can catch it then.
   */
  async function appendUnheard(stream: string, type: string, data: Record<string, unknown>): Promise<void> {
    await t.db.query(
      `INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata)
       SELECT $1, coalesce(max(stream_version), -1) + 1, $2, $3, $4, '{}' FROM events WHERE stream_id = $1`,
      [stream, randomUUID(), type, JSON.stringify(data)],
    );
  }

  async function bidEventTypes(bidId: string): Promise<string[]> {
    const rows = await t.db.query('SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_version', [`bid-${bidId}`]);
    return rows.map((row: { type: string }) => row.type);
  }

  /**
   * The streams the commands of the next call read from the store up front, and how many such
   * commands ran: reads for anything else (a bid email composed meanwhile) are left out.
   */
  async function commandReads<T>(run: () => Promise<T>): Promise<{ result: T; commands: number; reads: string[] }> {
    const spy = jest.spyOn(t.app.get(CommandBus), 'prefetch');
    try {
      const result = await run();
      const reads: string[] = [];
      let commands = 0;
      for (const [index, call] of spy.mock.calls.entries()) {
        if (!call[3]?.kept) continue;
        commands += 1;
        reads.push(...(await spy.mock.results[index].value).events.keys());
      }
      return { result, commands, reads };
    } finally {
      spy.mockRestore();
    }
  }

  it('decides the next counter without reading the streams again, and answers and lists it as before', async () => {
    const { facility, applicant, postingId, bidId } = await negotiating();

    const { result: countered, commands, reads } = await commandReads(() => act(t, applicant.token, bidId, 'counter-by-applicant', 188));

    expect({ commands, reads }).toEqual({ commands: 1, reads: [] });
    expect(countered.status).toBe(200);
    expect(countered.body).toMatchObject({ id: bidId, counter_rate: 188, current_rate: 188, current_state: 'applicant_countered' });
    const theirs = await t.http().get(`/api/job-bids/job/${postingId}/bids`).set(bearer(facility.token));
    expect(theirs.body.find((bid: { id: string }) => bid.id === bidId)).toMatchObject({
      counter_rate: 188,
      current_state: 'applicant_countered',
    });
  });

  it('refuses a counter on a posting withdrawn on another instance', async () => {
    const { facility, applicant, postingId, bidId } = await negotiating();

    const withdrawn = await other.http().delete(`/api/job-postings/${postingId}`).set(bearer(facility.token));
    expect(withdrawn.status).toBe(200);
    const refused = await act(t, applicant.token, bidId, 'counter-by-applicant', 183);

    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: BID_MESSAGES.postingWithdrawn });
  });

  it('refuses an applicant deactivated after the state was kept, even when this instance never heard of it', async () => {
    const { applicant, bidId } = await negotiating();
    const before = await bidEventTypes(bidId);

    await appendUnheard(`applicant-${applicant.applicantId}`, 'ApplicantDeactivated', {
      notes: 'Licence lapsed',
      at: new Date().toISOString(),
    });
    const refused = await act(t, applicant.token, bidId, 'counter-by-applicant', 184);

    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: BID_MESSAGES.deactivated });
    expect(await bidEventTypes(bidId)).toEqual(before);
  });

  it('accepts a counter once the refusal it was kept with no longer holds', async () => {
    const { applicant, bidId } = await negotiating();
    await deactivateApplicant(t, applicant.applicantId);
    // Refused on a fresh read, which this instance keeps.
    expect((await act(t, applicant.token, bidId, 'counter-by-applicant', 184)).body).toEqual({ detail: BID_MESSAGES.deactivated });

    await appendUnheard(`applicant-${applicant.applicantId}`, 'ApplicantActivated', {
      notes: 'Licence renewed',
      at: new Date().toISOString(),
    });
    const accepted = await act(t, applicant.token, bidId, 'counter-by-applicant', 184);

    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: bidId, counter_rate: 184, current_state: 'applicant_countered' });
  });

  it('decides again on the bid a counter on another instance moved on', async () => {
    const { facility, applicant, bidId } = await negotiating();

    expect((await act(other, applicant.token, bidId, 'counter-by-applicant', 187)).status).toBe(200);
    const countered = await act(t, facility.token, bidId, 'counter', 186);

    expect(countered.status).toBe(200);
    expect(countered.body).toMatchObject({ counter_rate: 186, current_state: 'facility_countered' });
    const events = await t.db.query('SELECT type, data FROM events WHERE stream_id = $1 ORDER BY stream_version', [`bid-${bidId}`]);
    expect(events.slice(-2).map((row: { data: { counter_rate: number } }) => row.data.counter_rate)).toEqual([187, 186]);
  });
});
