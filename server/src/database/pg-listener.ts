import { Client } from 'pg';

/** Names the LISTEN connection in pg_stat_activity, so operators (and tests) can find it. */
export const LISTENER_APPLICATION_NAME = 'tenens-event-listener';

const RECONNECT_MS = 1000;
const CONNECT_TIMEOUT_MS = 5000;
/** Channel names are written into LISTEN as identifiers, so only plain names are accepted. */
const CHANNEL = /^[a-z_][a-z0-9_]*$/;

/** Gets each payload on its channel, or null when the connection was (re)established. */
export type ChannelListener = (payload: string | null) => void;

/**
 * One dedicated LISTEN connection shared by everything in a process that waits on Postgres
 * notifications (the event store's followers, read-your-writes waiters). Notifications sent while
 * the connection was down are lost, so every (re)connection calls each listener with null: look
 * for yourself once.
 */
export class PgListener {
  private readonly channels = new Map<string, Set<ChannelListener>>();
  private client: Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;
  private pending: Promise<void> = Promise.resolve();

  constructor(private readonly connectionString: string) {}

  /** True while notifications are being received: a waiter may then rely on them alone. */
  get connected(): boolean {
    return this.client !== null;
  }

  listen(channel: string, listener: ChannelListener): () => void {
    if (!CHANNEL.test(channel)) throw new RangeError(`Not a channel name: "${channel}"`);
    let listeners = this.channels.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.channels.set(channel, listeners);
      if (this.client) this.listenOn(this.client, channel);
    }
    listeners.add(listener);
    this.start();
    return () => listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await this.connecting;
    const client = this.client;
    this.client = null;
    // Waiters must not sit out their timeout on a closed listener.
    for (const channel of this.channels.keys()) this.announce(channel, null);
    this.channels.clear();
    await client?.end().catch(() => undefined);
  }

  private start(): void {
    if (this.closed || this.client || this.connecting || this.retry) return;
    this.connecting = this.connect().finally(() => (this.connecting = null));
  }

  private async connect(): Promise<void> {
    const client = new Client({
      connectionString: this.connectionString,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    client.on('error', () => this.dropped(client));
    client.on('end', () => this.dropped(client));
    client.on('notification', ({ channel, payload }) => this.announce(channel, payload ?? null));
    const channels = [...this.channels.keys()];
    try {
      await client.connect();
      await client.query(channels.map((channel) => `LISTEN ${channel}`).join('; '));
    } catch {
      await client.end().catch(() => undefined);
      this.scheduleReconnect();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    for (const channel of channels) this.announce(channel, null);
    // Channels added while connecting were not in the LISTEN above.
    for (const channel of this.channels.keys()) if (!channels.includes(channel)) this.listenOn(client, channel);
  }

  /**
   * A channel added while connected: its listeners look for themselves once LISTEN runs. LISTENs
   * are chained, one query at a time on the connection.
   */
  private listenOn(client: Client, channel: string): void {
    this.pending = this.pending.then(async () => {
      try {
        await client.query(`LISTEN ${channel}`);
      } catch {
        // The connection is dropping; connect() listens on every channel again.
        return;
      }
      this.announce(channel, null);
    });
  }

  private dropped(client: Client): void {
    if (client !== this.client) return;
    this.client = null;
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.start();
    }, RECONNECT_MS);
  }

  private announce(channel: string, payload: string | null): void {
    for (const listener of [...(this.channels.get(channel) ?? [])]) listener(payload);
  }
}
