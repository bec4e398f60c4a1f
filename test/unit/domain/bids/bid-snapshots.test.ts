import { fold } from '../../../../server/src/domain/shared/decider';
import { BID_FIELDS, BID_STATE_SHAPE, bidDecider, type Bid } from '../../../../server/src/domain/bids';
import { snapshotShape } from '../../../../projections/bid-snapshots';
import { HISTORIES } from './fixtures';

/**
 * A bid's state stored as JSON (the postings read model's row) is the snapshot bid commands fold
 * from: read back, it must be exactly the fold it was written from, and only rows written in the
 * current state shape, from an unbroken fold, are snapshots.
 */
describe('bid snapshots', () => {
  it.each(Object.entries(HISTORIES).filter(([state]) => state !== 'none'))('a %s bid survives the round trip through JSON', (_, events) => {
    const state = fold(bidDecider, events);
    expect(bidDecider.fromSnapshot!(JSON.parse(JSON.stringify(state)))).toEqual(state);
  });

  it('takes only a Bid of this shape', () => {
    const state = fold(bidDecider, HISTORIES.facility_countered) as Bid;
    const { agreed_rate: _, ...missing } = state;
    expect(bidDecider.fromSnapshot!(missing)).toBeNull();
    expect(bidDecider.fromSnapshot!({ ...state, current_state: 'someday' })).toBeNull();
    expect(bidDecider.fromSnapshot!({ current_state: 'none' })).toBeNull();
    expect(bidDecider.fromSnapshot!(null)).toBeNull();
    expect(bidDecider.fromSnapshot!('a bid')).toBeNull();
  });

  it('names every field of Bid under shape 1: a change of Bid must raise BID_STATE_SHAPE', () => {
    // Adding, removing or renaming a field of Bid (or changing what evolve makes of an event) makes
    // the rows written before into states of another shape: raise BID_STATE_SHAPE, then this pin.
    const state = fold(bidDecider, HISTORIES.applicant_countered) as Bid;
    expect(Object.keys(state).sort()).toEqual([...BID_FIELDS].sort());
    expect({ shape: BID_STATE_SHAPE, fields: [...BID_FIELDS].sort() }).toEqual({
      shape: 1,
      fields: [
        'agreed_rate',
        'applicant_id',
        'applicant_user_id',
        'bid_id',
        'counter_rate',
        'created_at',
        'current_state',
        'facility_id',
        'job_posting_id',
        'proposed_rate',
        'updated_at',
      ],
    });
  });

  it('a read model row is a snapshot only when folded without a gap from a snapshot of this shape', () => {
    expect(snapshotShape(null, 0)).toBe(BID_STATE_SHAPE);
    expect(snapshotShape({ version: 3, state_shape: BID_STATE_SHAPE }, 4)).toBe(BID_STATE_SHAPE);
    // An event skipped by an operator in between, an older shape, or a row from before versions.
    expect(snapshotShape(null, 2)).toBeNull();
    expect(snapshotShape({ version: 3, state_shape: BID_STATE_SHAPE }, 5)).toBeNull();
    expect(snapshotShape({ version: 3, state_shape: BID_STATE_SHAPE - 1 }, 4)).toBeNull();
    expect(snapshotShape({ version: 3, state_shape: null }, 4)).toBeNull();
    expect(snapshotShape({ version: null, state_shape: BID_STATE_SHAPE }, 4)).toBeNull();
  });
});
