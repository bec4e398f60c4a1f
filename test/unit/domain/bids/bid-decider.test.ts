import { fold } from '../../../../server/src/domain/shared/decider';
import { ConflictError, ForbiddenError, NotFoundError, RuleViolation } from '../../../../server/src/domain/shared/errors';
import {
  BID_STATES,
  bidDecider,
  bidMoves,
  isClosed,
  type ApplicantActor,
  type BidCommand,
  type BidCommandType,
  type BidCurrentState,
  type BidEvent,
  type FacilityBidActor,
  type PostingSnapshot,
} from '../../../../server/src/domain/bids';
import { deciderSpec } from '../shared/given-when-then';
import {
  ALL_COMMANDS,
  APPLICANT,
  APPLICANT_COMMANDS,
  APPLICANT_COUNTER,
  AT,
  BID_ID,
  DRAFT_POSTING,
  EXPIRED_POSTING,
  FACILITY,
  FACILITY_COMMANDS,
  FACILITY_COUNTER,
  FACILITY_ID,
  HISTORIES,
  NEW_COUNTER,
  NOW,
  POSTING,
  POSTING_ID,
  PROPOSED,
  WITHDRAWN_POSTING,
  command,
  ev,
} from './fixtures';

const { given } = deciderSpec(bidDecider);
const byApplicant = { user_id: APPLICANT.user_id, at: AT };
const byFacility = { user_id: FACILITY.user_id, at: AT };

/**
 * The whole negotiation: the events each (state, command) gives with the right actor.
 * Every pair not listed must be refused with a ConflictError.
 */
const ALLOWED: Partial<Record<BidCommandType, Partial<Record<BidCurrentState | 'none', BidEvent[]>>>> = {
  SubmitBid: {
    none: [
      {
        type: 'BidSubmitted',
        data: {
          bid_id: BID_ID,
          job_posting_id: POSTING_ID,
          applicant_id: APPLICANT.applicant_id,
          applicant_user_id: APPLICANT.user_id,
          facility_id: FACILITY_ID,
          proposed_rate: PROPOSED,
          submitted_at: AT,
          ...byApplicant,
        },
      },
    ],
  },
  AcceptBid: {
    applicant_submitted: [{ type: 'FacilityAccepted', data: { ...byFacility, rate: PROPOSED } }],
    applicant_countered: [{ type: 'FacilityAccepted', data: { ...byFacility, rate: APPLICANT_COUNTER } }],
  },
  RejectBid: {
    applicant_submitted: [{ type: 'FacilityRejected', data: byFacility }],
    applicant_countered: [{ type: 'FacilityRejected', data: byFacility }],
  },
  CounterBid: {
    applicant_submitted: [{ type: 'FacilityCountered', data: { ...byFacility, counter_rate: NEW_COUNTER } }],
    applicant_countered: [{ type: 'FacilityCountered', data: { ...byFacility, counter_rate: NEW_COUNTER } }],
  },
  UndoRejection: {
    facility_rejected: [{ type: 'RejectionUndone', data: byFacility }],
  },
  AcceptCounter: {
    facility_countered: [{ type: 'CounterAccepted', data: { ...byApplicant, rate: FACILITY_COUNTER } }],
  },
  RejectCounter: {
    facility_countered: [{ type: 'CounterRejected', data: byApplicant }],
  },
  CounterByApplicant: {
    facility_countered: [{ type: 'ApplicantCountered', data: { ...byApplicant, counter_rate: NEW_COUNTER } }],
  },
  WithdrawBid: {
    applicant_submitted: [{ type: 'BidWithdrawn', data: byApplicant }],
    applicant_countered: [{ type: 'BidWithdrawn', data: byApplicant }],
    facility_countered: [{ type: 'BidWithdrawn', data: byApplicant }],
  },
};

