import { BID_STATES, bidMoves } from '@domain/bids';

import { availableMoves } from '@/features/bids/lib/bid-moves';
import { historySentence, ratePoints, sentenceText } from '@/features/bids/lib/history';
import { compareApplicantBids } from '@/features/bids/lib/ordering';
import { comparedToPosted, rateError } from '@/features/bids/lib/rates';

import { applicantBid, historyEntry } from './support';

describe('bids: pure helpers', () => {
  test('availableMoves is the shared table without the counter-back', () => {
    for (const state of BID_STATES) {
      const bid = applicantBid({ current_state: state });
      expect(availableMoves(bid, 'facility')).toEqual(bidMoves(state, 'facility'));
      expect(availableMoves(bid, 'applicant')).toEqual(bidMoves(state, 'applicant').filter((move) => move !== 'CounterByApplicant'));
    }
  });

  test('counter hidden when the rate on the table is the posted rate', () => {
    expect(availableMoves(applicantBid({ proposed_rate: 185 }), 'facility')).toEqual(['AcceptBid', 'RejectBid']);
    const backAtPosted = applicantBid({ current_state: 'applicant_countered', proposed_rate: 220, counter_rate: 185 });
    expect(availableMoves(backAtPosted, 'facility')).toEqual(['AcceptBid', 'RejectBid']);
  });

  test('closed postings: nothing on an expired one, only withdrawing on a withdrawn one', () => {
    const expired = applicantBid({ current_state: 'facility_countered', posting_expired: true, job_status: 'expired' });
    expect(availableMoves(expired, 'applicant')).toEqual([]);
    const withdrawn = applicantBid({ current_state: 'facility_countered', job_status: 'withdrawn' });
    expect(availableMoves(withdrawn, 'applicant')).toEqual(['WithdrawBid']);
    expect(availableMoves(applicantBid({ job_status: 'withdrawn' }), 'facility')).toEqual([]);
  });

  test('rate rules and the comparison with the posted rate', () => {
    expect(rateError('proposed', '')).toBe('Rate is required');
    expect(rateError('proposed', 200.5)).toBe('Rate must be a whole number of dollars');
    expect(rateError('proposed', 200)).toBeNull();
    expect(rateError('counter', '')).toBe('Counter rate is required');
    expect(rateError('counter', 0)).toBe('Counter rate must be at least 1');
    expect(comparedToPosted(200, 185)).toBe('8% more than the posted rate');
    expect(comparedToPosted(150, 185)).toBe('19% less than the posted rate');
    expect(comparedToPosted(185, 185)).toBe('Same as the posted rate');
  });

  test('bids on expired postings sort after live ones, otherwise the shared applicant order', () => {
    const expiredCounter = applicantBid({ job_title: 'expired', current_state: 'facility_countered', posting_expired: true });
    const withdrawn = applicantBid({ job_title: 'withdrawn', current_state: 'applicant_withdrawn' });
    const counter = applicantBid({ job_title: 'counter', current_state: 'facility_countered' });
    const sorted = [expiredCounter, withdrawn, counter].sort(compareApplicantBids).map((bid) => bid.job_title);
    expect(sorted).toEqual(['counter', 'withdrawn', 'expired']);
  });

  test('every bid event reads as a sentence, from the viewer', () => {
    const say = (overrides: Parameters<typeof historyEntry>[0], viewerId?: string) =>
      sentenceText(historySentence(historyEntry(overrides), { viewerId }));
    const facility = { side: 'facility' as const, actor: { user_id: 'u-f', name: 'Dana' } };
    expect(say({}, 'u-applicant')).toBe('You placed a bid of $220/hr.');
    expect(say({})).toBe('Sam Rivera placed a bid of $220/hr.');
    expect(say({ type: 'FacilityCountered', rate: 200, ...facility })).toBe('Dana countered the bid with $200/hr.');
    expect(say({ type: 'ApplicantCountered', rate: 210 })).toBe('Sam Rivera countered with $210/hr.');
    expect(say({ type: 'FacilityAccepted', rate: 210, ...facility })).toBe('Dana accepted the bid at $210/hr. Connection made.');
    expect(say({ type: 'CounterAccepted', rate: 200 })).toBe('Sam Rivera accepted the counter offer of $200/hr. Connection made.');
    expect(say({ type: 'FacilityRejected', rate: null, ...facility })).toBe('Dana rejected the bid.');
    expect(say({ type: 'RejectionUndone', rate: null, ...facility })).toBe('Dana undid the rejection; the bid is open again.');
    expect(say({ type: 'CounterRejected', rate: null })).toBe('Sam Rivera rejected the counter offer.');
    expect(say({ type: 'BidWithdrawn', rate: null })).toBe('Sam Rivera withdrew the bid.');
    expect(say({ type: 'FacilityRejected', side: 'facility', actor: { user_id: null, name: null } })).toBe(
      'The facility rejected the bid.',
    );
    expect(say({ kind: 'posting', type: 'PostingExpired', side: 'system', actor: { user_id: null, name: null } })).toBe(
      'The posting expired.',
    );
  });

  test('the chart plots bids, counters and the agreed rate only', () => {
    const points = ratePoints([
      historyEntry({ id: 'a' }),
      historyEntry({ id: 'b', type: 'FacilityCountered', side: 'facility', rate: 200 }),
      historyEntry({ id: 'c', type: 'CounterRejected', rate: null }),
    ]);
    expect(points.map((point) => [point.label, point.rate, point.side])).toEqual([
      ['Bid', 220, 'applicant'],
      ['Facility counter', 200, 'facility'],
    ]);
  });
});
