import { Logger } from '@nestjs/common';
import { ConnectedSocket, MessageBody, OnGatewayConnection, OnGatewayInit, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { DefaultEventsMap, Server, Socket } from 'socket.io';
import { Authenticator } from '../auth/authenticator';
import type { SessionUser } from '../auth/session-user';
import { bearerToken } from '../auth/tokens';
import type { RealtimeListeners, RealtimeRequests } from '../domain/shared/realtime-events';
import { rooms } from './realtime.events';

/** What a socket carries: its authenticated user and the token it was authenticated with. */
interface SocketData {
  user: SessionUser;
  token: string;
}

/** Sockets typed by the shared event maps. */
type RealtimeServer = Server<RealtimeRequests, RealtimeListeners, DefaultEventsMap, SocketData>;
type RealtimeSocket = Socket<RealtimeRequests, RealtimeListeners, DefaultEventsMap, SocketData>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Posting rooms one socket may watch at once: a page shows one posting, a dashboard a few. */
export const MAX_WATCHED_POSTINGS = 20;

/**
 * Socket.IO at /socket.io. The handshake must carry the same bearer token as the API
 * (`auth: { token }` or an Authorization header); anything else is refused before connecting.
 * Each socket joins its user's room, its facility's room and, for admins, the admins' room.
 * Posting rooms carry only public changes of a posting, so any signed-in user may watch one; an
 * admin watching one also hears what its facility hears of it, its counts and its bids
 * (rooms.postingAdmins).
 */
@WebSocketGateway({ path: '/socket.io', serveClient: false })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger('Realtime');

  constructor(private readonly authenticator: Authenticator) {}

  afterInit(server: RealtimeServer): void {
    server.use(async (socket, next) => {
      const offered = socket.handshake.auth?.token ?? bearerToken(socket.handshake.headers.authorization);
      const token = typeof offered === 'string' ? offered : null;
      const user = await this.authenticator.authenticate(token);
      if (!user || !token) return next(new Error('unauthorized'));
      socket.data.user = user;
      socket.data.token = token;
      next();
    });
  }

  async handleConnection(socket: RealtimeSocket): Promise<void> {
    const { user } = socket.data;
    const joined = [rooms.user(user.id)];
    if (user.membership) joined.push(rooms.facility(user.membership.facility_id));
    if (user.is_admin) joined.push(rooms.admins);
    await socket.join(joined);
    // The token may have stopped being valid between the handshake and joining the user's room
    // (a password change ends sessions by closing the sockets in that room): check once more.
    if (!(await this.authenticator.authenticate(socket.data.token))) {
      socket.disconnect(true);
      return;
    }
    this.logger.debug(`Socket ${socket.id} joined ${joined.join(', ')}`);
  }

  @SubscribeMessage('posting.watch')
  async watchPosting(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() postingId: unknown): Promise<{ ok: boolean }> {
    if (typeof postingId !== 'string' || !UUID.test(postingId)) return { ok: false };
    const room = rooms.posting(postingId);
    const watched = [...socket.rooms].filter((name) => name.startsWith(rooms.posting(''))).length;
    if (!socket.rooms.has(room) && watched >= MAX_WATCHED_POSTINGS) return { ok: false };
    await socket.join(socket.data.user.is_admin ? [room, rooms.postingAdmins(postingId)] : room);
    return { ok: true };
  }

  @SubscribeMessage('posting.unwatch')
  async unwatchPosting(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() postingId: unknown): Promise<{ ok: boolean }> {
    if (typeof postingId !== 'string') return { ok: false };
    await socket.leave(rooms.posting(postingId));
    await socket.leave(rooms.postingAdmins(postingId));
    return { ok: true };
  }
}
