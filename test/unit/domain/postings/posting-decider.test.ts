import { fold } from '../../../../server/src/domain/shared/decider';
import { ConflictError, ForbiddenError, NotFoundError, RuleViolation } from '../../../../server/src/domain/shared/errors';
import {
  postingDecider,
  postingStatus,
  type Posting,
  type PostingCommand,
  type PostingEvent,
  type PostingState,
} from '../../../../server/src/domain/postings';
import { deciderSpec } from '../shared/given-when-then';
import {
  AT,
  CREATED_AT,
  DRAFT_EXPIRY,
  FACILITY_ID,
  FIELDS,
  FORM,
  HISTORIES,
  MONTH_AFTER_NOW,
  NOW,
  PAST_PERIOD_END,
  PERIOD_END,
  POSTING_ID,
  USER_ID,
  cmd,
  ev,
  member,
  type Situation,
} from './fixtures';

const { given } = deciderSpec(postingDecider);
const acted = { user_id: USER_ID, at: AT };

describe('posting decider: every command in every situation', () => {
  type Outcome = string | [typeof ConflictError | typeof NotFoundError, string] | 'nothing';
  const commands: Record<string, () => PostingCommand> = {
    create: () => cmd.create(),
    edit: () => cmd.edit(),
    'publish with a credit': () => cmd.publish(1),
    'publish without credit': () => cmd.publish(0),
    'confirm payment': () => cmd.confirmPayment(),
    withdraw: () => cmd.withdraw(),
    reactivate: () => cmd.reactivate(),
    expire: () => cmd.expire(),
    reopen: () => cmd.reopen(),
    'record connection': () => cmd.recordConnection(),
  };
  const exists: [typeof ConflictError, string] = [ConflictError, 'This job posting already exists.'];
  const notFound: [typeof NotFoundError, string] = [NotFoundError, 'Job posting not found'];
  const notAwaitingPayment: [typeof ConflictError, string] = [ConflictError, 'This job posting is not awaiting payment.'];
  const alreadyActive: [typeof ConflictError, string] = [ConflictError, 'This job posting is already active.'];
  const hasExpired: [typeof ConflictError, string] = [ConflictError, 'This job posting has expired.'];
  const expiredReactivate: [typeof ConflictError, string] = [
    ConflictError,
    'This job posting has expired; publish it again to start a new period.',
  ];
  const draftWithdraw: [typeof ConflictError, string] = [
    ConflictError,
    'This job posting is a draft and is not published, so it cannot be withdrawn.',
  ];
  const draftReactivate: [typeof ConflictError, string] = [ConflictError, 'This job posting is a draft; publish it instead.'];
  const notFilled: [typeof ConflictError, string] = [ConflictError, 'This job posting is not filled; it is already taking bids.'];
  const withdrawnReopen: [typeof ConflictError, string] = [ConflictError, 'This job posting was withdrawn; reactivate it instead.'];
  const isFilled: [typeof ConflictError, string] = [ConflictError, 'This job posting is filled; reopen it to take bids again.'];
  const made = 'PostingConnectionMade';

  // Expected event type, 'nothing', or the refusal.
  const table: Record<Situation, Record<keyof typeof commands, Outcome>> = {
    none: {
      create: 'PostingCreated',
      edit: notFound,
      'publish with a credit': notFound,
      'publish without credit': notFound,
      'confirm payment': notFound,
      withdraw: notFound,
      reactivate: notFound,
      expire: 'nothing',
      reopen: notFound,
      'record connection': notFound,
    },
    draft: {
      create: exists,
      edit: 'PostingEdited',
      'publish with a credit': 'PostingPublished',
      'publish without credit': 'PostingPaymentRequired',
      'confirm payment': notAwaitingPayment,
      withdraw: draftWithdraw,
      reactivate: draftReactivate,
      expire: 'nothing',
      reopen: draftReactivate,
      'record connection': made,
    },
    draft_awaiting_payment: {
      create: exists,
      edit: 'PostingEdited',
      'publish with a credit': 'PostingPublished',
      'publish without credit': 'PostingPaymentRequired',
      'confirm payment': 'PostingActivated',
      withdraw: draftWithdraw,
      reactivate: draftReactivate,
      expire: 'nothing',
      reopen: draftReactivate,
      'record connection': made,
    },
    active: {
      create: exists,
      edit: 'PostingEdited',
      'publish with a credit': alreadyActive,
      'publish without credit': alreadyActive,
      'confirm payment': notAwaitingPayment,
      withdraw: 'PostingWithdrawn',
      reactivate: alreadyActive,
      expire: 'nothing',
      reopen: notFilled,
      'record connection': 'PostingConnectionMade+PostingFilled',
    },
    withdrawn: {
      create: exists,
      edit: 'PostingEdited',
      'publish with a credit': [ConflictError, 'This job posting was withdrawn; reactivate it instead.'],
      'publish without credit': [ConflictError, 'This job posting was withdrawn; reactivate it instead.'],
      'confirm payment': notAwaitingPayment,
      withdraw: [ConflictError, 'This job posting is already withdrawn.'],
      reactivate: 'PostingPublished',
      expire: 'nothing',
      reopen: withdrawnReopen,
      'record connection': made,
    },
    expired: {
      create: exists,
      edit: 'PostingEdited',
      'publish with a credit': 'PostingPublished',
      'publish without credit': 'PostingPaymentRequired',
      'confirm payment': notAwaitingPayment,
      withdraw: hasExpired,
      reactivate: expiredReactivate,
      expire: 'PostingExpired',
      reopen: expiredReactivate,
      'record connection': made,
    },
    expired_recorded: {
      create: exists,
      edit: 'PostingEdited',
      'publish with a credit': 'PostingPublished',
      'publish without credit': 'PostingPaymentRequired',
      'confirm payment': notAwaitingPayment,
      withdraw: hasExpired,
      reactivate: expiredReactivate,
      expire: 'nothing',
      reopen: expiredReactivate,
      'record connection': made,
    },
    expired_awaiting_payment: {
      create: exists,
      edit: 'PostingEdited',
      'publish with a credit': 'PostingPublished',
      'publish without credit': 'PostingPaymentRequired',
      'confirm payment': 'PostingActivated',
      withdraw: hasExpired,
      reactivate: expiredReactivate,
      expire: 'PostingExpired',
      reopen: expiredReactivate,
      'record connection': made,
    },
    withdrawn_expired: {
      create: exists,
      edit: 'PostingEdited',
      'publish with a credit': 'PostingPublished',
      'publish without credit': 'PostingPaymentRequired',
      'confirm payment': notAwaitingPayment,
      withdraw: hasExpired,
      reactivate: expiredReactivate,
      // Only a live posting is expired by the job; a withdrawn one is expired by time alone.
      expire: 'nothing',
      reopen: expiredReactivate,
      'record connection': made,
    },
    filled: {
      create: exists,
      edit: 'PostingEdited',
      'publish with a credit': isFilled,
      'publish without credit': isFilled,
      'confirm payment': notAwaitingPayment,
      withdraw: 'PostingWithdrawn',
      reactivate: isFilled,
      expire: 'nothing',
      reopen: 'PostingReopened',
      'record connection': made,
    },
    filled_expired: {
      create: exists,
      edit: 'PostingEdited',
      'publish with a credit': 'PostingPublished',
      'publish without credit': 'PostingPaymentRequired',
      'confirm payment': notAwaitingPayment,
      withdraw: hasExpired,
      reactivate: expiredReactivate,
      // A filled posting's period ends like an active one's, so billing hears of it.
      expire: 'PostingExpired',
      reopen: expiredReactivate,
      'record connection': made,
    },
  };

  const cases = Object.entries(table).flatMap(([situation, row]) =>
    Object.entries(row).map(([command, outcome]) => ({ situation: situation as Situation, command, outcome })),
  );

  test.each(cases)('$situation + $command', ({ situation, command, outcome }) => {
    const when = given(HISTORIES[situation]).when(commands[command]());
    if (outcome === 'nothing') return when.thenNothing();
    if (Array.isArray(outcome)) return void when.thenThrows(outcome[0], outcome[1]);
    const events = postingDecider.decide(commands[command](), fold(postingDecider, HISTORIES[situation]));
    expect(events.map((event) => event.type)).toEqual(outcome.split('+'));
  });
});

