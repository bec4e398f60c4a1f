import {
  isCardExpired,
  sandboxCardOutcome,
  subscriptionDecider,
  type StartSubscription,
  type SubscriptionCommand,
  type SubscriptionEvent,
} from '../../../../server/src/domain/billing';
import { ConflictError } from '../../../../server/src/domain/shared/errors';
import { deciderSpec } from '../shared/given-when-then';

const { given } = deciderSpec(subscriptionDecider);

const POSTING = '0b1c0c1e-7f60-4a47-9f35-3f4d1b7a0001';
const FACILITY = '0b1c0c1e-7f60-4a47-9f35-3f4d1b7a0002';
const NOW = new Date('2026-12-01T10:00:00.000Z');
const AT = NOW.toISOString();
const PERIOD_END = '2027-01-01T10:00:00.000Z';
const LATER = new Date('2027-01-01T10:00:00.000Z');
const ids = { posting_id: POSTING, facility_id: FACILITY };

function start(overrides: Partial<StartSubscription['data']> = {}): SubscriptionCommand {
  return {
    type: 'StartSubscription',
    data: {
      now: NOW,
      ...ids,
      provider: 'sandbox',
      provider_ref: 'cs_sandbox_1',
      checkout_session_id: 'cs_sandbox_1',
      monthly_rate_cents: 19900,
      period_end: PERIOD_END,
      payment: { payment_id: 'p-initial', billing_type: 'initial', amount_cents: 19900, source_ref: 'cs_sandbox_1' },
      ...overrides,
    },
  };
}

const started: SubscriptionEvent = {
  type: 'SubscriptionStarted',
  data: {
    ...ids,
    provider: 'sandbox',
    provider_ref: 'cs_sandbox_1',
    checkout_session_id: 'cs_sandbox_1',
    monthly_rate_cents: 19900,
    period_start: AT,
    period_end: PERIOD_END,
    at: AT,
  },
};
const initial: SubscriptionEvent = {
  type: 'PaymentRecorded',
  data: {
    ...ids,
    payment_id: 'p-initial',
    billing_type: 'initial',
    amount_cents: 19900,
    status: 'paid',
    paid_at: AT,
    source_ref: 'cs_sandbox_1',
    period_start: AT,
    period_end: PERIOD_END,
    at: AT,
  },
};

const renewal = (outcome: 'paid' | 'failed', source_ref = 'renewal-1'): SubscriptionCommand => ({
  type: 'RecordRenewal',
  data: {
    now: LATER,
    payment_id: 'p-renewal',
    source_ref,
    amount_cents: 19900,
    outcome,
    period_start: PERIOD_END,
    period_end: '2027-02-01T10:00:00.000Z',
  },
});

const cancel = (requested_at = LATER.toISOString()): SubscriptionCommand => ({
  type: 'CancelSubscription',
  data: { now: LATER, reason: 'withdrawn', requested_at, payment_id: 'p-final' },
});

describe('starting a subscription', () => {
  test('a paid checkout starts the period and records the initial payment', () => {
    const state = given([]).when(start()).then([started, initial]);
    expect(state).toMatchObject({ status: 'active', period_start: AT, period_end: PERIOD_END, provider: 'sandbox' });
  });

  test('the same checkout session again changes nothing (a second confirm, or its webhook)', () => {
    given([started, initial])
      .when(start({ payment: { payment_id: 'other', billing_type: 'initial', amount_cents: 19900, source_ref: 'cs_sandbox_1' } }))
      .thenNothing();
  });

  test('a credit starts a credit period with a record of no cash value', () => {
    const credit = start({
      provider: 'credit',
      provider_ref: null,
      checkout_session_id: null,
      payment: { payment_id: 'p-credit', billing_type: 'credit', amount_cents: 0, source_ref: `credit-${AT}` },
    });
    const [, record] = subscriptionDecider.decide(credit, subscriptionDecider.initialState());
    expect(record).toMatchObject({ type: 'PaymentRecorded', data: { billing_type: 'credit', amount_cents: 0, status: 'paid' } });
  });

  test('a new period while one is still live closes the old one with a Final record first', () => {
    const events = subscriptionDecider.decide(
      start({
        now: LATER,
        checkout_session_id: 'cs_2',
        payment: { payment_id: 'p2', billing_type: 'initial', amount_cents: 19900, source_ref: 'cs_2' },
      }),
      [started, initial].reduce(subscriptionDecider.evolve, subscriptionDecider.initialState()),
    );
    expect(events.map((event) => event.type)).toEqual([
      'PaymentRecorded',
      'SubscriptionCanceled',
      'SubscriptionStarted',
      'PaymentRecorded',
    ]);
    expect(events[0].data).toMatchObject({ billing_type: 'prorated_cancellation', amount_cents: 0 });
  });
});

