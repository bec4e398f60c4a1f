import { comparePositions, Position, START } from '../eventstore/event-store.port';

/** A safety sweep for a notification lost while the LISTEN connection was down. */
export const IDLE_SWEEP_MS = 30_000;
/** An announced event hidden behind an older open transaction is looked for again after this... */
const HELD_BACK_FIRST_MS = 20;
/** ...then less often, up to this: a command is waiting for it, and the hold may end any moment. */
const HELD_BACK_MAX_MS = 100;
/**
 * Events appended before the follower started were never announced to it; one still hidden
 * behind an older open transaction at the first pass would otherwise wait for the idle sweep. So
 * for a while after starting, a caught-up follower looks again this often.
 */
export const STARTUP_WATCH_MS = 5_000;
const STARTUP_LOOK_MS = 250;
/**
 * Under a steady stream of appends a pass starts at most this often unless a command waits for
 * it: each pass costs a dozen statements whatever it carries, so the events of a busy second are
 * applied in a few larger batches rather than one small batch per command.
 */
export const BUSY_PASS_MS = 100;

/** Where one read of the log for several followers starts: the furthest behind of their checkpoints. */
export function furthestBehind(positions: readonly Position[]): Position {
  return positions.reduce((a, b) => (comparePositions(a, b) <= 0 ? a : b), positions[0] ?? START);
}

/**
 * Runs a follower's passes until one reaches the end of what is readable now. Every follower takes
 * its events from the pass's one read, even one cut at the batch size (they follow on from its
 * checkpoint without a gap), so none reads the log again on its own. A cut pass is followed by
 * the next from where the followers then stand, unless it started where the last one did: none
 * moved, as when another instance holds their locks, and its batches will move them.
 */
export async function passesToEnd(pass: () => Promise<{ after: Position; cut: boolean }>): Promise<void> {
  for (let previous: Position | null = null; ;) {
    const { after, cut } = await pass();
    if (!cut || (previous !== null && comparePositions(after, previous) <= 0)) return;
    previous = after;
  }
}

/**
 * When a follower of the log (the projection or reactor runner) takes its next pass: at once when
 * an append was announced (a notification, or a kick from a command of this instance) during the
 * last pass, at a growing backoff while an announced position is still unreadable, and otherwise
 * only at the idle sweep, so an idle server issues no SQL between sweeps.
 */
export class FollowerPace {
  /** The furthest position announced so far: the follower is behind until it has read it. */
  target: Position = START;
  private kicked = false;
  /** A command of this instance waits for the next pass (read-your-writes): it starts at once. */
  private awaited = false;
  private stopped = false;
  private passStarted = 0;
  private wakeUp: (() => void) | null = null;
  private heldBackMs = HELD_BACK_FIRST_MS;
  private readonly watchUntil: number;

  /** `startupWatchMs`: how long after starting to keep looking for unannounced held-back events. */
  constructor(startupWatchMs = 0) {
    this.watchUntil = Date.now() + startupWatchMs;
  }

  /** An append was announced; `awaited`: a command of this instance waits until it is read. */
  kick(position?: Position, { awaited = false } = {}): void {
    if (position && comparePositions(position, this.target) > 0) this.target = position;
    this.kicked = true;
    if (awaited) this.awaited = true;
    this.wakeUp?.();
  }

  /** Ends every pause for good (the follower is stopping). */
  stop(): void {
    this.stopped = true;
    this.kick();
  }

  /** A pass begins: announcements from now on call for another one. */
  starting(): void {
    this.kicked = false;
    this.awaited = false;
    this.passStarted = Date.now();
  }

  /**
   * Waits until the next pass is due; `behind` says the last pass has not read `target` yet, and
   * `awaited` that a command of this instance is waiting for it (it is then looked for again at
   * the shortest interval, without backing off).
   */
  idle(behind: boolean, awaited = false): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.kicked) {
      this.heldBackMs = HELD_BACK_FIRST_MS;
      const due = this.passStarted + BUSY_PASS_MS - Date.now();
      if (awaited || this.awaited || due <= 0) return Promise.resolve();
      return this.sleep(due, 'awaited');
    }
    if (!behind) {
      this.heldBackMs = HELD_BACK_FIRST_MS;
      if (Date.now() < this.watchUntil) return this.sleep(STARTUP_LOOK_MS, 'kick');
      return this.sleep(IDLE_SWEEP_MS, 'kick');
    }
    if (awaited) return this.sleep(HELD_BACK_FIRST_MS, 'kick');
    const ms = this.heldBackMs;
    this.heldBackMs = Math.min(ms * 2, HELD_BACK_MAX_MS);
    return this.sleep(ms, 'kick');
  }

  /** Waits `ms` whatever is announced meanwhile (after a failure), unless the follower stops. */
  pause(ms: number): Promise<void> {
    return this.stopped ? Promise.resolve() : this.sleep(ms, 'stop');
  }

  /** Sleeps `ms`, or less: until any kick, until a kick a command waits for, or only until stop(). */
  private sleep(ms: number, wakeOn: 'kick' | 'awaited' | 'stop'): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = () => {
        if (this.stopped || wakeOn === 'kick' || (wakeOn === 'awaited' && this.awaited)) done();
      };
    });
  }
}