describe('who may act', () => {
  const onExisting: Record<string, (actor: ReturnType<typeof member>) => PostingCommand> = {
    create: (actor) => cmd.create(actor),
    edit: (actor) => cmd.edit({ title: 'Changed' }, actor),
    publish: (actor) => cmd.publish(1, actor),
    withdraw: (actor) => cmd.withdraw(actor),
    reactivate: (actor) => cmd.reactivate(actor),
  };
  // A situation where each command would otherwise succeed.
  const history: Record<string, Situation> = {
    create: 'none',
    edit: 'draft',
    publish: 'draft',
    withdraw: 'active',
    reactivate: 'withdrawn',
  };

  describe.each(Object.keys(onExisting))('%s', (name) => {
    const when = (actor: ReturnType<typeof member>) => given(HISTORIES[history[name]]).when(onExisting[name](actor));

    test('succeeds for a permitted member (control)', () => {
      expect(() => postingDecider.decide(onExisting[name](member()), fold(postingDecider, HISTORIES[history[name]]))).not.toThrow();
    });
    test.each(['pending', 'rejected'] as const)('refused while the facility is %s', (verification_status) => {
      when(member({ facility: { verification_status, is_active: true } })).thenThrows(
        ForbiddenError,
        'Your facility must be verified before you can post jobs.',
      );
    });
    test('refused while the facility is suspended', () => {
      when(member({ facility: { verification_status: 'verified', is_active: false } })).thenThrows(
        ForbiddenError,
        'Your facility is suspended. Contact support to reactivate it.',
      );
    });
    if (name !== 'create') {
      test("refused on another facility's posting", () => {
        when(member({ facility_id: 'facility-2' })).thenThrows(ForbiddenError, 'This job posting belongs to another facility.');
      });
    }
  });

  test.each([
    ['create', 'can_create_jobs', "You don't have permission to create job postings."],
    ['edit', 'can_edit_jobs', "You don't have permission to edit job postings."],
    ['publish', 'can_publish_jobs', "You don't have permission to publish job postings."],
    ['withdraw', 'can_publish_jobs', "You don't have permission to withdraw job postings."],
    ['reactivate', 'can_publish_jobs', "You don't have permission to reactivate job postings."],
  ] as const)('%s needs %s and no other flag will do', (name, flag, message) => {
    const permissions = { can_create_jobs: true, can_edit_jobs: true, can_publish_jobs: true, [flag]: false };
    given(HISTORIES[history[name]])
      .when(onExisting[name](member({ permissions })))
      .thenThrows(ForbiddenError, message);
    const onlyThatFlag = { can_create_jobs: false, can_edit_jobs: false, can_publish_jobs: false, [flag]: true };
    expect(() =>
      postingDecider.decide(onExisting[name](member({ permissions: onlyThatFlag })), fold(postingDecider, HISTORIES[history[name]])),
    ).not.toThrow();
  });

  test('confirming a payment needs no member: the money is taken (webhooks have no user)', () => {
    given(HISTORIES.draft_awaiting_payment)
      .when({ type: 'ConfirmPayment', data: { user_id: null, now: NOW } })
      .then([{ type: 'PostingActivated', data: { user_id: null, at: AT, published_at: AT, auto_expire_date: DRAFT_EXPIRY } }]);
  });
});

