import { BUSY_PASS_MS, FollowerPace, IDLE_SWEEP_MS, STARTUP_WATCH_MS } from '../../../server/src/platform/follower-pace';

/**
 * When the projection and reactor loops take their next pass. Fake timers: what is asserted is
 * which moment a pass becomes due, not how fast anything runs.
 */
describe('FollowerPace', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** Resolves to the fake milliseconds `wait` took. */
  async function elapsed(wait: Promise<void>): Promise<number> {
    const started = Date.now();
    let done = false;
    void wait.then(() => (done = true));
    await jest.advanceTimersByTimeAsync(0);
    for (let step = 0; step < 40_000 && !done; step++) await jest.advanceTimersByTimeAsync(1);
    if (!done) throw new Error('still waiting after 40 s');
    return Date.now() - started;
  }

  it('sleeps until the safety sweep when caught up and nothing is announced', async () => {
    const pace = new FollowerPace();
    pace.starting();
    expect(await elapsed(pace.idle(false))).toBe(IDLE_SWEEP_MS);
  });

  it('for a while after starting, looks again every 250 ms for events appended before it listened', async () => {
    const pace = new FollowerPace(STARTUP_WATCH_MS);
    pace.starting();
    expect(await elapsed(pace.idle(false))).toBe(250);
    jest.advanceTimersByTime(STARTUP_WATCH_MS);
    pace.starting();
    expect(await elapsed(pace.idle(false))).toBe(IDLE_SWEEP_MS);
  });

  it('takes the next pass at once when an append is announced during a pass that took 100 ms or more', async () => {
    const pace = new FollowerPace();
    pace.starting();
    jest.advanceTimersByTime(BUSY_PASS_MS);
    pace.kick('5:10');
    expect(pace.target).toBe('5:10');
    expect(await elapsed(pace.idle(false))).toBe(0);
  });

  it('under a stream of appends, starts a pass at most every 100 ms, so one batch carries many commands', async () => {
    const pace = new FollowerPace();
    pace.starting();
    jest.advanceTimersByTime(30);
    pace.kick('5:10');
    const waiting = pace.idle(false);
    // More announcements do not cut the wait short.
    setTimeout(() => pace.kick('5:11'), 10);
    expect(await elapsed(waiting)).toBe(BUSY_PASS_MS - 30);
    expect(pace.target).toBe('5:11');
  });

  it('starts the next pass at once when a command of this instance waits for it', async () => {
    const pace = new FollowerPace();
    pace.starting();
    pace.kick('5:10', { awaited: true });
    expect(await elapsed(pace.idle(false))).toBe(0);

    pace.starting();
    pace.kick('5:11');
    const waiting = pace.idle(false);
    setTimeout(() => pace.kick('5:12', { awaited: true }), 20);
    expect(await elapsed(waiting)).toBe(20);
  });

  it('wakes a sleeping loop on an announcement, and keeps the furthest target', async () => {
    const pace = new FollowerPace();
    pace.starting();
    const sleeping = pace.idle(false);
    setTimeout(() => pace.kick('7:1'), 50);
    setTimeout(() => pace.kick('6:9'), 60);
    expect(await elapsed(sleeping)).toBe(50);
    expect(pace.target).toBe('7:1');
  });

  it('looks again for a held-back position at 20 ms, backing off to 100 ms, and at 20 ms while a command waits', async () => {
    const pace = new FollowerPace();
    const waits: number[] = [];
    for (let pass = 0; pass < 5; pass++) {
      pace.starting();
      waits.push(await elapsed(pace.idle(true)));
    }
    expect(waits).toEqual([20, 40, 80, 100, 100]);
    pace.starting();
    expect(await elapsed(pace.idle(true, true))).toBe(20);
    // Caught up again: the backoff starts over for the next hold.
    pace.starting();
    void pace.idle(false);
    pace.kick();
    pace.starting();
    expect(await elapsed(pace.idle(true))).toBe(20);
  });

  it('does not cut a pause after a failure short for announcements, only for stopping', async () => {
    const pace = new FollowerPace();
    const pausing = pace.pause(500);
    setTimeout(() => pace.kick('1:1'), 10);
    expect(await elapsed(pausing)).toBe(500);

    const stopping = pace.pause(500);
    setTimeout(() => pace.stop(), 30);
    expect(await elapsed(stopping)).toBe(30);
    expect(await elapsed(pace.idle(false))).toBe(0);
  });
});
