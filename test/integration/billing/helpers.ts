import { randomUUID } from 'node:crypto';
import { AccessTokens } from '../../../server/src/auth/tokens';
import type { TestApp } from '../../support/app';
import { draftPosting } from '../../support/postings';

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export const CARDS = {
  pays: { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2099, cvc: '123' },
  declined: { card_number: '4000 0000 0000 0002', exp_month: 12, exp_year: 2099, cvc: '123' },
  failsAtRenewal: { card_number: '4000 0000 0000 0341', exp_month: 12, exp_year: 2099, cvc: '123' },
};

type Flag = 'can_create_jobs' | 'can_edit_jobs' | 'can_publish_jobs' | 'can_manage_bids' | 'can_manage_users' | 'can_manage_billing';

/** A member of a facility with role 'user' and exactly these flags, signed in by the app's own tokens. */
export async function member(t: TestApp, facilityId: string, flags: Partial<Record<Flag, boolean>>, firstName = 'Robin') {
  const email = `member-${randomUUID().slice(0, 8)}@example.test`;
  const [user] = await t.db.query(
    `INSERT INTO users (email, password_hash, role, email_verified, first_name, last_name)
     VALUES ($1, 'not-a-real-hash', 'facility_admin', true, $2, 'Member') RETURNING id, token_version`,
    [email, firstName],
  );
  await t.db.query(
    `INSERT INTO facility_members (user_id, facility_id, role, can_create_jobs, can_edit_jobs, can_publish_jobs, can_manage_bids, can_manage_users, can_manage_billing)
     VALUES ($1, $2, 'user', $3, $4, $5, $6, $7, $8)`,
    [
      user.id,
      facilityId,
      flags.can_create_jobs ?? false,
      flags.can_edit_jobs ?? false,
      flags.can_publish_jobs ?? false,
      flags.can_manage_bids ?? false,
      flags.can_manage_users ?? false,
      flags.can_manage_billing ?? false,
    ],
  );
  return { userId: user.id as string, email, token: t.app.get(AccessTokens).sign(user) };
}

/** A draft published without credits: it waits for a payment. */
export async function awaitingPayment(t: TestApp, token: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const id = await draftPosting(t, token, overrides);
  const published = await t.http().post(`/api/job-postings/${id}/publish`).set(bearer(token));
  if (published.status !== 200 || !published.body.requires_payment) {
    throw new Error(`publish failed: ${published.status} ${JSON.stringify(published.body)}`);
  }
  return id;
}

export function checkoutBody(t: TestApp, postingId: string) {
  return {
    job_posting_id: postingId,
    success_url: `${t.config.APP_URL}/payment/success`,
    cancel_url: `${t.config.APP_URL}/jobs/${postingId}`,
  };
}

export async function checkout(t: TestApp, token: string, postingId: string): Promise<string> {
  const response = await t.http().post('/api/billing/create-checkout-session').set(bearer(token)).send(checkoutBody(t, postingId));
  if (response.status !== 200) throw new Error(`checkout failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.session_id;
}

/** Checkout, pay with `card` in the sandbox and confirm: the posting is live. */
export async function paidPosting(t: TestApp, token: string, card = CARDS.pays, overrides: Record<string, unknown> = {}) {
  const postingId = await awaitingPayment(t, token, overrides);
  const sessionId = await checkout(t, token, postingId);
  const paid = await t.http().post(`/api/billing/sandbox/sessions/${sessionId}/pay`).set(bearer(token)).send(card);
  if (paid.status !== 200) throw new Error(`pay failed: ${paid.status} ${JSON.stringify(paid.body)}`);
  const confirmed = await t.http().post(`/api/billing/confirm-subscription/${sessionId}`).set(bearer(token));
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return { postingId, sessionId, confirmed: confirmed.body };
}

export async function subscriptionOf(t: TestApp, token: string, postingId: string) {
  return t.http().get(`/api/billing/subscription/${postingId}`).set(bearer(token));
}

/** The types of a stream's events, in order. */
export async function eventTypes(t: TestApp, stream: string): Promise<string[]> {
  const rows: { type: string }[] = await t.db.query('SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_version', [stream]);
  return rows.map((row) => row.type);
}

/** Waits (bounded) until `check` holds: for work done by background jobs. */
export async function eventually<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