describe('create', () => {
  test('records every field, the creator and a default expiry one month ahead', () => {
    const state = given([])
      .when(cmd.create())
      .then([
        {
          type: 'PostingCreated',
          data: {
            ...FIELDS,
            posting_id: POSTING_ID,
            facility_id: FACILITY_ID,
            created_by: USER_ID,
            auto_expire_date: MONTH_AFTER_NOW,
            at: AT,
          },
        },
      ]);
    expect(state).toMatchObject({ status: 'draft', published_at: null, fields: FIELDS, auto_expire_date: MONTH_AFTER_NOW });
    expect(postingStatus(state as never, NOW)).toBe('draft');
  });

  test('keeps the expiry chosen on the form', () => {
    const [event] = postingDecider.decide(cmd.create(member(), { ...FORM, auto_expire_date: '2030-05-01T00:00:00.000Z' }), {
      status: 'none',
    });
    expect(event.data).toMatchObject({ auto_expire_date: '2030-05-01T00:00:00.000Z' });
  });

  test('refuses an expiry that already passed', () => {
    given([])
      .when(cmd.create(member(), { ...FORM, auto_expire_date: PAST_PERIOD_END }))
      .thenThrows(RuleViolation, 'Expiration date must be in the future');
  });

  test('drops stray properties: only posting fields reach the event', () => {
    const form = { ...FORM, status: 'active', facility_id: 'facility-2' } as typeof FORM;
    const [event] = postingDecider.decide(cmd.create(member(), form), { status: 'none' });
    expect(event.data).toMatchObject({ facility_id: FACILITY_ID });
    expect(event.data).not.toHaveProperty('status');
  });
});

