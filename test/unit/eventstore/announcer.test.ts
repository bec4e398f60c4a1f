import { Announcer, type Notifier } from '../../../server/src/eventstore/announcer';

/** A pool whose statements end only when the test says: what a busy pool looks like to the announcer. */
class HeldPool implements Notifier {
  readonly sent: { channel: unknown; notices: string[] }[] = [];
  private readonly ends: { resolve: () => void; reject: (error: Error) => void }[] = [];

  query(_sql: string, values: unknown[]): Promise<unknown> {
    this.sent.push({ channel: values[0], notices: values[1] as string[] });
    return new Promise<void>((resolve, reject) => this.ends.push({ resolve, reject }));
  }

  /** Ends the oldest statement still out. */
  end(failure?: Error): void {
    const statement = this.ends.shift();
    if (!statement) throw new Error('no statement is out');
    if (failure) statement.reject(failure);
    else statement.resolve();
  }

  get out(): number {
    return this.ends.length;
  }
}

const turn = () => new Promise((next) => setImmediate(next));

/** An announcer on a held pool. */
function announcing() {
  const pool = new HeldPool();
  return { pool, announcer: new Announcer(pool, 'tenens_events') };
}

describe('Announcer', () => {
  it('sends the notices of one turn in one statement on its channel, in order', async () => {
    const { pool, announcer } = announcing();
    announcer.announce(['1:1 0 bid-a']);
    announcer.announce(['1:2 0 bid-b', '1:3 4 posting-c']);
    expect(pool.sent).toEqual([]);
    await turn();
    expect(pool.sent).toEqual([{ channel: 'tenens_events', notices: ['1:1 0 bid-a', '1:2 0 bid-b', '1:3 4 posting-c'] }]);
  });

  it('keeps one statement out at a time, and sends everything announced meanwhile together after it', async () => {
    const { pool, announcer } = announcing();
    announcer.announce(['1:1 0 bid-a']);
    await turn();
    // Many turns of appends while the first statement waits for a connection.
    for (let i = 2; i <= 50; i++) {
      announcer.announce([`1:${i} 0 bid-${i}`]);
      await turn();
    }
    expect(pool.out).toBe(1);
    expect(pool.sent).toHaveLength(1);
    pool.end();
    await turn();
    expect(pool.sent).toHaveLength(2);
    expect(pool.sent[1].notices).toEqual(Array.from({ length: 49 }, (_, i) => `1:${i + 2} 0 bid-${i + 2}`));
    pool.end();
    await turn();
    expect(pool.sent).toHaveLength(2);
    expect(pool.out).toBe(0);
  });

  it('goes on announcing after a statement fails', async () => {
    const { pool, announcer } = announcing();
    announcer.announce(['1:1 0 bid-a']);
    await turn();
    announcer.announce(['1:2 0 bid-b']);
    pool.end(new Error('connection terminated'));
    await turn();
    expect(pool.sent.map((statement) => statement.notices)).toEqual([['1:1 0 bid-a'], ['1:2 0 bid-b']]);
  });

  it('on close, sends what waits and answers only once every notice has been sent', async () => {
    const { pool, announcer } = announcing();
    announcer.announce(['1:1 0 bid-a']);
    await turn();
    announcer.announce(['1:2 0 bid-b']);
    let closed = false;
    const closing = announcer.close().then(() => (closed = true));
    pool.end();
    await turn();
    expect(pool.sent.map((statement) => statement.notices)).toEqual([['1:1 0 bid-a'], ['1:2 0 bid-b']]);
    expect(closed).toBe(false);
    pool.end();
    await closing;
    expect(closed).toBe(true);
  });

  it('closes at once with nothing to send', async () => {
    const { pool, announcer } = announcing();
    await announcer.close();
    expect(pool.sent).toEqual([]);
  });
});