/** The state each allowed command leads to. */
const LEADS_TO: Record<BidCommandType, BidCurrentState> = {
  SubmitBid: 'applicant_submitted',
  AcceptBid: 'facility_accepted',
  RejectBid: 'facility_rejected',
  CounterBid: 'facility_countered',
  UndoRejection: 'applicant_submitted',
  AcceptCounter: 'applicant_counter_accepted',
  RejectCounter: 'applicant_counter_rejected',
  CounterByApplicant: 'applicant_countered',
  WithdrawBid: 'applicant_withdrawn',
  ClosePositionFilled: 'position_filled',
};

/** The refusal a right actor gets for a command the state does not allow. */
const STATE_REFUSAL: Record<BidCurrentState, string> = {
  applicant_submitted: 'This bid is waiting for the facility.',
  applicant_countered: 'This bid is waiting for the facility.',
  facility_countered: 'This bid is waiting for the applicant.',
  facility_accepted: 'This bid was already accepted.',
  applicant_counter_accepted: 'The counter offer on this bid was already accepted.',
  applicant_counter_rejected: 'The counter offer on this bid was rejected.',
  facility_rejected: 'This bid was rejected.',
  applicant_withdrawn: 'This bid was withdrawn.',
  position_filled: 'This bid closed because the position was filled.',
};

function expectedRefusal(type: BidCommandType, state: BidCurrentState): string {
  if (type === 'SubmitBid') return 'You have already applied for this job.';
  if (type === 'UndoRejection' && ['applicant_submitted', 'applicant_countered', 'facility_countered'].includes(state)) {
    return 'This bid was not rejected.';
  }
  return STATE_REFUSAL[state];
}

const STATES_AND_NONE = ['none', ...BID_STATES] as const;
const matrix = STATES_AND_NONE.flatMap((state) => ALL_COMMANDS.map((type) => ({ state, type })));

describe('every state x every command, right actor', () => {
  test('the matrix covers 10 situations x 9 commands', () => {
    expect(matrix).toHaveLength(90);
  });

  test.each(matrix)('$state + $type', ({ state, type }) => {
    const when = given(HISTORIES[state]).when(command(type));
    const allowed = ALLOWED[type]?.[state];
    if (allowed) {
      const after = when.then(allowed);
      expect(after).toMatchObject({ current_state: LEADS_TO[type], updated_at: AT });
      return;
    }
    if (state === 'none') return void when.thenThrows(NotFoundError, 'Bid not found');
    when.thenThrows(ConflictError, expectedRefusal(type, state));
  });

  test('bidMoves offers exactly the allowed moves', () => {
    for (const state of BID_STATES) {
      const allowedFor = (commands: readonly string[]) => commands.filter((type) => ALLOWED[type as BidCommandType]?.[state]);
      expect(bidMoves(state, 'facility')).toEqual(allowedFor(FACILITY_COMMANDS));
      expect(bidMoves(state, 'applicant')).toEqual(allowedFor(APPLICANT_COMMANDS.filter((type) => type !== 'SubmitBid')));
    }
  });
});