describe('edit', () => {
  test('records only the changed fields', () => {
    const state = given(HISTORIES.active)
      .when(cmd.edit({ title: 'CRNA for endoscopy', week_days: [2, 3], hourly_rate: 180 }))
      .then([{ type: 'PostingEdited', data: { ...acted, changes: { title: 'CRNA for endoscopy', week_days: [2, 3], hourly_rate: 180 } } }]);
    expect(state).toMatchObject({
      status: 'active',
      fields: { ...FIELDS, title: 'CRNA for endoscopy', week_days: [2, 3], hourly_rate: 180 },
    });
  });

  test('an unchanged form gives no event', () => {
    given(HISTORIES.active).when(cmd.edit({})).thenNothing();
  });

  test('clearing lodging clears its frequency too (the schema hands both over)', () => {
    given(HISTORIES.draft)
      .when(cmd.edit({ lodging_amount: null, lodging_frequency: null }))
      .then([{ type: 'PostingEdited', data: { ...acted, changes: { lodging_amount: null, lodging_frequency: null } } }]);
  });

  test('a draft may move its expiry', () => {
    const expiry = '2030-05-01T00:00:00.000Z';
    const state = given(HISTORIES.draft)
      .when(cmd.edit({ auto_expire_date: expiry }))
      .then([{ type: 'PostingEdited', data: { ...acted, changes: { auto_expire_date: expiry } } }]);
    expect(state).toMatchObject({ auto_expire_date: expiry, fields: FIELDS });
  });

  test('a draft may not move its expiry into the past', () => {
    given(HISTORIES.draft)
      .when(cmd.edit({ auto_expire_date: PAST_PERIOD_END }))
      .thenThrows(RuleViolation, 'Expiration date must be in the future');
  });

  test('a published posting keeps its period end', () => {
    const error = given(HISTORIES.active)
      .when(cmd.edit({ auto_expire_date: '2030-06-01T00:00:00.000Z' }))
      .thenThrows(RuleViolation, 'The expiration date of a published posting cannot be changed; it ends with the paid period.');
    expect((error as RuleViolation).field).toBe('auto_expire_date');
  });

  test('sending the current expiry back unchanged is fine', () => {
    given(HISTORIES.active)
      .when(cmd.edit({ auto_expire_date: PERIOD_END }))
      .thenNothing();
  });
});

