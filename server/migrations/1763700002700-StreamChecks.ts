import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * events_unchanged(streams, versions): fails the transaction it runs in when one of the streams
 * has an event after the version given for it (-1: any event at all). A command that decided on
 * states it did not read in its own round trip (the command bus's cached states) runs it before
 * its append, so it commits only if every stream it decided on still stands where it was read.
 * The error is a serialization failure (40001) naming the stream in its detail.
 */
export class StreamChecks1763700002700 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    // search_path pinned: a rebuild's catch-up runs with its own schema first.
    await db.query(`
      CREATE FUNCTION events_unchanged(streams text[], versions integer[]) RETURNS void
      LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      DECLARE
        changed text;
      BEGIN
        SELECT c.stream INTO changed
          FROM unnest(streams, versions) AS c(stream, version)
         WHERE EXISTS (SELECT 1 FROM events e WHERE e.stream_id = c.stream AND e.stream_version > c.version)
         LIMIT 1;
        IF changed IS NOT NULL THEN
          RAISE EXCEPTION 'stream % changed since it was read', changed USING ERRCODE = '40001', DETAIL = changed, HINT = 'events_unchanged';
        END IF;
      END $$`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP FUNCTION events_unchanged(text[], integer[])');
  }
}
