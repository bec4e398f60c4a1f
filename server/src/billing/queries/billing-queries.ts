import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Actors } from '../../auth/actors';
import type { SessionUser } from '../../auth/session-user';
import { CONFIG, type Config } from '../../config/config';
import {
  BILLING_MESSAGES as M,
  centsToDollars,
  paymentsQuerySchema,
  type BillingConfig,
  type BillingDashboard,
  type BillingRecord,
  type PaymentRow,
  type PaymentsPage,
  type PaymentsQuery,
  type SubscriptionView,
} from '../../domain/billing';
import { NotFoundError } from '../../domain/shared/errors';
import { parseOrThrow } from '../../http/validation';

interface SubscriptionRow {
  posting_id: string;
  facility_id: string;
  status: SubscriptionView['status'];
  monthly_rate_cents: number;
  current_period_start: Date;
  current_period_end: Date;
  canceled_at: Date | null;
}

interface RecordRow {
  id: string;
  amount_cents: number;
  status: BillingRecord['status'];
  paid_at: Date | null;
  created_at: Date;
  billing_type: BillingRecord['billing_type'];
}

interface PaymentDbRow extends RecordRow {
  posting_id: string;
  job_title: string;
  job_status: string;
  job_auto_expire_date: Date | null;
  payment_date: Date;
}

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

/**
 * Payment History's filter in SQL (part 2 section 4): active = the job is active and its
 * auto-expire date is absent or ahead; expired = it has one and it is now or past; all = all.
 */
const FILTERS: Record<PaymentsQuery['filter'], string> = {
  active: `AND p.status = 'active' AND (p.auto_expire_date IS NULL OR p.auto_expire_date > now())`,
  expired: 'AND p.auto_expire_date IS NOT NULL AND p.auto_expire_date <= now()',
  all: '',
};