describe('publish', () => {
  test('with a credit: live now, until the expiry chosen for the draft', () => {
    const state = given(HISTORIES.draft)
      .when(cmd.publish(3))
      .then([{ type: 'PostingPublished', data: { ...acted, published_at: AT, auto_expire_date: DRAFT_EXPIRY, paid_with: 'credit' } }]);
    expect(postingStatus(state as never, NOW)).toBe('active');
  });

  test('a draft whose own expiry passed gets a month from now', () => {
    given([ev.created('2030-03-05T00:00:00.000Z')])
      .when(cmd.publish(1))
      .then([{ type: 'PostingPublished', data: { ...acted, published_at: AT, auto_expire_date: MONTH_AFTER_NOW, paid_with: 'credit' } }]);
  });

  test('an explicit period end wins, normalised to UTC', () => {
    given(HISTORIES.draft)
      .when(cmd.publish(1, member(), '2030-04-20T12:00:00+02:00'))
      .then([
        {
          type: 'PostingPublished',
          data: { ...acted, published_at: AT, auto_expire_date: '2030-04-20T10:00:00.000Z', paid_with: 'credit' },
        },
      ]);
  });

  test('an explicit period end in the past or unreadable is refused', () => {
    given(HISTORIES.draft)
      .when(cmd.publish(1, member(), PAST_PERIOD_END))
      .thenThrows(RuleViolation, 'Expiration date must be in the future');
    given(HISTORIES.draft)
      .when(cmd.publish(1, member(), 'soon'))
      .thenThrows(RuleViolation, 'Expiration date must be a valid date and time');
  });

  test.each(['expired', 'expired_recorded', 'withdrawn_expired'] as const)(
    'publishing again (%s) starts a new period a month from now',
    (situation) => {
      const state = given(HISTORIES[situation])
        .when(cmd.publish(1))
        .then([{ type: 'PostingPublished', data: { ...acted, published_at: AT, auto_expire_date: MONTH_AFTER_NOW, paid_with: 'credit' } }]);
      expect(state).toMatchObject({ status: 'active', expiry_recorded: false, published_at: AT });
      expect(postingStatus(state as never, NOW)).toBe('active');
    },
  );

  test.each([0, -1])('without a credit (%s) a payment is required and the draft stays a draft', (credits) => {
    const state = given(HISTORIES.draft)
      .when(cmd.publish(credits))
      .then([{ type: 'PostingPaymentRequired', data: { ...acted, requested_auto_expire_date: null } }]);
    expect(state).toMatchObject({ status: 'draft', payment_pending: { requested_auto_expire_date: null } });
    expect(postingStatus(state as never, NOW)).toBe('draft');
  });

  test('an expired posting awaiting payment stays expired until paid', () => {
    const state = fold(postingDecider, HISTORIES.expired_awaiting_payment);
    expect(postingStatus(state as never, NOW)).toBe('expired');
  });
});

describe('confirm payment', () => {
  test('activates a draft until its own expiry', () => {
    const state = given(HISTORIES.draft_awaiting_payment)
      .when(cmd.confirmPayment())
      .then([{ type: 'PostingActivated', data: { ...acted, published_at: AT, auto_expire_date: DRAFT_EXPIRY } }]);
    expect(state).toMatchObject({ status: 'active', payment_pending: null, published_at: AT });
  });

  test('an expired posting paid for gets a month from the payment', () => {
    given(HISTORIES.expired_awaiting_payment)
      .when(cmd.confirmPayment())
      .then([{ type: 'PostingActivated', data: { ...acted, published_at: AT, auto_expire_date: MONTH_AFTER_NOW } }]);
  });

  test('a requested period end is kept while still ahead, replaced once passed', () => {
    const requested = '2030-03-20T00:00:00.000Z';
    const history = [...HISTORIES.expired, ev.paymentRequired(requested)];
    given(history)
      .when(cmd.confirmPayment())
      .then([{ type: 'PostingActivated', data: { ...acted, published_at: AT, auto_expire_date: requested } }]);
    const late = new Date('2030-03-25T00:00:00.000Z');
    given(history)
      .when(cmd.confirmPayment(late))
      .then([
        {
          type: 'PostingActivated',
          data: {
            user_id: USER_ID,
            at: late.toISOString(),
            published_at: late.toISOString(),
            auto_expire_date: '2030-04-25T00:00:00.000Z',
          },
        },
      ]);
  });

  test('a second confirmation is refused', () => {
    given([
      ...HISTORIES.draft_awaiting_payment,
      { type: 'PostingActivated', data: { ...acted, published_at: AT, auto_expire_date: DRAFT_EXPIRY } },
    ])
      .when(cmd.confirmPayment())
      .thenThrows(ConflictError, 'This job posting is not awaiting payment.');
  });

  test('publishing with a credit meanwhile settles the pending payment', () => {
    const state = given(HISTORIES.draft_awaiting_payment)
      .when(cmd.publish(1))
      .then([{ type: 'PostingPublished', data: { ...acted, published_at: AT, auto_expire_date: DRAFT_EXPIRY, paid_with: 'credit' } }]);
    expect(state).toMatchObject({ payment_pending: null });
  });
});

