/**
 * Job alerts: a digest email of new postings matching an applicant's saved search, every day or
 * every week (the profile's job_search_frequency_days), or none. Shared by the server (schedule,
 * matching, API) and the client (the profile's setting).
 */
import { z } from 'zod';
import { JOB_SEARCH_FREQUENCY, type JobSearchFrequencyDays } from '../accounts/constants';
import { DAY_MS, calendarDate } from '../postings/calendar';
import type { SearchFilters, SearchQuery } from '../postings/search';
import type { ApplicantEvent } from '../applicants/applicant';

export const JOB_ALERT_FREQUENCIES = ['daily', 'weekly', 'off'] as const;
export type JobAlertFrequency = (typeof JOB_ALERT_FREQUENCIES)[number];

export const JOB_ALERT_FREQUENCY_LABELS: Record<JobAlertFrequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  off: 'Off',
};

export const JOB_ALERT_MESSAGES = {
  frequencyInvalid: `frequency must be one of ${JOB_ALERT_FREQUENCIES.join(', ')}`,
  unsubscribeInvalid: 'This unsubscribe link is invalid.',
  unsubscribed: 'You will no longer receive job alert emails. You can turn them back on in your profile.',
  saved: 'Job alert settings saved',
  off: 'Job alerts are off. Turn them on to hear of new jobs matching your saved search.',
} as const;

/** PUT /applicants/job-alerts. */
export const jobAlertSettingsSchema = z.object({
  frequency: z.enum(JOB_ALERT_FREQUENCIES, { error: JOB_ALERT_MESSAGES.frequencyInvalid }),
});
export type JobAlertSettings = z.infer<typeof jobAlertSettingsSchema>;

/** GET /applicants/job-alerts: the setting and when the next digest is due (null when off). */
export const jobAlertsViewSchema = z.object({
  frequency: z.enum(JOB_ALERT_FREQUENCIES),
  next_digest_at: z.string().nullable().describe('ISO date-time of the next digest; null when alerts are off'),
});
export type JobAlertsView = z.infer<typeof jobAlertsViewSchema>;

/** POST /job-alerts/unsubscribe?token= */
export const unsubscribeQuerySchema = z.object({
  token: z.string({ error: JOB_ALERT_MESSAGES.unsubscribeInvalid }).min(1, JOB_ALERT_MESSAGES.unsubscribeInvalid).max(500),
});

export function frequencyOf(enabled: boolean, days: number): JobAlertFrequency {
  if (!enabled) return 'off';
  return days === JOB_SEARCH_FREQUENCY.daily ? 'daily' : 'weekly';
}

export function frequencyDays(frequency: Exclude<JobAlertFrequency, 'off'>): JobSearchFrequencyDays {
  return JOB_SEARCH_FREQUENCY[frequency];
}

/** Digests go out at 14:00 UTC, the morning across the US. */
export const DIGEST_HOUR_UTC = 14;
const DIGEST_OFFSET_MS = DIGEST_HOUR_UTC * 3_600_000;

/**
 * The digest period `now` falls in: periods of `days` days counted from 1970-01-01 14:00 UTC, so
 * every worker and every retry names the same period, and one digest per period is the rule.
 * `start` names the period (the day it began), `next` is when the next one begins.
 */
export function digestPeriod(now: Date, days: number): { start: string; next: Date } {
  const length = days * DAY_MS;
  const index = Math.floor((now.getTime() - DIGEST_OFFSET_MS) / length);
  return { start: calendarDate(index * days), next: new Date((index + 1) * length + DIGEST_OFFSET_MS) };
}

/** What a digest matches: the saved filters, the applicant's role, and a license state. */
export interface AlertCriteria {
  query: Pick<SearchQuery, 'location' | 'license' | 'procedure_types' | 'on_call' | 'supervision' | 'malpractice'>;
  role_type: string;
}

/**
 * The saved search as a digest reads it. The license state is the saved filter's if the
 * applicant chose one (looking for work elsewhere), else the state their own license is from.
 */
export function alertCriteria(filters: SearchFilters, applicant: { role_type: string; license_state: string | null }): AlertCriteria {
  const license = filters.license || applicant.license_state?.trim().toUpperCase() || undefined;
  return {
    role_type: applicant.role_type,
    query: {
      location: filters.location || undefined,
      license,
      procedure_types: filters.procedureTypes.length > 0 ? filters.procedureTypes : undefined,
      on_call: filters.onCall,
      supervision: filters.supervision,
      malpractice: filters.malpracticeInsurance,
    },
  };
}

/** A posting as the digest matcher sees it (a job_postings row's columns). */
export interface AlertPosting {
  role_type: string;
  required_license_state: string | null;
  facility_city: string | null;
  facility_state: string | null;
  procedure_type_ids: number[];
  on_call_ratio: number | null;
  supervision_type: string | null;
  malpractice_amount: number | null;
}

/**
 * The matching rule in one place, as the digest's SQL (server/src/alerts/digests.ts) applies it
 * and as its unit tests state it: every criterion given must hold.
 */
export function postingMatches(posting: AlertPosting, { query, role_type }: AlertCriteria): boolean {
  if (posting.role_type !== role_type) return false;
  if (query.license && posting.required_license_state !== query.license) return false;
  if (query.location && !locationMatches(posting, query.location)) return false;
  if (query.procedure_types?.length && !query.procedure_types.some((id) => posting.procedure_type_ids.includes(id))) return false;
  if (query.on_call === 'with_call' && posting.on_call_ratio === null) return false;
  if (query.on_call === 'no_call' && posting.on_call_ratio !== null) return false;
  if (query.supervision && query.supervision !== 'any' && posting.supervision_type !== query.supervision) return false;
  if (query.malpractice === 'provided' && !((posting.malpractice_amount ?? 0) > 0)) return false;
  return true;
}

/** A city prefix, or (two letters) a state code: search's rule. */
function locationMatches(posting: AlertPosting, location: string): boolean {
  const text = location.toLowerCase();
  const city = (posting.facility_city ?? '').toLowerCase();
  if (city.startsWith(text)) return true;
  return /^[a-z]{2}$/.test(text) && (posting.facility_state ?? '').toUpperCase() === text.toUpperCase();
}

/** At most this many postings are listed in one digest; the rest are counted. */
export const DIGEST_MAX_POSTINGS = 20;

/** What decides an applicant's digest schedule, folded from their stream: active, and how often. */
export interface AlertSchedule {
  is_active: boolean;
  days: number;
}

/** Folds an applicant's stream; null before registration. */
export function alertScheduleOf(events: readonly ApplicantEvent[]): AlertSchedule | null {
  let schedule: AlertSchedule | null = null;
  for (const event of events) {
    if (event.type === 'ApplicantRegistered') schedule = { is_active: true, days: event.data.job_search_frequency_days };
    else if (schedule) schedule = evolveSchedule(schedule, event);
  }
  return schedule;
}

function evolveSchedule(schedule: AlertSchedule, event: ApplicantEvent): AlertSchedule {
  switch (event.type) {
    case 'ApplicantProfileUpdated':
      return event.data.job_search_frequency_days === undefined ? schedule : { ...schedule, days: event.data.job_search_frequency_days };
    case 'ApplicantDeactivated':
      return { ...schedule, is_active: false };
    case 'ApplicantActivated':
      return { ...schedule, is_active: true };
    default:
      return schedule;
  }
}
