import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admins' review queue (server/src/admin/queries/review-queue-queries.ts) reads pending
 * facilities and applicants oldest first: partial indexes hold just those rows in that order, so
 * the queue and its counts stay small however many records are verified.
 */
export class ReviewQueueIndexes1763700001700 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX facilities_review_queue ON facilities (created_at, id) WHERE verification_status = 'pending'`);
    await db.query(`CREATE INDEX applicants_review_queue ON applicants (created_at, id) WHERE verification_status = 'pending'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX applicants_review_queue');
    await db.query('DROP INDEX facilities_review_queue');
  }
}