describe('withdraw and reactivate', () => {
  test('withdraw an active posting, then reactivate it with a credit: a new period of one month', () => {
    const withdrawn = given(HISTORIES.active)
      .when(cmd.withdraw())
      .then([{ type: 'PostingWithdrawn', data: acted }]);
    expect(postingStatus(withdrawn as never, NOW)).toBe('withdrawn');
    const reactivated = given(HISTORIES.withdrawn)
      .when(cmd.reactivate(member(), 1))
      .then([{ type: 'PostingPublished', data: { ...acted, published_at: AT, auto_expire_date: MONTH_AFTER_NOW, paid_with: 'credit' } }]);
    expect(postingStatus(reactivated as never, NOW)).toBe('active');
  });

  test('reactivating without a credit waits for a payment (billing stopped at the withdrawal)', () => {
    const waiting = given(HISTORIES.withdrawn)
      .when(cmd.reactivate(member(), 0))
      .then([{ type: 'PostingPaymentRequired', data: { ...acted, requested_auto_expire_date: null } }]);
    expect(postingStatus(waiting as never, NOW)).toBe('withdrawn');
    const live = given([...HISTORIES.withdrawn, { type: 'PostingPaymentRequired', data: { ...acted, requested_auto_expire_date: null } }])
      .when(cmd.confirmPayment())
      .then([{ type: 'PostingActivated', data: { user_id: USER_ID, at: AT, published_at: AT, auto_expire_date: MONTH_AFTER_NOW } }]);
    expect(postingStatus(live as never, NOW)).toBe('active');
  });
});

describe('withdraw unpaid (billing stopped for want of payment)', () => {
  const unpaid = (now = NOW): PostingCommand => ({ type: 'WithdrawUnpaidPosting', data: { now } });

  test('takes a live posting down, by the system', () => {
    const state = given(HISTORIES.active)
      .when(unpaid())
      .then([{ type: 'PostingWithdrawn', data: { user_id: null, at: AT } }]);
    expect(postingStatus(state as never, NOW)).toBe('withdrawn');
  });

  test('leaves a draft, a withdrawn or an expired posting as it is', () => {
    for (const history of [HISTORIES.draft, HISTORIES.withdrawn]) given(history).when(unpaid()).thenNothing();
    given(HISTORIES.active)
      .when(unpaid(new Date(PERIOD_END)))
      .thenNothing();
  });
});

describe('expire', () => {
  test('an active posting at its auto_expire_date (inclusive) expires once', () => {
    const at = new Date(PERIOD_END);
    const state = given(HISTORIES.active)
      .when(cmd.expire(at))
      .then([{ type: 'PostingExpired', data: { auto_expire_date: PERIOD_END, at: PERIOD_END } }]);
    expect(state).toMatchObject({ status: 'active', expiry_recorded: true });
    expect(postingStatus(state as never, at)).toBe('expired');
  });

  test('an early job does nothing', () => {
    given(HISTORIES.active)
      .when(cmd.expire(new Date(Date.parse(PERIOD_END) - 1)))
      .thenNothing();
  });

  test('a stale job from the previous period does nothing after publishing again', () => {
    const republished = [
      ...HISTORIES.expired_recorded,
      { type: 'PostingPublished', data: { ...acted, published_at: AT, auto_expire_date: MONTH_AFTER_NOW, paid_with: 'credit' } },
    ] as typeof HISTORIES.active;
    given(republished).when(cmd.expire()).thenNothing();
  });

  test('a posting that never existed does nothing', () => {
    given([]).when(cmd.expire()).thenNothing();
  });
});

