import {
  APPLICANT_BID_ORDER,
  BID_STATES,
  FACILITY_BID_ORDER,
  awaitsFacility,
  bidFilter,
  bidGroup,
  compareBidsForApplicant,
  compareBidsForFacility,
  isClosed,
  isConnected,
  matchesBidFilter,
  needsApplicantAttention,
  type BidCurrentState,
} from '../../../../server/src/domain/bids';

const GROUPS: Record<BidCurrentState, string> = {
  applicant_submitted: 'awaiting_facility',
  applicant_countered: 'awaiting_facility',
  facility_countered: 'awaiting_applicant',
  facility_accepted: 'connected',
  applicant_counter_accepted: 'connected',
  facility_rejected: 'closed',
  applicant_counter_rejected: 'closed',
  applicant_withdrawn: 'closed',
  position_filled: 'closed',
};

describe('groups and predicates', () => {
  test.each(BID_STATES)('%s', (state) => {
    const group = GROUPS[state];
    expect(bidGroup(state)).toBe(group);
    expect(awaitsFacility(state)).toBe(group === 'awaiting_facility');
    expect(needsApplicantAttention(state)).toBe(group === 'awaiting_applicant');
    expect(isConnected(state)).toBe(group === 'connected');
    expect(isClosed(state)).toBe(group === 'closed');
  });
});

describe('applicant filters', () => {
  const FILTER_WHEN_LIVE: Record<BidCurrentState, string> = {
    applicant_submitted: 'active',
    applicant_countered: 'active',
    facility_countered: 'active',
    facility_accepted: 'connected',
    applicant_counter_accepted: 'connected',
    facility_rejected: 'closed',
    applicant_counter_rejected: 'closed',
    applicant_withdrawn: 'closed',
    position_filled: 'closed',
  };

  test.each(BID_STATES)('%s on a live posting', (state) => {
    expect(bidFilter(state, false)).toBe(FILTER_WHEN_LIVE[state]);
    for (const filter of ['active', 'connected', 'closed'] as const) {
      expect(matchesBidFilter(filter, state, false)).toBe(filter === FILTER_WHEN_LIVE[state]);
    }
    expect(matchesBidFilter('all', state, false)).toBe(true);
  });

  test.each(BID_STATES)('%s on an expired posting is closed', (state) => {
    expect(bidFilter(state, true)).toBe('closed');
    expect(matchesBidFilter('active', state, true)).toBe(false);
    expect(matchesBidFilter('connected', state, true)).toBe(false);
    expect(matchesBidFilter('closed', state, true)).toBe(true);
    expect(matchesBidFilter('all', state, true)).toBe(true);
  });
});

describe('ordering', () => {
  test('both orders rank every state once', () => {
    expect([...APPLICANT_BID_ORDER].sort()).toEqual([...BID_STATES].sort());
    expect([...FACILITY_BID_ORDER].sort()).toEqual([...BID_STATES].sort());
  });

  const bids = [
    { id: 'withdrawn', current_state: 'applicant_withdrawn', created_at: '2030-01-05T00:00:00Z' },
    { id: 'submitted-old', current_state: 'applicant_submitted', created_at: '2030-01-01T00:00:00Z' },
    { id: 'countered-by-facility', current_state: 'facility_countered', created_at: '2030-01-02T00:00:00Z' },
    { id: 'submitted-new', current_state: 'applicant_submitted', created_at: '2030-01-03T00:00:00Z' },
    { id: 'rejected', current_state: 'facility_rejected', created_at: '2030-01-04T00:00:00Z' },
    { id: 'counter-rejected', current_state: 'applicant_counter_rejected', created_at: '2030-01-06T00:00:00Z' },
    { id: 'accepted', current_state: 'facility_accepted', created_at: '2030-01-07T00:00:00Z' },
    { id: 'countered-by-applicant', current_state: 'applicant_countered', created_at: new Date('2030-01-08T00:00:00Z') },
    { id: 'counter-accepted', current_state: 'applicant_counter_accepted', created_at: '2030-01-09T00:00:00Z' },
  ] as const;

  test('applicant: counters needing an answer first, ties newest first', () => {
    expect([...bids].sort(compareBidsForApplicant).map((bid) => bid.id)).toEqual([
      'countered-by-facility',
      'submitted-new',
      'submitted-old',
      'countered-by-applicant',
      'accepted',
      'counter-accepted',
      'rejected',
      'counter-rejected',
      'withdrawn',
    ]);
  });

  test('facility: new bids first, ties newest first', () => {
    expect([...bids].sort(compareBidsForFacility).map((bid) => bid.id)).toEqual([
      'submitted-new',
      'submitted-old',
      'countered-by-applicant',
      'countered-by-facility',
      'accepted',
      'counter-accepted',
      'counter-rejected',
      'rejected',
      'withdrawn',
    ]);
  });
});
