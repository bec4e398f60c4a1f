import { bidDecider, bidStream, BID_STATE_SHAPE, type BidState, type BidMove } from '../../../server/src/domain/bids';
import { postingStream } from '../../../server/src/domain/postings';
import { EVENT_STORE, type EventStore } from '../../../server/src/eventstore/event-store.port';
import { CommandBus } from '../../../server/src/platform/command-bus';
import { BidContext } from '../../../server/src/bids/bid-context';
import { startTestApp, TestApp } from '../../support/app';
import { readModelRows, readModelsAtHead } from '../platform/rebuild-support';
import { act, Applicant, Facility, facilityWithPosting, placedBid, quickApplicant } from './helpers';

jest.setTimeout(120_000);

/**
 * Bid commands fold a bid from its snapshot (the postings read model's posting_bid_states row:
 * the state at a stream version, in the current state shape) and the events after it, instead of
 * the whole stream. The state, the expected version and so the decision must be exactly those of
 * the whole stream's fold; a missing, older-shaped or unreadable snapshot means the whole stream.
 */
describe('bid snapshots', () => {
  let t: TestApp;
  let facility: Facility;
  let applicant: Applicant;
  let postingId: string;
  let bidId: string;
  let bus: CommandBus;
  let context: BidContext;

  beforeAll(async () => {
    t = await startTestApp();
    ({ facility, postingId } = await facilityWithPosting(t, {}, { quick: true }));
    applicant = await quickApplicant(t);
    bidId = await placedBid(t, applicant.token, postingId, 190);
    bus = t.app.get(CommandBus);
    context = t.app.get(BidContext);
    for (let i = 0; i < 3; i++) {
      expect((await act(t, facility.token, bidId, 'counter', 200 + i)).status).toBe(200);
      expect((await act(t, applicant.token, bidId, 'counter-by-applicant', 195 + i)).status).toBe(200);
    }
  });
  afterAll(async () => t?.close());

  const row = async () =>
    (await t.db.query('SELECT version, state_shape, state FROM posting_bid_states WHERE bid_id = $1', [bidId]))[0] as {
      version: number;
      state_shape: number | null;
      state: BidState;
    };
  /** The bid as a command reads it (snapshot and what follows) and as the whole stream folds it. */
  const readBoth = async () => {
    const prefetched = await context.prefetch([], { bidId });
    return {
      prefetched,
      fromSnapshot: await bus.read(bidStream(bidId), bidDecider, prefetched),
      whole: await bus.read(bidStream(bidId), bidDecider),
    };
  };
  const counter = (state: BidState, rate: number): BidMove => ({
    type: 'CounterBid',
    data: {
      actor: { side: 'facility', facility_id: facility.facilityId, user_id: facility.userId, can_manage_bids: true, facility_active: true },
      posting: { status: 'active', auto_expire_date: null, facility_id: facility.facilityId, hourly_rate: 185, facility_active: true },
      now: new Date('2030-01-01T00:00:00Z'),
      counter_rate: rate,
    },
  });

  it('each command leaves the bid state at its version in the current shape', async () => {
    const stored = await row();
    expect(stored).toMatchObject({ version: 6, state_shape: BID_STATE_SHAPE });
    const { prefetched, fromSnapshot, whole } = await readBoth();
    // Read after the snapshot: none of the bid's seven events travelled.
    expect(prefetched.snapshots.get(bidStream(bidId))?.version).toBe(6);
    expect(prefetched.events.get(bidStream(bidId))).toEqual([]);
    // The streams read with it without a snapshot come whole.
    expect(prefetched.events.get(postingStream(postingId))?.map((event) => event.version)).toEqual(
      (await t.app.get<EventStore>(EVENT_STORE).readStream(postingStream(postingId))).map((event) => event.version),
    );
    expect(fromSnapshot).toEqual(whole);
    expect(whole.expected).toBe(6);
  });

  it('folds the events after the snapshot, and decides as the whole stream does', async () => {
    // Events appended without the inline write (as another build or a reactor might): the row stays behind.
    const store = t.app.get<EventStore>(EVENT_STORE);
    await t.projections.stop();
    try {
      const behind = await bus.read(bidStream(bidId), bidDecider);
      const events = bidDecider.decide(counter(behind.state, 240), behind.state);
      await store.append(
        bidStream(bidId),
        events.map((event) => ({
          ...event,
          metadata: { actor: { user_id: facility.userId, side: 'facility' as const, name: 'Test Facility' } },
        })),
        behind.expected,
      );
      const { prefetched, fromSnapshot, whole } = await readBoth();
      expect(prefetched.snapshots.get(bidStream(bidId))?.version).toBe(6);
      expect(prefetched.events.get(bidStream(bidId))?.map((event) => event.version)).toEqual([7]);
      expect(fromSnapshot).toEqual(whole);
      expect(fromSnapshot.expected).toBe(7);
      // The same command on either state: the same events, or the same refusal.
      expect(() => bidDecider.decide(counter(fromSnapshot.state, 250), fromSnapshot.state)).toThrow(
        'This bid is waiting for the applicant.',
      );
      expect(() => bidDecider.decide(counter(whole.state, 250), whole.state)).toThrow('This bid is waiting for the applicant.');
    } finally {
      t.projections.start();
    }
    // The next command, decided from the snapshot and the event after it, appends at version 8.
    expect((await act(t, applicant.token, bidId, 'counter-by-applicant', 230)).body).toMatchObject({ counter_rate: 230 });
    expect(await row()).toMatchObject({ version: 8, state_shape: BID_STATE_SHAPE, state: { counter_rate: 230 } });
  });

  it('takes the snapshot when it is there (a tampered row shows it is read)', async () => {
    const before = await row();
    await t.db.query(`UPDATE posting_bid_states SET state = jsonb_set(state, '{counter_rate}', '999') WHERE bid_id = $1`, [bidId]);
    expect((await readBoth()).fromSnapshot.state).toMatchObject({ counter_rate: 999 });
    await t.db.query('UPDATE posting_bid_states SET state = $2 WHERE bid_id = $1', [bidId, JSON.stringify(before.state)]);
  });

  it('reads the whole stream when the snapshot is of another shape, unreadable or missing', async () => {
    const before = await row();
    const cases = [
      // Written by a build whose Bid had another shape: never taken, whatever it holds.
      `UPDATE posting_bid_states SET state_shape = ${BID_STATE_SHAPE - 1}, state = jsonb_set(state, '{counter_rate}', '999') WHERE bid_id = $1`,
      // From before shapes were kept.
      `UPDATE posting_bid_states SET state_shape = NULL, state = jsonb_set(state, '{counter_rate}', '999') WHERE bid_id = $1`,
      // Tagged with the current shape but not a Bid of it: the decider refuses it.
      `UPDATE posting_bid_states SET state = state - 'agreed_rate' WHERE bid_id = $1`,
      // From before versions were kept.
      'UPDATE posting_bid_states SET version = NULL WHERE bid_id = $1',
      'DELETE FROM posting_bid_states WHERE bid_id = $1',
    ];
    for (const change of cases) {
      await t.db.query(change, [bidId]);
      const { fromSnapshot, whole } = await readBoth();
      expect(fromSnapshot).toEqual(whole);
      expect(whole).toMatchObject({ expected: before.version, state: before.state });
      await t.db.query(
        `INSERT INTO posting_bid_states (bid_id, job_posting_id, awaiting_response, open, state, version, state_shape)
         VALUES ($1, $2, true, true, $3, $4, $5)
         ON CONFLICT (bid_id) DO UPDATE SET state = EXCLUDED.state, version = EXCLUDED.version, state_shape = EXCLUDED.state_shape`,
        [bidId, postingId, JSON.stringify(before.state), before.version, before.state_shape],
      );
    }
    // And a command on a bid without a usable snapshot still decides on the exact state.
    await t.db.query('UPDATE posting_bid_states SET state_shape = NULL WHERE bid_id = $1', [bidId]);
    expect((await act(t, facility.token, bidId, 'counter', 231)).body).toMatchObject({
      current_state: 'facility_countered',
      counter_rate: 231,
    });
    expect(await row()).toMatchObject({ version: 9, state_shape: BID_STATE_SHAPE, state: { counter_rate: 231 } });
  });

  it('the rows are what a rebuild makes of the log, shapes included', async () => {
    await readModelsAtHead(t.db);
    const live = await readModelRows(t.db);
    await t.projections.rebuild();
    expect(await readModelRows(t.db)).toEqual(live);
  });
});