describe('evolve', () => {
  test('ignores events before creation (the log wins over a broken stream)', () => {
    const state = fold(postingDecider, [ev.withdrawn()]) as PostingState;
    expect(state).toEqual({ status: 'none' });
  });

  test('keeps who created the posting and when', () => {
    expect(fold(postingDecider, HISTORIES.draft)).toMatchObject({
      posting_id: POSTING_ID,
      facility_id: FACILITY_ID,
      created_by: USER_ID,
      created_at: CREATED_AT,
    });
  });
});

describe('openings', () => {
  const live = [ev.created(), ev.published()];
  const twoOpenings = [...live, { type: 'PostingEdited', data: { ...acted, changes: { openings: 2 } } } as PostingEvent];

  test('the connection that reaches the openings fills the posting', () => {
    const state = given(twoOpenings)
      .when(cmd.recordConnection('bid-1'))
      .then([{ type: 'PostingConnectionMade', data: { bid_id: 'bid-1', at: AT } }]);
    expect(state.status).toBe('active');
    const filled = given([...twoOpenings, ev.connection('bid-1')])
      .when(cmd.recordConnection('bid-2'))
      .then([
        { type: 'PostingConnectionMade', data: { bid_id: 'bid-2', at: AT } },
        { type: 'PostingFilled', data: { openings: 2, connections: 2, at: AT } },
      ]);
    expect(filled.status).toBe('filled');
    expect(postingStatus(filled as Posting, NOW)).toBe('filled');
  });

  test('a bid counts once, however often its job runs', () => {
    given([...live, ev.connection('bid-1')])
      .when(cmd.recordConnection('bid-1'))
      .thenNothing();
  });

  test('a posting without openings in its events (recorded before openings existed) has one', () => {
    const { openings: _openings, ...legacy } = (ev.created() as Extract<PostingEvent, { type: 'PostingCreated' }>).data;
    const state = fold(postingDecider, [{ type: 'PostingCreated', data: legacy } as PostingEvent, ev.published()]);
    expect((state as Posting).fields.openings).toBe(1);
    expect(postingDecider.decide(cmd.recordConnection('bid-1'), state).map((event) => event.type)).toEqual([
      'PostingConnectionMade',
      'PostingFilled',
    ]);
  });

  test('reopened, it takes bids again until the next connection fills it again', () => {
    const reopened = given(HISTORIES.filled)
      .when(cmd.reopen())
      .then([{ type: 'PostingReopened', data: acted }]);
    expect(reopened.status).toBe('active');
    given([...HISTORIES.filled, ev.reopened()])
      .when(cmd.recordConnection('bid-2'))
      .then([
        { type: 'PostingConnectionMade', data: { bid_id: 'bid-2', at: AT } },
        { type: 'PostingFilled', data: { openings: 1, connections: 2, at: AT } },
      ]);
  });

  test('reopening takes the publish permission', () => {
    const actor = member({ permissions: { can_create_jobs: true, can_edit_jobs: true, can_publish_jobs: false } });
    given(HISTORIES.filled).when(cmd.reopen(actor)).thenThrows(ForbiddenError, "You don't have permission to reopen job postings.");
  });

  test('raising the openings of a filled posting reopens it; lowering them to its connections fills a live one', () => {
    given(HISTORIES.filled)
      .when(cmd.edit({ openings: 2 }))
      .then([
        { type: 'PostingEdited', data: { ...acted, changes: { openings: 2 } } },
        { type: 'PostingReopened', data: acted },
      ]);
    given([...twoOpenings, ev.connection('bid-1')])
      .when(cmd.edit({ openings: 1 }))
      .then([
        { type: 'PostingEdited', data: { ...acted, changes: { openings: 1 } } },
        { type: 'PostingFilled', data: { openings: 1, connections: 1, at: AT } },
      ]);
    given(twoOpenings)
      .when(cmd.edit({ openings: 3 }))
      .then([{ type: 'PostingEdited', data: { ...acted, changes: { openings: 3 } } }]);
  });

  test('billing that stops takes a filled posting down too', () => {
    given(HISTORIES.filled)
      .when({ type: 'WithdrawUnpaidPosting', data: { now: NOW } })
      .then([{ type: 'PostingWithdrawn', data: { user_id: null, at: AT } }]);
  });
});