describe('every wrong actor is refused, in every state', () => {
  const notVerifiedMessage = "Your account is currently being verified. Once it's verified, you'll be able to apply for this role.";
  const deactivated = 'Your account is deactivated. Contact support to reactivate it.';
  const notYourBid = 'Only the applicant who placed this bid can do this.';

  const wrongForFacilityCommands: [string, ApplicantActor | FacilityBidActor, string][] = [
    ['the applicant', APPLICANT, 'Only the facility that posted this job can do this.'],
    ['another facility', { ...FACILITY, facility_id: 'facility-2' }, "This bid is on another facility's job posting."],
    ['a member without can_manage_bids', { ...FACILITY, can_manage_bids: false }, "You don't have permission to manage bids."],
    [
      'a member of a suspended facility',
      { ...FACILITY, facility_active: false },
      'Your facility is suspended. Contact support to reactivate it.',
    ],
  ];
  const wrongForApplicantMoves: [string, ApplicantActor | FacilityBidActor, string][] = [
    ['another applicant', { ...APPLICANT, applicant_id: 'applicant-2', user_id: 'user-applicant-2' }, notYourBid],
    ['a facility member', FACILITY, notYourBid],
    ['the applicant while pending verification', { ...APPLICANT, verification_status: 'pending' }, notVerifiedMessage],
    ['the applicant once rejected', { ...APPLICANT, verification_status: 'rejected' }, notVerifiedMessage],
    ['the applicant deactivated', { ...APPLICANT, is_active: false }, deactivated],
  ];
  const wrongForSubmit: [string, ApplicantActor | FacilityBidActor, string][] = [
    ['a facility member', FACILITY, 'Only applicants can apply for jobs.'],
    ['an applicant pending verification', { ...APPLICANT, verification_status: 'pending' }, notVerifiedMessage],
    ['a rejected applicant', { ...APPLICANT, verification_status: 'rejected' }, notVerifiedMessage],
    ['a deactivated applicant', { ...APPLICANT, is_active: false }, deactivated],
  ];

  const wrongActors = (type: BidCommandType) =>
    type === 'SubmitBid'
      ? wrongForSubmit
      : (FACILITY_COMMANDS as readonly string[]).includes(type)
        ? wrongForFacilityCommands
        : wrongForApplicantMoves;

  const cases = ALL_COMMANDS.flatMap((type) =>
    // A missing bid is 404 for anyone; a submission is judged in every state.
    (type === 'SubmitBid' ? STATES_AND_NONE : BID_STATES).flatMap((state) =>
      wrongActors(type).map(([who, actor, message]) => ({ type, state, who, actor, message })),
    ),
  );

  test.each(cases)('$type on $state by $who', ({ type, state, actor, message }) => {
    given(HISTORIES[state]).when(command(type, actor)).thenThrows(ForbiddenError, message);
  });
});

describe('the posting must still be open', () => {
  const responses = (
    ['AcceptBid', 'RejectBid', 'CounterBid', 'UndoRejection', 'AcceptCounter', 'RejectCounter', 'CounterByApplicant'] as const
  ).map((type) => ({ type, state: Object.keys(ALLOWED[type] ?? {})[0] as BidCurrentState }));

  test.each(responses)('$type ($state) on an expired posting', ({ type, state }) => {
    given(HISTORIES[state])
      .when(command(type, undefined, EXPIRED_POSTING))
      .thenThrows(ConflictError, 'This posting has expired.');
  });

  test.each(responses)('$type ($state) on a withdrawn posting', ({ type, state }) => {
    given(HISTORIES[state])
      .when(command(type, undefined, WITHDRAWN_POSTING))
      .thenThrows(ConflictError, 'This job posting was withdrawn.');
  });

  test.each([
    ['expired', EXPIRED_POSTING],
    ['withdrawn', WITHDRAWN_POSTING],
  ] as const)('the applicant may still withdraw when the posting is %s', (_, posting) => {
    given(HISTORIES.facility_countered)
      .when(command('WithdrawBid', APPLICANT, posting))
      .then([{ type: 'BidWithdrawn', data: byApplicant }]);
  });

  test("no bid on a suspended facility's posting: it is hidden, so it is not found", () => {
    given([])
      .when(command('SubmitBid', APPLICANT, { ...POSTING, facility_active: false }))
      .thenThrows(NotFoundError, 'Job posting not found');
  });

  test('an open bid does not move while its facility is suspended, but may be withdrawn', () => {
    const paused = { ...POSTING, facility_active: false };
    given(HISTORIES.facility_countered)
      .when(command('AcceptCounter', APPLICANT, paused))
      .thenThrows(ConflictError, 'This facility is not taking bids right now.');
    given(HISTORIES.facility_countered)
      .when(command('WithdrawBid', APPLICANT, paused))
      .then([{ type: 'BidWithdrawn', data: byApplicant }]);
  });

  test.each([
    ['expired (auto_expire_date = now)', EXPIRED_POSTING, 'This posting has expired.'],
    ['withdrawn', WITHDRAWN_POSTING, 'This job posting was withdrawn.'],
    ['a draft', DRAFT_POSTING, 'This job posting is not published.'],
  ] as const)('no bid on a posting that is %s', (_, posting, message) => {
    given([])
      .when(command('SubmitBid', APPLICANT, posting))
      .thenThrows(ConflictError, message);
  });

  test('what happened to the bid is named before the posting', () => {
    given(HISTORIES.facility_accepted)
      .when(command('AcceptBid', FACILITY, EXPIRED_POSTING))
      .thenThrows(ConflictError, 'This bid was already accepted.');
  });
});

