import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Market rate insights (issue #16), read models of projections/market-rates.projection.ts: each
 * posting's role, license state, rate and when it went live, and each bid's, with whether it was
 * countered and the rate agreed. GET /api/insights/rates reads one role and state over the last
 * 90 days through the partial, covering indexes below (index-only range scans, grouped by rate),
 * so an answer reads only that window's rows however long the history grows.
 */
export class MarketRates1763700002100 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE market_rate_postings (
        posting_id uuid PRIMARY KEY,
        role_type text NOT NULL,
        license_state text NOT NULL,
        hourly_rate integer NOT NULL,
        published_at timestamptz
      )`);
    await db.query(`
      CREATE INDEX market_rate_postings_published ON market_rate_postings (role_type, license_state, published_at)
        INCLUDE (hourly_rate) WHERE published_at IS NOT NULL`);
    await db.query(`
      CREATE TABLE market_rate_bids (
        bid_id uuid PRIMARY KEY,
        posting_id uuid NOT NULL,
        role_type text NOT NULL,
        license_state text NOT NULL,
        submitted_at timestamptz NOT NULL,
        countered boolean NOT NULL,
        agreed_rate integer,
        connected_at timestamptz
      )`);
    await db.query(`
      CREATE INDEX market_rate_bids_submitted ON market_rate_bids (role_type, license_state, submitted_at) INCLUDE (countered)`);
    await db.query(`
      CREATE INDEX market_rate_bids_connected ON market_rate_bids (role_type, license_state, connected_at)
        INCLUDE (agreed_rate) WHERE connected_at IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE market_rate_bids');
    await db.query('DROP TABLE market_rate_postings');
  }
}
