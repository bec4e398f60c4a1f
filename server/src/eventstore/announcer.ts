/** What the announcer needs of a pool: one statement at a time. */
export interface Notifier {
  query(sql: string, values: unknown[]): Promise<unknown>;
}

/** One NOTIFY per notice, in the order given, in one statement (its own transaction). */
const ANNOUNCE_SQL = 'SELECT pg_notify($1::text, notice) FROM unnest($2::text[]) WITH ORDINALITY AS n(notice, ordinal) ORDER BY ordinal';

/**
 * Announces committed appends on a channel: one NOTIFY statement at a time, carrying every notice
 * that arrived while the one before it was out. A NOTIFY in the append's own transaction would
 * serialize every append's commit, as Postgres holds one lock per database from a notifying
 * transaction's commit until its end (async.c, PreCommit_Notify; measured in docs/performance.md,
 * session 28). Under load the statement waits for a pooled connection behind the commands, so
 * one statement per turn of the event loop would queue without bound (session 29): coalescing
 * keeps at most one statement out and one batch waiting, however fast appends come.
 *
 * Listeners only take a notice as a cue to read the log (and a command's stream check guards the
 * states they keep), so one lost with a crash between the commit and its announcement costs them
 * no more than their fallback read.
 */
export class Announcer {
  private waiting: string[] = [];
  private sending: Promise<void> | null = null;
  private scheduled = false;

  constructor(
    private readonly pool: Notifier,
    private readonly channel: string,
  ) {}

  announce(notices: readonly string[]): void {
    this.waiting.push(...notices);
    // The notices of this turn go together; while a statement is out, its end sends them.
    if (this.sending || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.send();
    });
  }

  /** Sends what is waiting and waits until every notice announced so far has been sent. */
  async close(): Promise<void> {
    this.send();
    while (this.sending) await this.sending;
  }

  private send(): void {
    if (this.sending || this.waiting.length === 0) return;
    const notices = this.waiting;
    this.waiting = [];
    // The appends have committed whatever happens here; a notice that fails is a lost one (see above).
    const next = () => {
      this.sending = null;
      this.send();
    };
    this.sending = this.pool.query(ANNOUNCE_SQL, [this.channel, notices]).then(next, next);
  }
}
