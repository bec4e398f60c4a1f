import { randomUUID } from 'node:crypto';
import { comparePositions, EventStore, NewEvent, Position, RecordedEvent, WrongExpectedVersionError } from '../../../server/src/eventstore';

/**
 * The event store contract, written once and run against every adapter. Each test writes to
 * fresh streams and reads the global log only after a marker event it appended itself, so the
 * suite also works against a shared EventStoreDB server that already holds other events.
 */
export function describeEventStoreContract(name: string, factory: () => Promise<EventStore>): void {
  describe(`${name} (event store contract)`, () => {
    let store: EventStore;

    beforeAll(async () => {
      store = await factory();
    });

    afterAll(async () => {
      await store.close();
    });

    /** Appends a marker event; everything appended afterwards sorts after its position. */
    async function mark(): Promise<Position> {
      return (await store.append(newStream('marker'), [newEvent('Marked')], 'no_stream')).position;
    }

    /**
     * The log after `after` once `last` is readable. A Postgres reader only sees events below the
     * oldest running transaction, which another test's transaction may briefly hold back.
     */
    async function readAllThrough(after: Position, last: Position): Promise<RecordedEvent[]> {
      let events: RecordedEvent[] = [];
      await waitUntil(async () => {
        events = await store.readAll({ after });
        return events.some((event) => event.position === last);
      });
      return events;
    }

    describe('append and readStream', () => {
      it("appends to a new stream with 'no_stream' and reads it back in version order", async () => {
        const stream = newStream('posting');
        const events = [newEvent('PostingDrafted', { n: 1 }), newEvent('PostingPublished', { n: 2 }), newEvent('PostingExpired', { n: 3 })];

        const result = await store.append(stream, events, 'no_stream');
        const read = await store.readStream(stream);

        expect(result.next_expected_version).toBe(2);
        expect(read.map((event) => [event.stream, event.version, event.type, event.data])).toEqual([
          [stream, 0, 'PostingDrafted', { n: 1 }],
          [stream, 1, 'PostingPublished', { n: 2 }],
          [stream, 2, 'PostingExpired', { n: 3 }],
        ]);
        expect(read[2].position).toBe(result.position);
        expect(read[0].created_at).toBeInstanceOf(Date);
      });

      it("refuses 'no_stream' when the stream exists, writing nothing", async () => {
        const stream = newStream('posting');
        await store.append(stream, [newEvent('PostingDrafted')], 'no_stream');

        const attempt = store.append(stream, [newEvent('PostingDrafted')], 'no_stream');

        await expect(attempt).rejects.toThrow(WrongExpectedVersionError);
        await expect(attempt).rejects.toMatchObject({ stream, expected: 'no_stream', actual: 0 });
        expect(await store.readStream(stream)).toHaveLength(1);
      });

      it('appends with the right expected version and refuses a stale or future one, writing nothing', async () => {
        const stream = newStream('application');
        const submitted = [newEvent('ApplicationSubmitted'), newEvent('ApplicationViewed')];
        await store.append(stream, submitted, 'no_stream');

        const result = await store.append(stream, [newEvent('ApplicationAccepted')], 1);
        const stale = store.append(stream, [newEvent('ApplicationWithdrawn')], 1);
        const future = store.append(stream, [newEvent('ApplicationWithdrawn')], 5);

        expect(result.next_expected_version).toBe(2);
        await expect(stale).rejects.toThrow(WrongExpectedVersionError);
        await expect(stale).rejects.toMatchObject({ stream, expected: 1, actual: 2 });
        await expect(future).rejects.toMatchObject({ stream, expected: 5, actual: 2 });
        expect((await store.readStream(stream)).map((event) => event.type)).toEqual([
          'ApplicationSubmitted',
          'ApplicationViewed',
          'ApplicationAccepted',
        ]);
      });

      it('refuses an expected version on a stream that does not exist', async () => {
        const stream = newStream('application');

        const attempt = store.append(stream, [newEvent('ApplicationSubmitted')], 0);

        await expect(attempt).rejects.toThrow(WrongExpectedVersionError);
        await expect(attempt).rejects.toMatchObject({ expected: 0, actual: 'no_stream' });
        expect(await store.readStream(stream)).toEqual([]);
      });

      it("appends with 'any' whether the stream exists or not", async () => {
        const stream = newStream('facility');

        const first = await store.append(stream, [newEvent('FacilityRegistered')], 'any');
        const second = await store.append(stream, [newEvent('FacilityRenamed'), newEvent('FacilityVerified')], 'any');

        expect(first.next_expected_version).toBe(0);
        expect(second.next_expected_version).toBe(2);
        expect((await store.readStream(stream)).map((event) => event.version)).toEqual([0, 1, 2]);
      });

      it('reads several streams together in log order, the first events up to a limit', async () => {
        const [a, b] = [newStream('posting'), newStream('bid')];
        await store.append(a, [newEvent('PostingCreated')], 'no_stream');
        await store.append(b, [newEvent('BidSubmitted')], 'no_stream');
        await store.append(a, [newEvent('PostingPublished')], 0);
        await store.append(b, [newEvent('FacilityCountered')], 0);
        const read = await store.readTimeline([a, b, newStream('nobody')], 3);
        expect(read.map((event) => event.type)).toEqual(['PostingCreated', 'BidSubmitted', 'PostingPublished']);
        expect((await store.readTimeline([b], 10)).map((event) => event.version)).toEqual([0, 1]);
        expect(await store.readTimeline([], 10)).toEqual([]);
      });

      it('reads several streams each in version order, some with only the event types asked for', async () => {
        const [facility, bid, missing] = [newStream('facility'), newStream('bid'), newStream('nobody')];
        await store.append(
          facility,
          [newEvent('FacilityRegistered'), newEvent('PostingCreditAdded'), newEvent('FacilitySuspended')],
          'no_stream',
        );
        await store.append(bid, [newEvent('BidSubmitted'), newEvent('BidCountered')], 'no_stream');
        await store.append(facility, [newEvent('PostingCreditConsumed')], 2);

        const whole = await store.readStreams([facility, bid, missing]);
        expect(whole.get(facility)?.map((event) => event.type)).toEqual([
          'FacilityRegistered',
          'PostingCreditAdded',
          'FacilitySuspended',
          'PostingCreditConsumed',
        ]);
        expect(whole.get(bid)?.map((event) => event.version)).toEqual([0, 1]);
        expect(whole.get(missing)).toEqual([]);

        const standing = await store.readStreams([facility, bid], {
          streams: [facility],
          types: ['FacilityRegistered', 'FacilitySuspended'],
        });
        expect(standing.get(facility)?.map((event) => [event.type, event.version])).toEqual([
          ['FacilityRegistered', 0],
          ['FacilitySuspended', 2],
        ]);
        expect(standing.get(bid)?.map((event) => event.type)).toEqual(['BidSubmitted', 'BidCountered']);
      });

      it('reads an empty array for a stream that does not exist', async () => {
        expect(await store.readStream(newStream('nobody'))).toEqual([]);
      });

      it('refuses an append without events', async () => {
        await expect(store.append(newStream('posting'), [], 'any')).rejects.toThrow(RangeError);
      });
    });

    describe('events as recorded', () => {
      it('round-trips data and metadata', async () => {
        const marker = await mark();
        const stream = newStream('posting');
        const metadata = {
          actor: { user_id: randomUUID(), side: 'facility' as const, name: 'Dr. Ana Ruiz' },
          correlation_id: randomUUID(),
          source: { ip: '127.0.0.1', tags: ['a', 'b'] },
        };
        const data = {
          title: 'CRNA – nights, "Zürich" {ICU} \\ OR',
          rate: 212.5,
          days: [1, 2, 3],
          remote: false,
          notes: null,
        };

        const { position } = await store.append(
          stream,
          [newEvent('PostingDrafted', data, metadata), newEvent('PostingOpened')],
          'no_stream',
        );
        const [withMetadata, withoutMetadata] = await store.readStream(stream);
        const fromLog = (await readAllThrough(marker, position))[0];

        expect(withMetadata.data).toEqual(data);
        expect(withMetadata.metadata).toEqual(metadata);
        expect(withoutMetadata.metadata).toEqual({});
        expect(fromLog.metadata).toEqual(metadata);
      });

      it('keeps the ids it is given and assigns distinct uuids to the others', async () => {
        const stream = newStream('invoice');
        const given = randomUUID();

        const events = [{ ...newEvent('InvoiceIssued'), id: given }, newEvent('InvoiceSent'), newEvent('InvoicePaid')];
        await store.append(stream, events, 'no_stream');
        const ids = (await store.readStream(stream)).map((event) => event.id);

        expect(ids[0]).toBe(given);
        expect(new Set(ids).size).toBe(3);
        for (const id of ids) expect(id).toMatch(UUID);
      });
    });

    describe('readAll', () => {
      it('reads the log across streams in append order, with increasing positions', async () => {
        const marker = await mark();
        const [facility, posting] = [newStream('facility'), newStream('posting')];
        const appended = [
          await store.append(facility, [newEvent('FacilityRegistered')], 'no_stream'),
          await store.append(posting, [newEvent('PostingDrafted'), newEvent('PostingOpened')], 'no_stream'),
          await store.append(facility, [newEvent('FacilityVerified')], 0),
        ];

        const events = await readAllThrough(marker, appended[2].position);

        expect(events.map((event) => [event.stream, event.type])).toEqual([
          [facility, 'FacilityRegistered'],
          [posting, 'PostingDrafted'],
          [posting, 'PostingOpened'],
          [facility, 'FacilityVerified'],
        ]);
        const positions = events.map((event) => event.position);
        expect(positions).toEqual(expect.arrayContaining(appended.map((result) => result.position)));
        for (let i = 1; i < events.length; i++) {
          expect(comparePositions(events[i - 1].position, events[i].position)).toBeLessThan(0);
        }
        expect(new Set(events.map((event) => event.global_position)).size).toBe(events.length);
      });

      it('pages with after and limit, returning each event exactly once', async () => {
        const marker = await mark();
        const streams = [newStream('posting'), newStream('posting'), newStream('posting')];
        let last: Position = marker;
        for (let i = 0; i < 7; i++) {
          last = (await store.append(streams[i % 3], [newEvent('PostingViewed', { i })], 'any')).position;
        }
        const everything = await readAllThrough(marker, last);

        const pages: RecordedEvent[][] = [];
        for (let after = marker; ;) {
          const page = await store.readAll({ after, limit: 3 });
          if (page.length === 0) break;
          pages.push(page);
          after = page[page.length - 1].position;
        }

        expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
        expect(pages.flat().map((event) => event.id)).toEqual(everything.map((event) => event.id));
        expect(everything.map((event) => (event.data as { i: number }).i)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      });
    });

    describe('subscribe', () => {
      it('delivers catch-up events, then live ones, in log order and one at a time', async () => {
        const marker = await mark();
        const stream = newStream('posting');
        const caughtUp = [newEvent('PostingDrafted'), newEvent('PostingPublished'), newEvent('PostingViewed')];
        await store.append(stream, caughtUp, 'no_stream');
        const received: RecordedEvent[] = [];
        let handling = 0;
        let overlapped = false;

        const subscription = await store.subscribe(marker, async (event) => {
          overlapped ||= handling > 0;
          handling++;
          await sleep(2);
          received.push(event);
          handling--;
        });
        await waitUntil(() => received.length === 3);
        const other = newStream('facility');
        await store.append(other, [newEvent('FacilityRegistered')], 'no_stream');
        const { position } = await store.append(stream, [newEvent('PostingFilled')], 2);
        await waitUntil(() => received.length === 5);
        await subscription.close();

        expect(received.map((event) => event.type)).toEqual([
          'PostingDrafted',
          'PostingPublished',
          'PostingViewed',
          'FacilityRegistered',
          'PostingFilled',
        ]);
        const log = await readAllThrough(marker, position);
        expect(received.map((event) => event.id)).toEqual(log.map((event) => event.id));
        expect(overlapped).toBe(false);
      });

      it('stops and reports the error when the handler fails', async () => {
        const marker = await mark();
        const stream = newStream('posting');
        await store.append(stream, [newEvent('PostingDrafted'), newEvent('PostingPublished')], 'no_stream');
        const failure = new Error('projection broke');
        const handled: string[] = [];
        const errors: Error[] = [];

        const subscription = await store.subscribe(
          marker,
          (event) => {
            handled.push(event.type);
            throw failure;
          },
          (error) => errors.push(error),
        );
        await waitUntil(() => errors.length === 1);
        await store.append(stream, [newEvent('PostingViewed')], 1);
        await sleep(200);
        await subscription.close();

        expect(errors).toEqual([failure]);
        expect(handled).toEqual(['PostingDrafted']);
      });
    });

    describe('waitForNew', () => {
      it('resolves soon after an append', async () => {
        // The first call may resolve as soon as the store starts listening, before any append.
        await store.waitForNew(250);
        const started = Date.now();

        const waiting = store.waitForNew(10_000);
        await store.append(newStream('posting'), [newEvent('PostingDrafted')], 'no_stream');
        await waiting;

        expect(Date.now() - started).toBeLessThan(3000);
      });

      it('resolves after its timeout when nothing is appended', async () => {
        await store.waitForNew(250);
        const started = Date.now();

        await store.waitForNew(150);

        expect(Date.now() - started).toBeGreaterThanOrEqual(140);
      });
    });
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function newStream(category: string): string {
  return `${category}-${randomUUID()}`;
}

export function newEvent(type: string, data: Record<string, unknown> = {}, metadata?: NewEvent['metadata']): NewEvent {
  return metadata ? { type, data, metadata } : { type, data };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls until the condition holds; fails the test with a timeout otherwise. */
export async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await sleep(10);
  }
}
