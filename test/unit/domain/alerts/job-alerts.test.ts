import {
  alertCriteria,
  alertScheduleOf,
  digestPeriod,
  frequencyOf,
  postingMatches,
  type AlertPosting,
} from '../../../../server/src/domain/alerts/job-alerts';
import type { ApplicantEvent } from '../../../../server/src/domain/applicants/applicant';
import { EMPTY_SEARCH_FILTERS, type SearchFilters } from '../../../../server/src/domain/postings';

const POSTING: AlertPosting = {
  role_type: 'CRNA',
  required_license_state: 'CA',
  facility_city: 'San Diego',
  facility_state: 'CA',
  procedure_type_ids: [1, 2],
  on_call_ratio: null,
  supervision_type: 'medically_directed',
  malpractice_amount: 12.5,
};
const CRNA_IN_CA: { role_type: string; license_state: string | null } = { role_type: 'CRNA', license_state: 'CA' };
const matches = (filters: Partial<SearchFilters>, posting: Partial<AlertPosting> = {}, applicant = CRNA_IN_CA) =>
  postingMatches({ ...POSTING, ...posting }, alertCriteria({ ...EMPTY_SEARCH_FILTERS, ...filters }, applicant));

describe('alert matching', () => {
  it('matches a posting of the applicant role in their license state with no saved filters', () => {
    expect(matches({})).toBe(true);
  });

  it('needs the role type', () => {
    expect(matches({}, { role_type: 'Anesthesiologist' })).toBe(false);
  });

  it("uses the applicant's license state, unless a license filter is saved", () => {
    expect(matches({}, { required_license_state: 'NV' })).toBe(false);
    expect(matches({ license: 'NV' }, { required_license_state: 'NV' })).toBe(true);
    expect(matches({ license: 'NV' })).toBe(false);
    // No license on file and none saved: any state.
    expect(matches({}, { required_license_state: 'NV' }, { role_type: 'CRNA', license_state: null })).toBe(true);
  });

  it('applies each saved filter as the job search does', () => {
    expect(matches({ location: 'san' })).toBe(true);
    expect(matches({ location: 'ca' })).toBe(true);
    expect(matches({ location: 'Los' })).toBe(false);
    expect(matches({ procedureTypes: [2, 9] })).toBe(true);
    expect(matches({ procedureTypes: [9] })).toBe(false);
    expect(matches({ onCall: 'with_call' })).toBe(false);
    expect(matches({ onCall: 'with_call' }, { on_call_ratio: 3 })).toBe(true);
    expect(matches({ onCall: 'no_call' }, { on_call_ratio: 3 })).toBe(false);
    expect(matches({ supervision: 'independent' })).toBe(false);
    expect(matches({ supervision: 'medically_directed' })).toBe(true);
    expect(matches({ malpracticeInsurance: 'provided' }, { malpractice_amount: 0 })).toBe(false);
    expect(matches({ malpracticeInsurance: 'provided' })).toBe(true);
  });
});

describe('digest periods', () => {
  it('names the same period for every moment in it, and the next one begins at 14:00 UTC', () => {
    const morning = digestPeriod(new Date('2026-11-24T15:00:00Z'), 1);
    const night = digestPeriod(new Date('2026-11-25T13:59:59Z'), 1);
    expect(morning).toEqual(night);
    expect(morning).toEqual({ start: '2026-11-24', next: new Date('2026-11-25T14:00:00Z') });
    expect(digestPeriod(new Date('2026-11-24T13:59:59Z'), 1).start).toBe('2026-11-23');
  });

  it('makes weekly periods of seven days', () => {
    const period = digestPeriod(new Date('2026-11-24T15:00:00Z'), 7);
    expect(period.next.getTime() - Date.parse(`${period.start}T14:00:00Z`)).toBe(7 * 86_400_000);
    expect(digestPeriod(new Date(period.next.getTime() - 1), 7).start).toBe(period.start);
    expect(digestPeriod(period.next, 7).start).not.toBe(period.start);
  });
});

describe('the setting and the schedule', () => {
  it('reads off, daily and weekly', () => {
    expect(frequencyOf(false, 1)).toBe('off');
    expect(frequencyOf(true, 1)).toBe('daily');
    expect(frequencyOf(true, 7)).toBe('weekly');
  });

  it("folds the applicant's stream: frequency changes, deactivation and reactivation", () => {
    const at = '2026-11-24T00:00:00Z';
    const registered = { type: 'ApplicantRegistered', data: { job_search_frequency_days: 7 } } as ApplicantEvent;
    const events: ApplicantEvent[] = [
      registered,
      { type: 'ApplicantProfileUpdated', data: { bio: 'x', at } },
      { type: 'ApplicantProfileUpdated', data: { job_search_frequency_days: 1, at } },
    ];
    expect(alertScheduleOf([])).toBeNull();
    expect(alertScheduleOf(events)).toEqual({ is_active: true, days: 1 });
    const deactivated: ApplicantEvent = { type: 'ApplicantDeactivated', data: { notes: '', at } };
    expect(alertScheduleOf([...events, deactivated])).toEqual({ is_active: false, days: 1 });
    const activated: ApplicantEvent = { type: 'ApplicantActivated', data: { notes: '', at } };
    expect(alertScheduleOf([...events, deactivated, activated])).toEqual({ is_active: true, days: 1 });
  });
});
