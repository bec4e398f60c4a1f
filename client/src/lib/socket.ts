import type { RealtimeEventName, RealtimeEvents, RealtimeListeners, RealtimeRequests } from '@domain/shared/realtime-events';
import type { Socket } from 'socket.io-client';

/** Server-pushed events and their payloads: the shared event map the server pushes by. */
export type LiveEventName = RealtimeEventName;
export type LiveEventHandler<E extends LiveEventName> = (payload: RealtimeEvents[E]) => void;

/** The connection, typed by the shared maps: what the server pushes and what we may ask of it. */
type LiveSocket = Socket<RealtimeListeners, RealtimeRequests>;

export interface ConnectHandlers {
  /** Called on every reconnect after the first connection of this socket (events may have been missed). */
  onReconnect?: () => void;
}

/** Subscribers by event; they outlive connections. */
const handlers: { [E in LiveEventName]: Set<LiveEventHandler<E>> } = {
  'posting.updated': new Set(),
  'bid.updated': new Set(),
  'record.updated': new Set(),
  'team.changed': new Set(),
  'account.changed': new Set(),
  'notification.created': new Set(),
  'notifications.read': new Set(),
};
/** Called on every connect, the first included: the socket joins its rooms only then. */
const connectListeners = new Set<() => void>();
/** Posting rooms this page watches, with a count of the components that asked. */
const watchedPostings = new Map<string, number>();
let socket: LiveSocket | null = null;
let socketToken: string | null = null;
/** Counts connect and disconnect requests: a socket whose code arrives after a newer request is not opened. */
let generation = 0;

/**
 * Subscribes to a pushed event. Subscriptions outlive connections: they keep working across
 * reconnects and sign-in changes. Returns the unsubscribe function.
 */
export function subscribe<E extends LiveEventName>(event: E, handler: LiveEventHandler<E>): () => void {
  const set: Set<LiveEventHandler<E>> = handlers[event];
  set.add(handler);
  return () => {
    set.delete(handler);
  };
}

function dispatch<E extends LiveEventName>(event: E, payload: RealtimeEvents[E]): void {
  const set: Set<LiveEventHandler<E>> = handlers[event];
  set.forEach((handler) => {
    try {
      handler(payload);
    } catch (error) {
      console.error(`Live update handler for '${event}' failed`, error);
    }
  });
}

/**
 * Runs `handler` each time the socket (re)connects. A push sent after a page read its data but
 * before the socket joined its rooms is lost, so what must not be stale refetches here.
 * Returns the unsubscribe function.
 */
export function onConnect(handler: () => void): () => void {
  connectListeners.add(handler);
  return () => {
    connectListeners.delete(handler);
  };
}

/**
 * Joins a posting's room (its public changes arrive as 'posting.updated'). Rooms are per
 * connection, so they are joined again after every reconnect. Returns the function that leaves.
 */
export function watchPosting(postingId: string): () => void {
  const count = watchedPostings.get(postingId) ?? 0;
  watchedPostings.set(postingId, count + 1);
  if (count === 0 && socket?.connected) socket.emit('posting.watch', postingId);
  return () => {
    const remaining = (watchedPostings.get(postingId) ?? 1) - 1;
    if (remaining > 0) {
      watchedPostings.set(postingId, remaining);
      return;
    }
    watchedPostings.delete(postingId);
    if (socket?.connected) socket.emit('posting.unwatch', postingId);
  };
}

/**
 * Opens the Socket.IO connection to this origin (path /socket.io) authenticated with the bearer
 * token. WebSocket only: no long-polling, so several server instances need no sticky sessions.
 * socket.io-client is loaded here, on first use: visitors who never sign in never download it.
 */
export function connectSocket(token: string, handlers: ConnectHandlers = {}): void {
  if (socketToken === token) return;
  disconnectSocket();
  socketToken = token;
  const request = generation;
  void import('socket.io-client').then(({ io }) => {
    if (request !== generation) return;
    socket = openSocket(io, token, handlers);
  });
}

function openSocket(io: typeof import('socket.io-client').io, token: string, { onReconnect }: ConnectHandlers): LiveSocket {
  const next: LiveSocket = io({
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnectionDelay: 1000,
    reconnectionDelayMax: 10_000,
  });
  let connectedBefore = false;
  next.on('connect', () => {
    for (const postingId of watchedPostings.keys()) next.emit('posting.watch', postingId);
    // Socket.IO delivers at most once: whatever was pushed while we were away is lost,
    // so a reconnect refetches instead of trusting the cache.
    if (connectedBefore) onReconnect?.();
    connectedBefore = true;
    connectListeners.forEach((listener) => listener());
  });
  // Every event of the shared map to its subscribers (the handlers above list them all); one
  // listener for all, so a new event costs the entry bundle nothing but its line above.
  next.onAny((event: string, payload: RealtimeEvents[LiveEventName]) => {
    if (event in handlers) dispatch(event as LiveEventName, payload);
  });
  return next;
}

export function disconnectSocket(): void {
  generation += 1;
  socketToken = null;
  if (!socket) return;
  socket.removeAllListeners();
  socket.disconnect();
  socket = null;
}
