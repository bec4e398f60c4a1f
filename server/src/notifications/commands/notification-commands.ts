import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Actors } from '../../auth/actors';
import type { SessionUser } from '../../auth/session-user';
import { inboxDecider, inboxStream, NOTIFICATION_MESSAGES, type NotificationView, type UnreadCount } from '../../domain/notifications';
import { NotFoundError } from '../../domain/shared/errors';
import { CommandBus } from '../../platform/command-bus';
import { ownNotification, unreadCount } from '../queries/notification-queries';

/**
 * Reading notifications: recorded on the reader's own `inbox-{user id}` stream, so a rebuilt
 * inbox keeps what was read. Someone else's notification is answered as missing (404), never as
 * forbidden, so ids tell nothing.
 */
@Injectable()
export class NotificationCommands {
  constructor(
    private readonly db: DataSource,
    private readonly commands: CommandBus,
    private readonly actors: Actors,
  ) {}

  async markRead(user: SessionUser, notificationId: string): Promise<NotificationView> {
    const owner = this.actors.inboxOwner(user);
    const notification = await ownNotification(this.db, owner.user_id, notificationId);
    if (!notification) throw new NotFoundError(NOTIFICATION_MESSAGES.notFound);
    const { events } = await this.commands.handle(
      inboxStream(owner.user_id),
      inboxDecider,
      {
        type: 'MarkNotificationRead',
        data: { user_id: owner.user_id, now: new Date(), notification_id: notification.id, unread: notification.read_at === null },
      },
      owner.metadata,
    );
    if (events.length === 0) return notification;
    return (await ownNotification(this.db, owner.user_id, notificationId)) ?? notification;
  }

  async markAllRead(user: SessionUser): Promise<UnreadCount> {
    const owner = this.actors.inboxOwner(user);
    const unread = await unreadCount(this.db, owner.user_id);
    await this.commands.handle(
      inboxStream(owner.user_id),
      inboxDecider,
      { type: 'MarkAllNotificationsRead', data: { user_id: owner.user_id, now: new Date(), unread_count: unread } },
      owner.metadata,
    );
    return { unread_count: await unreadCount(this.db, owner.user_id) };
  }
}
