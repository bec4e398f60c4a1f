import { io, type Socket } from 'socket.io-client';
import type { RealtimeEventName, RealtimeEvents } from '../../server/src/domain/shared/realtime-events';

/** How long a push may take on a loaded machine before a test gives up on it. */
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Opens a socket as the client does (websocket, the bearer token in `auth`) and collects every
 * `event` it hears. Resolves once connected: the socket is then in its rooms. The socket goes
 * into `sockets`, for the test to close.
 */
export async function listenFor<E extends RealtimeEventName>(
  url: string,
  token: string,
  event: E,
  sockets: Socket[],
): Promise<RealtimeEvents[E][]> {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth: { token } });
  sockets.push(socket);
  const heard: RealtimeEvents[E][] = [];
  // The socket is untyped here: the event map types what it collects.
  socket.on(event as string, (push: RealtimeEvents[E]) => heard.push(push));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return heard;
}

/** Waits until `condition` holds, as pushes arrive; fails after PUSH_TIMEOUT_MS. */
export async function untilHeard(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + PUSH_TIMEOUT_MS;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`no push within ${PUSH_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
