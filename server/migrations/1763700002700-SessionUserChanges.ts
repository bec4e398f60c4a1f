import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every change to the rows a session user is read from (users, facility_members, applicants)
 * notifies `tenens_session_users` with the user's id, and a TRUNCATE with '*': each server
 * instance keeps the session users it has read (auth/session-users.ts) and drops one as soon as
 * its rows change, whoever changed them (a command, a projection, a script or an operator).
 */
export class SessionUserChanges1763700002700 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION tenens_session_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_LEVEL = 'STATEMENT' THEN
          PERFORM pg_notify('tenens_session_users', '*');
        ELSIF TG_TABLE_NAME = 'users' THEN
          PERFORM pg_notify('tenens_session_users', coalesce(NEW.id, OLD.id)::text);
        ELSE
          PERFORM pg_notify('tenens_session_users', coalesce(NEW.user_id, OLD.user_id)::text);
        END IF;
        RETURN NULL;
      END $$`);
    for (const table of TABLES) {
      await db.query(`CREATE TRIGGER ${table}_session_user_changed AFTER INSERT OR UPDATE OR DELETE ON ${table}
                        FOR EACH ROW EXECUTE FUNCTION tenens_session_user_changed()`);
      await db.query(`CREATE TRIGGER ${table}_session_users_truncated AFTER TRUNCATE ON ${table}
                        FOR EACH STATEMENT EXECUTE FUNCTION tenens_session_user_changed()`);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await db.query(`DROP TRIGGER ${table}_session_user_changed ON ${table}`);
      await db.query(`DROP TRIGGER ${table}_session_users_truncated ON ${table}`);
    }
    await db.query('DROP FUNCTION tenens_session_user_changed()');
  }
}

const TABLES = ['users', 'facility_members', 'applicants'];
