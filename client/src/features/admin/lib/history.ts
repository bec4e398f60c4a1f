import type { RecordHistoryEntry } from '@domain/shared/history';
import { identityFieldList } from '@domain/shared/identity';

/**
 * A record's event timeline in plain sentences: 'Verified by Platform Admin', 'Posting credit
 * added by Platform Admin', with the admin's own words (the bracketed part of the note) as detail.
 */
export type HistoryTone = 'positive' | 'negative' | 'neutral' | 'info';

export interface HistoryItem {
  id: string;
  /** ISO time stamp */
  at: string;
  sentence: string;
  detail: string | null;
  tone: HistoryTone;
}

const SIDE_LABELS: Record<RecordHistoryEntry['actor']['side'], string> = {
  admin: 'an admin',
  facility: 'the facility',
  applicant: 'the applicant',
  system: 'Tenens',
};

function actorName(entry: RecordHistoryEntry): string {
  return entry.actor?.name?.trim() || SIDE_LABELS[entry.actor?.side] || 'Tenens';
}

/** 'FacilityProfileUpdated' -> 'Facility profile updated' (for a type this screen does not know). */
export function humanizeEventType(type: string): string {
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The admin's own words in a note 'Verified by X (their words)': the part in brackets. A note
 * that does not follow the pattern is returned whole; the bare 'Verified by X' gives null.
 */
export function noteDetail(notes: unknown, prefix: string): string | null {
  if (typeof notes !== 'string') return null;
  const text = notes.trim();
  if (!text) return null;
  if (!text.startsWith(prefix)) return text;
  const rest = text.slice(prefix.length).trim();
  if (!rest) return null;
  return rest.startsWith('(') && rest.endsWith(')') ? rest.slice(1, -1).trim() || null : text;
}

const FIELD_LABELS: Record<string, string> = {
  name: 'name',
  facility_type: 'facility type',
  npi: 'NPI',
  description: 'description',
  phone: 'phone',
  website: 'website',
  address_line1: 'street address',
  address_line2: 'address line 2',
  city: 'city',
  state: 'state',
  zip_code: 'ZIP code',
  first_name: 'first name',
  last_name: 'last name',
  role_type: 'role',
  license_number: 'license number',
  license_state: 'license state',
  license_expires_at: 'license expiry',
  linkedin_profile: 'LinkedIn profile',
  experience_started_at: 'experience start',
  bio: 'bio',
  hourly_rate_min: 'minimum rate',
  hourly_rate_max: 'maximum rate',
  preferred_radius_miles: 'travel radius',
  certifications: 'certifications',
  malpractice_provided: 'malpractice',
  job_search_frequency_days: 'job alert frequency',
};

function changedFields(data: Record<string, unknown>): string | null {
  const fields = Object.keys(data ?? {})
    .filter((key) => key !== 'at')
    .map((key) => FIELD_LABELS[key] ?? key.replace(/_/g, ' '));
  return fields.length ? `Fields saved: ${fields.join(', ')}` : null;
}

type Describer = (entry: RecordHistoryEntry, who: string) => Omit<HistoryItem, 'id' | 'at'>;

/** A lifecycle event carrying the note 'Action by X (words)'. */
const noted =
  (action: string, tone: HistoryTone): Describer =>
  (entry, who) => {
    const sentence = `${action} by ${who}`;
    return { sentence, detail: noteDetail(entry.data?.notes, sentence) ?? null, tone };
  };

/** Registration is the person's own sign-up; it names them when the event does. */
function signedUp(what: string, entry: RecordHistoryEntry): string {
  const name = entry.actor?.name?.trim();
  return name ? `${what} signed up by ${name}` : `${what} signed up`;
}

/** The owner changed what an admin had verified: the record waits for review again. */
const backInReview: Describer = (entry, who) => {
  const fields = Array.isArray(entry.data?.fields) ? entry.data.fields.map(String) : [];
  return { sentence: `Back in review: ${who} changed ${identityFieldList(fields) || 'identity details'}`, detail: null, tone: 'info' };
};

const DESCRIBERS: Record<string, Describer> = {
  FacilityRegistered: (entry) => ({ sentence: signedUp('Facility', entry), detail: null, tone: 'info' }),
  FacilityProfileUpdated: (entry, who) => ({ sentence: `Profile updated by ${who}`, detail: changedFields(entry.data), tone: 'neutral' }),
  FacilityVerified: noted('Verified', 'positive'),
  FacilityVerificationRejected: noted('Rejected', 'negative'),
  FacilitySuspended: noted('Suspended', 'negative'),
  FacilityActivated: noted('Activated', 'positive'),
  PostingCreditAdded: (_entry, who) => ({ sentence: `Posting credit added by ${who}`, detail: null, tone: 'info' }),
  PostingCreditRemoved: (_entry, who) => ({ sentence: `Posting credit removed by ${who}`, detail: null, tone: 'neutral' }),
  FacilityVerificationReset: backInReview,
  PostingCreditConsumed: () => ({ sentence: 'Posting credit used to publish a job posting', detail: null, tone: 'neutral' }),
  ApplicantRegistered: (entry) => ({ sentence: signedUp('Applicant', entry), detail: null, tone: 'info' }),
  ApplicantProfileUpdated: (entry, who) => ({ sentence: `Profile updated by ${who}`, detail: changedFields(entry.data), tone: 'neutral' }),
  ApplicantVerified: noted('Verified', 'positive'),
  ApplicantRejected: noted('Rejected', 'negative'),
  ApplicantDeactivated: noted('Deactivated', 'negative'),
  ApplicantActivated: noted('Activated', 'positive'),
  ApplicantVerificationReset: backInReview,
};

export function describeHistoryEntry(entry: RecordHistoryEntry): HistoryItem {
  const describe = DESCRIBERS[entry.type];
  const who = actorName(entry);
  const described = describe ? describe(entry, who) : { sentence: humanizeEventType(entry.type), detail: null, tone: 'neutral' as const };
  return { id: entry.id, at: entry.at, ...described };
}

/** Newest first, as people read an audit trail. */
export function describeHistory(entries: readonly RecordHistoryEntry[]): HistoryItem[] {
  return [...entries].sort((a, b) => b.version - a.version).map(describeHistoryEntry);
}