describe('renewals', () => {
  test('a paid renewal records a monthly payment and moves the period on', () => {
    const state = given([started, initial])
      .when(renewal('paid'))
      .then([
        {
          type: 'PaymentRecorded',
          data: {
            ...ids,
            payment_id: 'p-renewal',
            billing_type: 'monthly',
            amount_cents: 19900,
            status: 'paid',
            paid_at: LATER.toISOString(),
            source_ref: 'renewal-1',
            period_start: PERIOD_END,
            period_end: '2027-02-01T10:00:00.000Z',
            at: LATER.toISOString(),
          },
        },
      ]);
    expect(state).toMatchObject({ status: 'active', period_start: PERIOD_END, period_end: '2027-02-01T10:00:00.000Z' });
  });

  test('a failed renewal records a failed payment and makes the subscription past due', () => {
    const events = subscriptionDecider.decide(
      renewal('failed'),
      [started, initial].reduce(subscriptionDecider.evolve, subscriptionDecider.initialState()),
    );
    expect(events.map((event) => event.type)).toEqual(['PaymentRecorded', 'PaymentFailed']);
    expect(events[0].data).toMatchObject({ status: 'failed', paid_at: null, billing_type: 'monthly' });
    const state = events.reduce(
      subscriptionDecider.evolve,
      [started, initial].reduce(subscriptionDecider.evolve, subscriptionDecider.initialState()),
    );
    expect(state).toMatchObject({ status: 'past_due', period_end: '2027-02-01T10:00:00.000Z' });
  });

  test('the same renewal source twice records once', () => {
    const [record] = subscriptionDecider.decide(
      renewal('paid'),
      [started, initial].reduce(subscriptionDecider.evolve, subscriptionDecider.initialState()),
    );
    given([started, initial, record]).when(renewal('paid')).thenNothing();
  });

  test('an invoice before its subscription started is refused, so the provider retries it', () => {
    given([]).when(renewal('paid')).thenThrows(ConflictError, 'This job posting has no subscription to bill yet.');
  });
});

describe('cancellation', () => {
  test('cancels at once with a Final record of 0 (no refunds)', () => {
    const state = given([started, initial])
      .when(cancel())
      .then([
        {
          type: 'PaymentRecorded',
          data: {
            ...ids,
            payment_id: 'p-final',
            billing_type: 'prorated_cancellation',
            amount_cents: 0,
            status: 'paid',
            paid_at: LATER.toISOString(),
            source_ref: `final-${AT}`,
            period_start: AT,
            period_end: LATER.toISOString(),
            at: LATER.toISOString(),
          },
        },
        { type: 'SubscriptionCanceled', data: { ...ids, reason: 'withdrawn', at: LATER.toISOString() } },
      ]);
    expect(state.status).toBe('canceled');
  });

  test('a canceled or never started subscription stays as it is', () => {
    given([]).when(cancel()).thenNothing();
    given([started, initial, { type: 'SubscriptionCanceled', data: { ...ids, reason: 'expired', at: AT } }])
      .when(cancel())
      .thenNothing();
  });

  test('a cancellation for a cause older than the subscription leaves the new subscription alone', () => {
    given([started, initial]).when(cancel('2026-11-30T00:00:00.000Z')).thenNothing();
  });
});

describe('sandbox cards', () => {
  test("behave like Stripe's test cards; any other number is declined", () => {
    expect(sandboxCardOutcome('4242424242424242')).toBe('pays');
    expect(sandboxCardOutcome('4000000000000002')).toBe('declined');
    expect(sandboxCardOutcome('4000000000000341')).toBe('fails_at_renewal');
    expect(sandboxCardOutcome('5555555555554444')).toBe('declined');
  });

  test('a card is good through the last day of its expiry month', () => {
    expect(isCardExpired(12, 2026, new Date('2026-12-31T23:59:59Z'))).toBe(false);
    expect(isCardExpired(11, 2026, new Date('2026-12-01T00:00:00Z'))).toBe(true);
  });
});
