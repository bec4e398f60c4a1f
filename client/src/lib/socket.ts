import { io, type Socket } from 'socket.io-client';

/**
 * Server-pushed events and their payloads (server/src/realtime/realtime.events.ts).
 * Features refine a payload type by augmenting this interface, e.g.
 *   declare module '@/lib/socket' { interface LiveEventMap { 'bid.updated': Bid } }
 */
export interface LiveEventMap {
  'posting.updated': LiveRow;
  'bid.updated': LiveRow;
  /** A facility or applicant record an admin watches changed. */
  'record.updated': { kind: 'facility' | 'applicant'; id: string };
}

/** A read-model row as the recipient's own API returns it. */
export interface LiveRow {
  id: string;
  [field: string]: unknown;
}

export type LiveEventName = keyof LiveEventMap;
export type LiveEventHandler<E extends LiveEventName> = (payload: LiveEventMap[E]) => void;

export interface ConnectHandlers {
  /** Called on every reconnect after the first connection of this socket (events may have been missed). */
  onReconnect?: () => void;
}

const handlers = new Map<string, Set<(payload: unknown) => void>>();
/** Posting rooms this page watches, with a count of the components that asked. */
const watchedPostings = new Map<string, number>();
let socket: Socket | null = null;
let socketToken: string | null = null;

/**
 * Subscribes to a pushed event. Subscriptions outlive connections: they keep working across
 * reconnects and sign-in changes. Returns the unsubscribe function.
 */
export function subscribe<E extends LiveEventName>(event: E, handler: LiveEventHandler<E>): () => void {
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
  }
  const entry = handler as (payload: unknown) => void;
  set.add(entry);
  return () => {
    set.delete(entry);
  };
}

function dispatch(event: string, payload: unknown): void {
  handlers.get(event)?.forEach((handler) => {
    try {
      handler(payload);
    } catch (error) {
      console.error(`Live update handler for '${event}' failed`, error);
    }
  });
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
 */
export function connectSocket(token: string, { onReconnect }: ConnectHandlers = {}): Socket {
  if (socket && socketToken === token) return socket;
  disconnectSocket();

  const next = io({
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
  });
  next.onAny((event: string, payload: unknown) => dispatch(event, payload));

  socket = next;
  socketToken = token;
  return next;
}

export function disconnectSocket(): void {
  if (!socket) return;
  socket.offAny();
  socket.removeAllListeners();
  socket.disconnect();
  socket = null;
  socketToken = null;
}

export function getSocket(): Socket | null {
  return socket;
}