/** Billing's reads: the billing read models (subscriptions, billing_records) joined with job_postings. */
@Injectable()
export class BillingQueries {
  constructor(
    private readonly db: DataSource,
    private readonly actors: Actors,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  billingConfig(): BillingConfig {
    const stripe = Boolean(this.config.STRIPE_SECRET_KEY);
    return {
      job_posting_monthly_rate: this.config.POSTING_MONTHLY_RATE,
      currency: 'usd',
      mode: stripe ? 'stripe' : 'sandbox',
      publishable_key: stripe ? (this.config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    };
  }

  /** A posting's billing for its facility's billing managers and platform admins; 404 when it never had any. */
  async subscription(user: SessionUser, postingId: string): Promise<SubscriptionView> {
    const facilityId = user.is_admin ? null : this.actors.billingManager(user).facility_id;
    const view = await this.subscriptionView(postingId, facilityId);
    if (!view) throw new NotFoundError(M.subscriptionNotFound);
    return view;
  }

  /** The subscription with its records, newest first; `facilityId` limits it to that facility's. */
  async subscriptionView(postingId: string, facilityId: string | null = null): Promise<SubscriptionView | null> {
    const [row]: SubscriptionRow[] = await this.db.query(
      `SELECT posting_id, facility_id, status, monthly_rate_cents, current_period_start, current_period_end, canceled_at
         FROM subscriptions WHERE posting_id = $1 AND ($2::uuid IS NULL OR facility_id = $2)`,
      [postingId, facilityId],
    );
    if (!row) return null;
    const records: RecordRow[] = await this.db.query(
      `SELECT id, amount_cents, status, paid_at, created_at, billing_type FROM billing_records
        WHERE posting_id = $1 ORDER BY created_at DESC, id DESC`,
      [postingId],
    );
    return {
      job_posting_id: row.posting_id,
      status: row.status,
      monthly_rate: centsToDollars(row.monthly_rate_cents),
      current_period_start: new Date(row.current_period_start).toISOString(),
      current_period_end: new Date(row.current_period_end).toISOString(),
      canceled_at: iso(row.canceled_at),
      billing_records: records.map((record) => ({
        id: record.id,
        prorated_amount: centsToDollars(record.amount_cents),
        status: record.status,
        paid_at: iso(record.paid_at),
        created_at: new Date(record.created_at).toISOString(),
        billing_type: record.billing_type,
      })),
    };
  }

  /** The caller's facility's payments (billing managers only). */
  myPayments(user: SessionUser, query: unknown): Promise<PaymentsPage> {
    const facilityId = this.actors.billingManager(user).facility_id;
    return this.payments(facilityId, parseOrThrow(paymentsQuerySchema, query ?? {}, 'query'));
  }

  /** One facility's payments, newest first, filtered and paged in SQL. */
  async payments(facilityId: string, query: PaymentsQuery): Promise<PaymentsPage> {
    const filter = FILTERS[query.filter];
    const offset = (query.page - 1) * query.page_size;
    const rows: PaymentDbRow[] = await this.db.query(
      `SELECT r.id, r.posting_id, r.amount_cents, r.status, r.paid_at, r.created_at, r.billing_type,
              coalesce(r.paid_at, r.created_at) AS payment_date,
              p.title AS job_title, p.auto_expire_date AS job_auto_expire_date,
              CASE WHEN p.status = 'active' AND p.auto_expire_date <= now() THEN 'expired' ELSE p.status END AS job_status
         FROM billing_records r JOIN job_postings p ON p.id = r.posting_id
        WHERE r.facility_id = $1 ${filter}
        ORDER BY coalesce(r.paid_at, r.created_at) DESC, r.id DESC
        LIMIT $2 OFFSET $3`,
      [facilityId, query.page_size, offset],
    );
    const [{ total }]: { total: number }[] = await this.db.query(
      `SELECT count(*)::int AS total FROM billing_records r JOIN job_postings p ON p.id = r.posting_id WHERE r.facility_id = $1 ${filter}`,
      [facilityId],
    );
    return {
      payments: rows.map(paymentRow),
      total,
      page: query.page,
      page_size: query.page_size,
      posting_credits: await this.credits(facilityId),
    };
  }

  async dashboard(user: SessionUser): Promise<BillingDashboard> {
    const facilityId = this.actors.billingManager(user).facility_id;
    const [subscriptions]: { active: number; monthly_cents: number }[] = await this.db.query(
      `SELECT count(*)::int AS active, coalesce(sum(monthly_rate_cents), 0)::int AS monthly_cents
         FROM subscriptions WHERE facility_id = $1 AND status IN ('active', 'past_due') AND provider <> 'credit'`,
      [facilityId],
    );
    const [paid]: { cents: number }[] = await this.db.query(
      `SELECT coalesce(sum(amount_cents), 0)::int AS cents FROM billing_records
        WHERE facility_id = $1 AND status = 'paid' AND paid_at > now() - interval '30 days'`,
      [facilityId],
    );
    return {
      posting_credits: await this.credits(facilityId),
      active_subscriptions: subscriptions.active,
      monthly_total: centsToDollars(subscriptions.monthly_cents),
      paid_last_30_days: centsToDollars(paid.cents),
    };
  }

  /** A facility that exists, for the admin console's payments (404 otherwise). */
  async adminPayments(facilityId: string, query: unknown): Promise<PaymentsPage> {
    const [facility] = await this.db.query('SELECT 1 FROM facilities WHERE id = $1', [facilityId]);
    if (!facility) throw new NotFoundError('Facility not found');
    return this.payments(facilityId, parseOrThrow(paymentsQuerySchema, query ?? {}, 'query'));
  }

  private async credits(facilityId: string): Promise<number> {
    const [row]: { posting_credits: number }[] = await this.db.query('SELECT posting_credits FROM facilities WHERE id = $1', [facilityId]);
    return row?.posting_credits ?? 0;
  }
}

function paymentRow(row: PaymentDbRow): PaymentRow {
  return {
    id: row.id,
    job_posting_id: row.posting_id,
    job_title: row.job_title,
    job_status: row.job_status,
    job_auto_expire_date: iso(row.job_auto_expire_date),
    payment_date: new Date(row.payment_date).toISOString(),
    amount: centsToDollars(row.amount_cents),
    billing_type: row.billing_type,
    status: row.status,
  };
}
