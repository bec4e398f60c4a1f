import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event log of the Postgres event store. Readers page through it by
 * (transaction_id, global_position): a transaction that commits late sorts after everything a
 * reader could already have seen, so catch-up readers never skip it.
 */
export class EventStore1763700000000 implements MigrationInterface {
  name = 'EventStore1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE events (
        global_position bigserial PRIMARY KEY,
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        stream_id text NOT NULL,
        stream_version integer NOT NULL,
        event_id uuid NOT NULL,
        type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT events_event_id_unique UNIQUE (event_id),
        -- Optimistic concurrency: two writers cannot both add the same version of a stream.
        -- It is also the index readStream and the expected-version check use.
        CONSTRAINT events_stream_version_unique UNIQUE (stream_id, stream_version)
      )`);
    await queryRunner.query(`CREATE INDEX events_log_order ON events (transaction_id, global_position)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE events`);
  }
}
