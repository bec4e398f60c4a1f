import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SessionUser } from '../../auth/session-user';
import {
  notificationsQuerySchema,
  type NotificationKind,
  type NotificationsPage,
  type NotificationView,
  type UnreadCount,
} from '../../domain/notifications';
import { parseOrThrow } from '../../http/validation';

interface NotificationRow {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  created_at: Date;
  read_at: Date | null;
  total?: number;
}

const COLUMNS = 'id, kind, title, body, link, created_at, read_at';

function view(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    created_at: new Date(row.created_at).toISOString(),
    read_at: row.read_at === null ? null : new Date(row.read_at).toISOString(),
  };
}

/** One of the person's own notifications, or null (someone else's is as good as missing). */
export async function ownNotification(db: Pick<DataSource, 'query'>, userId: string, id: string): Promise<NotificationView | null> {
  const [row]: NotificationRow[] = await db.query(`SELECT ${COLUMNS} FROM notifications WHERE id = $1 AND user_id = $2`, [id, userId]);
  return row ? view(row) : null;
}

/** As the notifications projection keeps it (no row: nothing was ever sent to this person). */
export async function unreadCount(db: Pick<DataSource, 'query'>, userId: string): Promise<number> {
  const [row]: { unread: number }[] = await db.query('SELECT unread FROM notification_unread_counts WHERE user_id = $1', [userId]);
  return row?.unread ?? 0;
}

/** The caller's inbox, newest first, paged in SQL; each person reads only their own rows. */
@Injectable()
export class NotificationQueries {
  constructor(private readonly db: DataSource) {}

  async page(user: SessionUser, query: unknown): Promise<NotificationsPage> {
    const { unread, page, page_size } = parseOrThrow(notificationsQuerySchema, query, 'query');
    const rows: NotificationRow[] = await this.db.query(
      `SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM notifications
        WHERE user_id = $1 AND ($2::boolean IS FALSE OR read_at IS NULL)
        ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
      [user.id, unread, page_size, (page - 1) * page_size],
    );
    const total = rows[0]?.total ?? (page > 1 ? await this.total(user.id, unread) : 0);
    return { notifications: rows.map(view), total, unread_count: await unreadCount(this.db, user.id), page, page_size };
  }

  async unread(user: SessionUser): Promise<UnreadCount> {
    return { unread_count: await unreadCount(this.db, user.id) };
  }

  /** A page past the end has no rows to carry the count. */
  private async total(userId: string, unread: boolean): Promise<number> {
    const [row]: { count: number }[] = await this.db.query(
      'SELECT count(*)::int AS count FROM notifications WHERE user_id = $1 AND ($2::boolean IS FALSE OR read_at IS NULL)',
      [userId, unread],
    );
    return row.count;
  }
}
