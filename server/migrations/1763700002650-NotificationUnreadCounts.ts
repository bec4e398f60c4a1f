import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each person's count of unread notifications, kept by projections/notifications.projection.ts
 * as it inserts and marks rows. Counting the unread rows instead cost a scan of all of them on
 * every new notification (its push carries the count), growing with a person's unread inbox.
 */
export class NotificationUnreadCounts1763700002650 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE TABLE notification_unread_counts (user_id uuid PRIMARY KEY, unread integer NOT NULL)');
    await db.query(`
      INSERT INTO notification_unread_counts (user_id, unread)
      SELECT user_id, count(*) FILTER (WHERE read_at IS NULL) FROM notifications GROUP BY user_id`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE notification_unread_counts');
  }
}
