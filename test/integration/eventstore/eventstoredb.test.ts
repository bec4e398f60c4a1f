import { ANY, NO_STREAM } from '@eventstore/db-client';
import { createServer } from 'node:net';
import { comparePositions, createEventStore, PostgresEventStore, START } from '../../../server/src/eventstore';
import {
  decodePosition,
  encodePosition,
  EventStoreDbEventStore,
  toExpectedRevision,
} from '../../../server/src/eventstore/eventstoredb-event-store';
import { describeEventStoreContract, waitUntil } from './contract';

const EVENTSTORE_URL = process.env.EVENTSTORE_URL;
/** The stores below never query it: a pool connects on first use. */
const UNUSED_DATABASE = 'postgres://postgres@127.0.0.1:5432/unused';

if (EVENTSTORE_URL) {
  const url = EVENTSTORE_URL;
  describeEventStoreContract('EventStoreDbEventStore', async () => new EventStoreDbEventStore(url));
} else {
  console.log(
    'EventStoreDB contract suite not run: EVENTSTORE_URL is not set. Start an EventStoreDB server and ' +
      'set EVENTSTORE_URL (e.g. esdb://127.0.0.1:2113?tls=false) to run it.',
  );
}

describe('EventStoreDB adapter (no server needed)', () => {
  it('is what createEventStore builds for EVENT_STORE=eventstoredb', async () => {
    const store = await createEventStore({
      EVENT_STORE: 'eventstoredb',
      DATABASE_URL: UNUSED_DATABASE,
      EVENTSTORE_URL: 'esdb://127.0.0.1:2113?tls=false',
    });

    expect(store).toBeInstanceOf(EventStoreDbEventStore);
    await store.close();
  });

  it('refuses EVENT_STORE=eventstoredb without an EVENTSTORE_URL', async () => {
    const creating = createEventStore({ EVENT_STORE: 'eventstoredb', DATABASE_URL: UNUSED_DATABASE });

    await expect(creating).rejects.toThrow(/EVENTSTORE_URL/);
  });

  it('builds the Postgres store for EVENT_STORE=postgres', async () => {
    const store = await createEventStore({ EVENT_STORE: 'postgres', DATABASE_URL: UNUSED_DATABASE });

    expect(store).toBeInstanceOf(PostgresEventStore);
    await store.close();
  });

  it('encodes positions as "commit:prepare", exactly even beyond 2^53', () => {
    const position = { commit: 2n ** 60n + 7n, prepare: 2n ** 60n + 3n };

    expect(encodePosition(position)).toBe('1152921504606846983:1152921504606846979');
    expect(decodePosition(encodePosition(position))).toEqual(position);
    expect(() => decodePosition('1152921504606846983')).toThrow(RangeError);
  });

  it('orders encoded positions as EventStoreDB orders them: by commit, then prepare', () => {
    const ordered = [
      { commit: 0n, prepare: 0n },
      { commit: 9n, prepare: 9n },
      { commit: 10n, prepare: 2n },
      { commit: 10n, prepare: 10n },
      { commit: 2n ** 53n + 1n, prepare: 1n },
    ].map(encodePosition);

    const shuffled = [ordered[3], ordered[0], ordered[4], ordered[2], ordered[1]];

    expect(shuffled.sort(comparePositions)).toEqual(ordered);
  });

  it('rejects a read from an unreachable server rather than reporting an empty stream', async () => {
    const store = new EventStoreDbEventStore(`esdb://127.0.0.1:${await closedPort()}?tls=false`);

    const reading = store.readStream('posting-1');

    await expect(reading).rejects.toThrow(/UNAVAILABLE/);
    await store.close();
  });

  it('reports an unreachable server to the subscriber, and still closes cleanly', async () => {
    const store = new EventStoreDbEventStore(`esdb://127.0.0.1:${await closedPort()}?tls=false`);
    const errors: Error[] = [];

    const subscription = await store.subscribe(
      START,
      () => undefined,
      (error) => errors.push(error),
    );
    await waitUntil(() => errors.length > 0);
    await subscription.close();
    await store.close();

    expect(errors.map((error) => error.message)).toEqual([expect.stringMatching(/UNAVAILABLE/)]);
  });

  it('maps expected versions onto the client revisions', () => {
    expect(toExpectedRevision('no_stream')).toBe(NO_STREAM);
    expect(toExpectedRevision('any')).toBe(ANY);
    expect(toExpectedRevision(0)).toBe(0n);
    expect(toExpectedRevision(41)).toBe(41n);
  });
});

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
