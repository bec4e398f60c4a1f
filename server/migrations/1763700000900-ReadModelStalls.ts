import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A read model that keeps failing on one event stops there instead of retrying forever: the
 * stall names the event, its position and the error until an operator retries or skips it, and
 * every repair is kept.
 */
export class ReadModelStalls1763700000900 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE read_model_stalls (
        name text PRIMARY KEY,
        event_id uuid NOT NULL,
        event_type text NOT NULL,
        stream_id text NOT NULL,
        position text NOT NULL,
        error text NOT NULL,
        attempts integer NOT NULL,
        stalled_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE read_model_repairs (
        id bigserial PRIMARY KEY,
        name text NOT NULL,
        action text NOT NULL CHECK (action IN ('retry', 'skip')),
        event_id uuid NOT NULL,
        event_type text NOT NULL,
        position text NOT NULL,
        error text NOT NULL,
        repaired_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX read_model_repairs_skips ON read_model_repairs (name, event_id) WHERE action = 'skip'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE read_model_repairs');
    await db.query('DROP TABLE read_model_stalls');
  }
}
