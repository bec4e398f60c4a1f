import { assertNever, type StreamDecider } from '../shared/decider';
import { ConflictError, ForbiddenError, NotFoundError } from '../shared/errors';
import { eventGuard, type Command, type Event } from '../shared/events';
import type { ApplicantRoleType, VerificationStatus } from '../accounts/constants';
import { EMAIL_VERIFICATION_REQUIRED_FOR_REVIEW, type AdminActor } from '../facilities/facility';
import {
  APPLICANT_IDENTITY_FIELDS,
  changedIdentityFields,
  identityMessages,
  identityOf,
  type ApplicantIdentityField,
  type ProfileEditor,
} from '../shared/identity';

/**
 * An applicant's lifecycle over its `applicant-{id}` stream: registration and profile edits by
 * the applicant, verification and (de)activation by platform admins.
 */
export interface ApplicantProfile {
  first_name: string | null;
  last_name: string | null;
  role_type: ApplicantRoleType;
  license_number: string | null;
  license_state: string | null;
  license_expires_at: string | null;
  npi: string | null;
  linkedin_profile: string | null;
  experience_started_at: string | null;
  bio: string | null;
  hourly_rate_min: number | null;
  hourly_rate_max: number | null;
  preferred_radius_miles: number;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  certifications: string[];
  malpractice_provided: boolean;
  job_search_frequency_days: 1 | 7;
}

export type ApplicantEvent =
  | Event<'ApplicantRegistered', ApplicantProfile & { applicant_id: string; user_id: string; at: string }>
  | Event<'ApplicantProfileUpdated', Partial<ApplicantProfile> & { at: string }>
  | Event<'ApplicantVerified', { notes: string; at: string }>
  | Event<'ApplicantRejected', { notes: string; at: string }>
  | Event<'ApplicantDeactivated', { notes: string; at: string }>
  | Event<'ApplicantActivated', { notes: string; at: string }>
  /** The applicant changed identity fields of a verified record: it is pending review again. */
  | Event<'ApplicantVerificationReset', { fields: ApplicantIdentityField[]; notes: string; at: string }>
  /** A platform admin's free-form note on the record; changes nothing else. */
  | Event<'ApplicantNoteAdded', { notes: string; at: string }>;

export const APPLICANT_EVENT_TYPES: readonly ApplicantEvent['type'][] = [
  'ApplicantRegistered',
  'ApplicantProfileUpdated',
  'ApplicantVerified',
  'ApplicantRejected',
  'ApplicantDeactivated',
  'ApplicantActivated',
  'ApplicantVerificationReset',
  'ApplicantNoteAdded',
];

export const isApplicantEvent = eventGuard<ApplicantEvent>(APPLICANT_EVENT_TYPES);

interface Dated {
  now: Date;
}

/** A decision on the record by a platform admin, with the note it leaves. */
interface Noted extends Dated {
  notes: string;
}

export type ApplicantCommand =
  | Command<'RegisterApplicant', Dated & { applicant_id: string; user_id: string; profile: ApplicantProfile }>
  | Command<'UpdateApplicantProfile', Dated & { profile: Partial<ApplicantProfile>; by: ProfileEditor }>
  | Command<'VerifyApplicant', Noted & { admin: AdminActor }>
  | Command<'RejectApplicant', Noted & { admin: AdminActor }>
  | Command<'DeactivateApplicant', Noted>
  | Command<'ActivateApplicant', Noted>
  | Command<'AddApplicantNote', Noted>;

export interface ApplicantState {
  exists: boolean;
  verification_status: VerificationStatus;
  is_active: boolean;
  /** The identity fields as last recorded, to tell which ones a profile edit changes. */
  identity: Partial<Pick<ApplicantProfile, ApplicantIdentityField>>;
  /** The license's expiry date as last recorded: an expired license bids no more. */
  license_expires_at: string | null;
}

const initialState = (): ApplicantState => ({
  exists: false,
  verification_status: 'pending',
  is_active: true,
  identity: {},
  license_expires_at: null,
});

/**
 * A profile edit; by the applicant, a change of identity on a verified record also sends it
 * back to review. An admin's edit stands (they are the verifier), and a pending or rejected
 * record is not verified to begin with.
 */
function profileUpdated(
  { profile, by }: { profile: Partial<ApplicantProfile>; by: ProfileEditor },
  state: ApplicantState,
  at: string,
): ApplicantEvent[] {
  const updated: ApplicantEvent = { type: 'ApplicantProfileUpdated', data: { ...profile, at } };
  const fields = changedIdentityFields(APPLICANT_IDENTITY_FIELDS, state.identity, profile);
  if (by === 'admin' || state.verification_status !== 'verified' || fields.length === 0) return [updated];
  return [updated, { type: 'ApplicantVerificationReset', data: { fields, notes: identityMessages.backInReviewNote(fields), at } }];
}

