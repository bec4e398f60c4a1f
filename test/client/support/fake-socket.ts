/**
 * Stands in for socket.io-client in jsdom (mapped in setup.ts). Tests reach the sockets the app
 * opened through `fakeSockets` and drive them: connect, reconnect, push events.
 */

type Listener = (...args: unknown[]) => void;

export class FakeSocket {
  connected = false;
  disconnected = true;
  readonly emitted: { event: string; args: unknown[] }[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly anyListeners = new Set<Listener>();

  constructor(
    readonly uri: string | undefined,
    readonly options: Record<string, unknown>,
  ) {}

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  onAny(listener: Listener) {
    this.anyListeners.add(listener);
    return this;
  }

  offAny() {
    this.anyListeners.clear();
    return this;
  }

  removeAllListeners() {
    this.listeners.clear();
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    this.emitted.push({ event, args });
    return this;
  }

  disconnect() {
    this.connected = false;
    this.disconnected = true;
    this.fire('disconnect', 'io client disconnect');
    return this;
  }

  // --- test controls ---

  /** The server accepted the (re)connection. */
  simulateConnect() {
    this.connected = true;
    this.disconnected = false;
    this.fire('connect');
  }

  /** The transport dropped. */
  simulateDrop() {
    this.connected = false;
    this.disconnected = true;
    this.fire('disconnect', 'transport close');
  }

  /** The server pushed an event. */
  simulateEvent(event: string, ...args: unknown[]) {
    this.anyListeners.forEach((listener) => listener(event, ...args));
    this.fire(event, ...args);
  }

  private fire(event: string, ...args: unknown[]) {
    this.listeners.get(event)?.forEach((listener) => listener(...args));
  }
}

export const fakeSockets: FakeSocket[] = [];

export function io(uriOrOptions?: string | Record<string, unknown>, maybeOptions?: Record<string, unknown>): FakeSocket {
  const uri = typeof uriOrOptions === 'string' ? uriOrOptions : undefined;
  const options = (typeof uriOrOptions === 'object' ? uriOrOptions : maybeOptions) ?? {};
  const socket = new FakeSocket(uri, options);
  fakeSockets.push(socket);
  return socket;
}

export default io;
