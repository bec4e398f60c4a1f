import { Logger } from '@nestjs/common';
import { ConnectedSocket, MessageBody, OnGatewayConnection, OnGatewayInit, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { DefaultEventsMap, Server, Socket } from 'socket.io';
import { Authenticator } from '../auth/authenticator';
import type { SessionUser } from '../auth/session-user';
import { bearerToken } from '../auth/tokens';
import type { RealtimeListeners, RealtimeRequests } from '../domain/shared/realtime-events';
import { rooms } from './realtime.events';

/** Sockets typed by the shared event maps, each carrying its authenticated user. */
type RealtimeServer = Server<RealtimeRequests, RealtimeListeners, DefaultEventsMap, { user: SessionUser }>;
type RealtimeSocket = Socket<RealtimeRequests, RealtimeListeners, DefaultEventsMap, { user: SessionUser }>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Socket.IO at /socket.io. The handshake must carry the same bearer token as the API
 * (`auth: { token }` or an Authorization header); anything else is refused before connecting.
 * Each socket joins its user's room, its facility's room and, for admins, the admins' room.
 * Posting rooms carry only public changes of a posting, so any signed-in user may watch one.
 */
@WebSocketGateway({ path: '/socket.io', serveClient: false })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger('Realtime');

  constructor(private readonly authenticator: Authenticator) {}

  afterInit(server: RealtimeServer): void {
    server.use(async (socket, next) => {
      const token = socket.handshake.auth?.token ?? bearerToken(socket.handshake.headers.authorization);
      const user = await this.authenticator.authenticate(typeof token === 'string' ? token : null);
      if (!user) return next(new Error('unauthorized'));
      socket.data.user = user;
      next();
    });
  }

  async handleConnection(socket: RealtimeSocket): Promise<void> {
    const { user } = socket.data;
    const joined = [rooms.user(user.id)];
    if (user.membership) joined.push(rooms.facility(user.membership.facility_id));
    if (user.is_admin) joined.push(rooms.admins);
    await socket.join(joined);
    this.logger.debug(`Socket ${socket.id} joined ${joined.join(', ')}`);
  }

  @SubscribeMessage('posting.watch')
  async watchPosting(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() postingId: unknown): Promise<{ ok: boolean }> {
    if (typeof postingId !== 'string' || !UUID.test(postingId)) return { ok: false };
    await socket.join(rooms.posting(postingId));
    return { ok: true };
  }

  @SubscribeMessage('posting.unwatch')
  async unwatchPosting(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() postingId: unknown): Promise<{ ok: boolean }> {
    if (typeof postingId !== 'string') return { ok: false };
    await socket.leave(rooms.posting(postingId));
    return { ok: true };
  }
}