function decide(command: ApplicantCommand, state: ApplicantState): ApplicantEvent[] {
  const at = command.data.now.toISOString();
  if (command.type === 'RegisterApplicant') {
    if (state.exists) throw new ConflictError('This applicant is already registered.');
    const { applicant_id, user_id, profile } = command.data;
    return [{ type: 'ApplicantRegistered', data: { ...profile, applicant_id, user_id, at } }];
  }
  if (!state.exists) throw new NotFoundError('Applicant not found');
  switch (command.type) {
    case 'UpdateApplicantProfile':
      return profileUpdated(command.data, state, at);
    case 'VerifyApplicant':
    case 'RejectApplicant': {
      if (!command.data.admin.email_verified) throw new ForbiddenError(EMAIL_VERIFICATION_REQUIRED_FOR_REVIEW);
      if (state.verification_status === 'verified') {
        throw new ConflictError('This applicant is already verified; only pending or rejected applicants can be reviewed.');
      }
      const type = command.type === 'VerifyApplicant' ? 'ApplicantVerified' : 'ApplicantRejected';
      return [{ type, data: { notes: command.data.notes, at } }];
    }
    case 'DeactivateApplicant':
      if (state.verification_status !== 'verified' || !state.is_active) {
        throw new ConflictError('Only a verified, active applicant can be deactivated.');
      }
      return [{ type: 'ApplicantDeactivated', data: { notes: command.data.notes, at } }];
    case 'ActivateApplicant':
      if (state.is_active) throw new ConflictError('This applicant is already active.');
      if (state.verification_status === 'pending') throw new ConflictError('A pending applicant must be verified, not activated.');
      return [{ type: 'ApplicantActivated', data: { notes: command.data.notes, at } }];
    case 'AddApplicantNote':
      return [{ type: 'ApplicantNoteAdded', data: { notes: command.data.notes, at } }];
    default:
      return assertNever(command);
  }
}

function evolve(state: ApplicantState, event: ApplicantEvent): ApplicantState {
  switch (event.type) {
    case 'ApplicantRegistered':
      return {
        ...initialState(),
        exists: true,
        identity: identityOf<ApplicantProfile, ApplicantIdentityField>(APPLICANT_IDENTITY_FIELDS, event.data),
        license_expires_at: event.data.license_expires_at,
      };
    case 'ApplicantProfileUpdated':
      return {
        ...state,
        identity: { ...state.identity, ...identityOf<ApplicantProfile, ApplicantIdentityField>(APPLICANT_IDENTITY_FIELDS, event.data) },
        license_expires_at: event.data.license_expires_at === undefined ? state.license_expires_at : event.data.license_expires_at,
      };
    case 'ApplicantVerificationReset':
      return { ...state, verification_status: 'pending' };
    case 'ApplicantVerified':
      return { ...state, verification_status: 'verified', is_active: true };
    case 'ApplicantRejected':
      return { ...state, verification_status: 'rejected' };
    case 'ApplicantDeactivated':
      return { ...state, is_active: false };
    case 'ApplicantActivated':
      return { ...state, is_active: true };
    case 'ApplicantNoteAdded':
      return state;
    default:
      return assertNever(event);
  }
}

export const applicantDecider: StreamDecider<ApplicantState, ApplicantCommand, ApplicantEvent> = {
  initialState,
  decide,
  evolve,
  isEvent: isApplicantEvent,
};

export const applicantStream = (applicantId: string) => `applicant-${applicantId}`;

/** The applicant profile as events carry it, from a parsed profile form (absent values are null). */
export function applicantProfileFrom(p: {
  first_name: string;
  last_name: string;
  role_type: ApplicantProfile['role_type'];
  license_number: string;
  license_state: string;
  license_expires_at: string;
  npi: string;
  linkedin_profile?: string | null;
  experience_started_at: string;
  bio?: string | null;
  hourly_rate_min?: number | null;
  hourly_rate_max?: number | null;
  preferred_radius_miles: number;
  address_line1?: string | null;
  address_line2?: string | null;
  city?: string | null;
  state?: string | null;
  zip_code?: string | null;
  certifications: string[];
  malpractice_provided: boolean;
  job_search_frequency_days: 1 | 7;
}): ApplicantProfile {
  return {
    first_name: p.first_name,
    last_name: p.last_name,
    role_type: p.role_type,
    license_number: p.license_number,
    license_state: p.license_state,
    license_expires_at: p.license_expires_at,
    npi: p.npi,
    linkedin_profile: p.linkedin_profile ?? null,
    experience_started_at: p.experience_started_at,
    bio: p.bio ?? null,
    hourly_rate_min: p.hourly_rate_min ?? null,
    hourly_rate_max: p.hourly_rate_max ?? null,
    preferred_radius_miles: p.preferred_radius_miles,
    address_line1: p.address_line1 ?? null,
    address_line2: p.address_line2 ?? null,
    city: p.city ?? null,
    state: p.state ?? null,
    zip_code: p.zip_code ?? null,
    certifications: p.certifications,
    malpractice_provided: p.malpractice_provided,
    job_search_frequency_days: p.job_search_frequency_days,
  };
}
