import type { TestApp } from './app';

/**
 * A calendar date `days` from today (UTC), as the job form takes it. `today`: the moment a test
 * took as its today, so that its dates and what it checks them against agree across midnight.
 */
export function dateFromToday(days: number, today = Date.now()): string {
  return new Date(today + days * 86_400_000).toISOString().slice(0, 10);
}

export function jobForm(overrides: Record<string, unknown> = {}) {
  return {
    title: 'CRNA for a busy ambulatory surgery center',
    role_type: 'CRNA',
    start_date: dateFromToday(14),
    end_date: dateFromToday(41),
    week_days: [2, 3, 4, 5, 6],
    hourly_rate: 185,
    hours_per_day: 10,
    days_per_week: 5,
    required_license_state: 'CA',
    procedure_type_ids: [1, 2],
    on_call_ratio: null,
    supervision_type: 'medically_directed',
    malpractice_amount: 12.5,
    lodging_amount: 1500,
    lodging_frequency: 'monthly',
    travel_allowance_amount: 500,
    // Most tests connect several applicants on one posting; filling it has its own tests
    // (test/integration/postings/openings.test.ts, test/e2e/openings.spec.ts), which set openings.
    openings: 20,
    ...overrides,
  };
}

/** Creates a draft posting through the API; returns its id. */
export async function draftPosting(t: TestApp, token: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await t.http().post('/api/job-postings').set('Authorization', `Bearer ${token}`).send(jobForm(overrides));
  if (response.status !== 201) throw new Error(`create posting failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.id;
}

/** Creates and publishes (with a posting credit the facility must have) a posting. */
export async function activePosting(t: TestApp, token: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const id = await draftPosting(t, token, overrides);
  const response = await t.http().post(`/api/job-postings/${id}/publish`).set('Authorization', `Bearer ${token}`);
  if (response.status !== 200 || response.body.requires_payment) {
    throw new Error(`publish failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return id;
}
