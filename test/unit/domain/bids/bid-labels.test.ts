import { BID_STATES, stateLabel, stateWords } from '../../../../server/src/domain/bids';

describe('what each bid state is called', () => {
  it('an admin reads every state told of the parties, never as one of them', () => {
    for (const state of BID_STATES) {
      const { label, description } = stateWords(state, 'admin');
      expect(`${label} ${description}`).not.toMatch(/\byou(r)?\b/i);
    }
  });

  it("an admin's words name the parties where the facility's address the facility", () => {
    expect(stateLabel('applicant_submitted', 'facility')).toBe('Awaiting your response');
    expect(stateLabel('applicant_submitted', 'admin')).toBe('Bid submitted');
    expect(stateLabel('facility_countered', 'facility')).toBe('You countered');
    expect(stateLabel('facility_countered', 'admin')).toBe('Facility countered');
    // A connection, by how it was made.
    expect(stateLabel('facility_accepted', 'admin')).toBe('Facility accepted');
    expect(stateLabel('applicant_counter_accepted', 'admin')).toBe('Counter accepted');
    // States that name nobody read the same for both.
    expect(stateWords('applicant_withdrawn', 'admin')).toEqual(stateWords('applicant_withdrawn', 'facility'));
    expect(stateWords('position_filled', 'admin')).toEqual(stateWords('position_filled', 'facility'));
  });
});
