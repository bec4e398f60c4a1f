import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Billing (issue #11). Read models of the `subscription-{posting id}` streams: one subscription row
 * per posting and one billing record per payment. Provider state that is not a business fact
 * lives in plain tables: checkout sessions (the sandbox's own, and Stripe's mapped to their
 * posting and facility), one Stripe customer per facility, and the Stripe webhook events applied.
 */
export class Billing1763700001500 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE subscriptions (
        posting_id uuid PRIMARY KEY,
        facility_id uuid NOT NULL,
        status text NOT NULL CHECK (status IN ('active', 'past_due', 'canceled')),
        provider text NOT NULL,
        provider_ref text,
        checkout_session_id text,
        monthly_rate_cents integer NOT NULL,
        current_period_start timestamptz NOT NULL,
        current_period_end timestamptz NOT NULL,
        canceled_at timestamptz,
        cancel_reason text,
        updated_at timestamptz NOT NULL
      )`);
    await db.query('CREATE INDEX subscriptions_facility ON subscriptions (facility_id, status)');
    await db.query(`
      CREATE TABLE billing_records (
        id uuid PRIMARY KEY,
        posting_id uuid NOT NULL,
        facility_id uuid NOT NULL,
        billing_type text NOT NULL,
        amount_cents integer NOT NULL,
        status text NOT NULL CHECK (status IN ('paid', 'pending', 'failed')),
        paid_at timestamptz,
        created_at timestamptz NOT NULL,
        source_ref text NOT NULL,
        period_start timestamptz,
        period_end timestamptz
      )`);
    await db.query(
      'CREATE INDEX billing_records_facility_newest ON billing_records (facility_id, (coalesce(paid_at, created_at)) DESC, id DESC)',
    );
    await db.query('CREATE INDEX billing_records_posting ON billing_records (posting_id, created_at DESC)');
    await db.query(`
      CREATE TABLE checkout_sessions (
        id text PRIMARY KEY,
        provider text NOT NULL CHECK (provider IN ('stripe', 'sandbox')),
        posting_id uuid NOT NULL,
        facility_id uuid NOT NULL,
        success_url text NOT NULL,
        monthly_rate_cents integer NOT NULL,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete')),
        card_outcome text,
        card_last4 text,
        created_at timestamptz NOT NULL DEFAULT now(),
        paid_at timestamptz
      )`);
    await db.query('CREATE INDEX checkout_sessions_posting ON checkout_sessions (posting_id)');
    await db.query(`
      CREATE TABLE billing_customers (
        facility_id uuid PRIMARY KEY,
        stripe_customer_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE stripe_webhook_events (
        id text PRIMARY KEY,
        type text NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['stripe_webhook_events', 'billing_customers', 'checkout_sessions', 'billing_records', 'subscriptions']) {
      await db.query(`DROP TABLE ${table}`);
    }
  }
}
