import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * No planner statistics for the read models' JSON documents: no query compares them whole (the
 * expiry schedule and the bid rows read fields out of `state`, which column statistics do not
 * estimate), and gathering them was a fifth of what ANALYZE spends on the read models, in every
 * rebuild and every autovacuum analyze.
 */
export class StateStatistics1763700002800 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    for (const [table, column] of DOCUMENTS) await db.query(`ALTER TABLE ${table} ALTER COLUMN ${column} SET STATISTICS 0`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const [table, column] of DOCUMENTS) await db.query(`ALTER TABLE ${table} ALTER COLUMN ${column} SET STATISTICS -1`);
  }
}

const DOCUMENTS = [
  ['posting_bid_states', 'state'],
  ['bid_postings', 'state'],
  ['audit_log', 'data'],
] as const;