describe('an expired license bids no more', () => {
  const expiredMessage = 'Your license has expired. Update it in your profile to keep bidding.';
  // NOW is 2030-05-01 (UTC): a license is valid through its expiry date.
  const expired = { ...APPLICANT, license_expires_at: '2030-04-30' };
  const expiresToday = { ...APPLICANT, license_expires_at: '2030-05-01' };

  test('a new bid is refused with 403 the day after the license expired', () => {
    given([]).when(command('SubmitBid', expired)).thenThrows(ForbiddenError, expiredMessage);
  });

  test('a license expiring today still bids', () => {
    given([])
      .when(command('SubmitBid', expiresToday))
      .then(ALLOWED.SubmitBid?.none ?? []);
  });

  test('an unknown expiry date is not a refusal', () => {
    given([])
      .when(command('SubmitBid', { ...APPLICANT, license_expires_at: null }))
      .then(ALLOWED.SubmitBid?.none ?? []);
  });

  test.each(['AcceptCounter', 'CounterByApplicant'] as const)('%s on a counter is refused: it commits to a rate', (type) => {
    given(HISTORIES.facility_countered).when(command(type, expired)).thenThrows(ForbiddenError, expiredMessage);
  });

  test.each([
    ['WithdrawBid', 'BidWithdrawn'],
    ['RejectCounter', 'CounterRejected'],
  ] as const)('%s still works: stepping back commits to nothing', (type, event) => {
    given(HISTORIES.facility_countered)
      .when(command(type, expired))
      .then([{ type: event, data: byApplicant }]);
  });

  test('who comes first: a pending applicant hears about verification, not the license', () => {
    given([])
      .when(command('SubmitBid', { ...expired, verification_status: 'pending' }))
      .thenThrows(ForbiddenError, /being verified/);
  });
});

describe('rates', () => {
  test.each([
    [140.5, 'Rate must be a whole number of dollars'],
    [0, 'Rate must be at least 1'],
    [-20, 'Rate must be at least 1'],
    [Number.NaN, 'Rate is required'],
    [null, 'Rate is required'],
    ['', 'Rate is required'],
  ])('a bid of %s is refused: %s', (rate, message) => {
    const error = given([])
      .when(command('SubmitBid', APPLICANT, POSTING, rate))
      .thenThrows(RuleViolation, message);
    expect((error as RuleViolation).field).toBe('proposed_rate');
  });

  test.each(['CounterBid', 'CounterByApplicant'] as const)('%s: a counter must be whole dollars, at least 1', (type) => {
    const state = type === 'CounterBid' ? 'applicant_submitted' : 'facility_countered';
    for (const [rate, message] of [
      [0, 'Counter rate must be at least 1'],
      [99.99, 'Counter rate must be a whole number of dollars'],
      [null, 'Counter rate is required'],
    ] as const) {
      const error = given(HISTORIES[state])
        .when(command(type, undefined, POSTING, rate))
        .thenThrows(RuleViolation, message);
      expect((error as RuleViolation).field).toBe('counter_rate');
    }
  });

  test('a rate of 1 is fine', () => {
    given([])
      .when(command('SubmitBid', APPLICANT, POSTING, 1))
      .then([expect.objectContaining({ type: 'BidSubmitted', data: expect.objectContaining({ proposed_rate: 1 }) })]);
  });
});

describe('a negotiation, folded', () => {
  test('bid, counter, counter-back, accept: the agreed rate is the last offer', () => {
    const state = fold(bidDecider, [
      ...HISTORIES.applicant_countered,
      { type: 'FacilityAccepted', data: { ...byFacility, rate: APPLICANT_COUNTER } },
    ]);
    expect(state).toMatchObject({
      current_state: 'facility_accepted',
      proposed_rate: PROPOSED,
      counter_rate: APPLICANT_COUNTER,
      agreed_rate: APPLICANT_COUNTER,
      created_at: HISTORIES.applicant_submitted[0].data.at,
      updated_at: AT,
    });
  });

  test('an undone rejection of a counter-back is accepted at the counter-back rate', () => {
    const history: BidEvent[] = [...HISTORIES.applicant_countered, { type: 'FacilityRejected', data: byFacility }];
    const undone = given(history)
      .when(command('UndoRejection'))
      .then([{ type: 'RejectionUndone', data: byFacility }]);
    expect(undone).toMatchObject({ current_state: 'applicant_submitted', counter_rate: APPLICANT_COUNTER });
    given([...history, { type: 'RejectionUndone', data: byFacility }])
      .when(command('AcceptBid'))
      .then([{ type: 'FacilityAccepted', data: { ...byFacility, rate: APPLICANT_COUNTER } }]);
  });

  test('events before a submission are ignored (the log wins over a broken stream)', () => {
    expect(fold(bidDecider, [ev.withdrawn()])).toEqual({ current_state: 'none' });
  });

  test('the posting facility is recorded on the bid', () => {
    expect(fold(bidDecider, HISTORIES.applicant_submitted)).toMatchObject({
      facility_id: FACILITY_ID,
      applicant_id: APPLICANT.applicant_id,
    });
  });

  test('now is taken from the command, not a clock', () => {
    const later = new Date(NOW.getTime() + 60_000);
    const [event] = bidDecider.decide(
      { type: 'RejectBid', data: { actor: FACILITY, posting: POSTING, now: later } },
      fold(bidDecider, HISTORIES.applicant_submitted),
    );
    expect(event.data.at).toBe(later.toISOString());
  });
});

describe('a filled posting', () => {
  const FILLED_POSTING: PostingSnapshot = { ...POSTING, status: 'filled' };
  const filledMessage = 'This position has been filled and is not taking bids.';

  test('takes no new bids', () => {
    given([])
      .when(command('SubmitBid', APPLICANT, FILLED_POSTING))
      .thenThrows(ConflictError, filledMessage);
  });

  test('takes no answers on open bids', () => {
    given(HISTORIES.applicant_submitted)
      .when(command('AcceptBid', FACILITY, FILLED_POSTING))
      .thenThrows(ConflictError, filledMessage);
    given(HISTORIES.facility_countered)
      .when(command('AcceptCounter', APPLICANT, FILLED_POSTING))
      .thenThrows(ConflictError, filledMessage);
  });

  const close: BidCommand = { type: 'ClosePositionFilled', data: { now: NOW } };

  test.each(['applicant_submitted', 'applicant_countered', 'facility_countered'] as const)('closes a bid still open (%s)', (state) => {
    const closed = given(HISTORIES[state])
      .when(close)
      .then([{ type: 'BidClosedPositionFilled', data: { job_posting_id: POSTING_ID, at: NOW.toISOString() } }]);
    expect(closed.current_state).toBe('position_filled');
    expect(isClosed('position_filled')).toBe(true);
  });

  test.each([
    'none',
    'facility_accepted',
    'applicant_counter_accepted',
    'applicant_counter_rejected',
    'facility_rejected',
    'applicant_withdrawn',
    'position_filled',
  ] as const)('leaves a bid that is not open as it is (%s), so a repeated job closes nothing twice', (state) => {
    given(HISTORIES[state]).when(close).thenNothing();
  });
});
