import type { VerificationStatus } from '../accounts/constants';
import { assertNever, type StreamDecider } from '../shared/decider';
import { ConflictError, ForbiddenError, NotFoundError } from '../shared/errors';
import { eventGuard, type Command, type Event } from '../shared/events';
import {
  changedIdentityFields,
  FACILITY_IDENTITY_FIELDS,
  identityMessages,
  identityOf,
  type FacilityIdentityField,
  type ProfileEditor,
} from '../shared/identity';

/**
 * A facility's lifecycle over its `facility-{id}` stream: registration and profile edits by its
 * members, verification, suspension and posting credits by platform admins.
 */
export interface FacilityProfile {
  name: string;
  facility_type: string | null;
  npi: string | null;
  description: string | null;
  phone: string | null;
  website: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
}

export type FacilityEvent =
  | Event<'FacilityRegistered', FacilityProfile & { facility_id: string; admin_user_id: string; at: string }>
  | Event<'FacilityProfileUpdated', Partial<FacilityProfile> & { at: string }>
  | Event<'FacilityVerified', { notes: string; at: string }>
  | Event<'FacilityVerificationRejected', { notes: string; at: string }>
  | Event<'FacilitySuspended', { notes: string; at: string }>
  | Event<'FacilityActivated', { notes: string; at: string }>
  | Event<'PostingCreditAdded', { credits: number; at: string }>
  | Event<'PostingCreditRemoved', { credits: number; at: string }>
  /** posting_title: the posting it paid for, as titled then (absent in events from before it was recorded). */
  | Event<'PostingCreditConsumed', { posting_id: string; posting_title?: string; credits: number; at: string }>
  /** A member changed identity fields of a verified facility: it is pending review again. */
  | Event<'FacilityVerificationReset', { fields: FacilityIdentityField[]; notes: string; at: string }>
  /** A platform admin's free-form note on the record; changes nothing else. */
  | Event<'FacilityNoteAdded', { notes: string; at: string }>;

export const FACILITY_EVENT_TYPES: readonly FacilityEvent['type'][] = [
  'FacilityRegistered',
  'FacilityProfileUpdated',
  'FacilityVerified',
  'FacilityVerificationRejected',
  'FacilitySuspended',
  'FacilityActivated',
  'PostingCreditAdded',
  'PostingCreditRemoved',
  'PostingCreditConsumed',
  'FacilityVerificationReset',
  'FacilityNoteAdded',
];

export const isFacilityEvent = eventGuard<FacilityEvent>(FACILITY_EVENT_TYPES);

/** The acting platform admin; only one whose own email is verified may verify or reject. */
export interface AdminActor {
  email_verified: boolean;
}

interface Dated {
  now: Date;
}

/** A decision on the record by a platform admin, with the note it leaves. */
interface Noted extends Dated {
  notes: string;
}

export type FacilityCommand =
  | Command<'RegisterFacility', Dated & { facility_id: string; admin_user_id: string; profile: FacilityProfile }>
  | Command<'UpdateFacilityProfile', Dated & { profile: Partial<FacilityProfile>; by: ProfileEditor }>
  | Command<'VerifyFacility', Noted & { admin: AdminActor }>
  | Command<'RejectFacility', Noted & { admin: AdminActor }>
  | Command<'SuspendFacility', Noted>
  | Command<'ActivateFacility', Noted>
  | Command<'AddPostingCredit', Dated>
  | Command<'RemovePostingCredit', Dated>
  | Command<'ConsumePostingCredit', Dated & { posting_id: string; posting_title: string }>
  | Command<'AddFacilityNote', Noted>;

export interface FacilityState {
  exists: boolean;
  verification_status: VerificationStatus;
  is_active: boolean;
  posting_credits: number;
  /** The identity fields as last recorded, to tell which ones a profile edit changes. */
  identity: Partial<Pick<FacilityProfile, FacilityIdentityField>>;
}

export const EMAIL_VERIFICATION_REQUIRED_FOR_REVIEW = 'Verify your own email address before verifying or rejecting accounts.';

const initialState = (): FacilityState => ({
  exists: false,
  verification_status: 'pending',
  is_active: true,
  posting_credits: 0,
  identity: {},
});

/**
 * A profile edit; by a member, a change of identity on a verified facility also sends it back
 * to review. An admin's edit stands (they are the verifier), and a pending or rejected facility
 * is not verified to begin with.
 */
function profileUpdated(
  { profile, by }: { profile: Partial<FacilityProfile>; by: ProfileEditor },
  state: FacilityState,
  at: string,
): FacilityEvent[] {
  const updated: FacilityEvent = { type: 'FacilityProfileUpdated', data: { ...profile, at } };
  const fields = changedIdentityFields(FACILITY_IDENTITY_FIELDS, state.identity, profile);
  if (by === 'admin' || state.verification_status !== 'verified' || fields.length === 0) return [updated];
  return [updated, { type: 'FacilityVerificationReset', data: { fields, notes: identityMessages.backInReviewNote(fields), at } }];
}

function requireExisting(state: FacilityState): void {
  if (!state.exists) throw new NotFoundError('Facility not found');
}

function requireReviewer(admin: AdminActor): void {
  if (!admin.email_verified) throw new ForbiddenError(EMAIL_VERIFICATION_REQUIRED_FOR_REVIEW);
}

function decide(command: FacilityCommand, state: FacilityState): FacilityEvent[] {
  const at = command.data.now.toISOString();
  if (command.type === 'RegisterFacility') {
    if (state.exists) throw new ConflictError('This facility is already registered.');
    const { facility_id, admin_user_id, profile } = command.data;
    return [{ type: 'FacilityRegistered', data: { ...profile, facility_id, admin_user_id, at } }];
  }
  requireExisting(state);
  switch (command.type) {
    case 'UpdateFacilityProfile':
      return profileUpdated(command.data, state, at);
    case 'VerifyFacility':
      requireReviewer(command.data.admin);
      if (state.verification_status === 'verified') throw new ConflictError('This facility is already verified.');
      return [{ type: 'FacilityVerified', data: { notes: command.data.notes, at } }];
    case 'RejectFacility':
      requireReviewer(command.data.admin);
      if (state.verification_status !== 'pending') {
        throw new ConflictError(`Only a pending facility can be rejected; this one is ${state.verification_status}.`);
      }
      return [{ type: 'FacilityVerificationRejected', data: { notes: command.data.notes, at } }];
    case 'SuspendFacility':
      if (state.verification_status !== 'verified' || !state.is_active) {
        throw new ConflictError('Only a verified, active facility can be suspended.');
      }
      return [{ type: 'FacilitySuspended', data: { notes: command.data.notes, at } }];
    case 'ActivateFacility':
      if (state.is_active) throw new ConflictError('This facility is already active.');
      if (state.verification_status === 'pending') throw new ConflictError('A pending facility must be verified, not activated.');
      return [{ type: 'FacilityActivated', data: { notes: command.data.notes, at } }];
    case 'AddPostingCredit':
      return [{ type: 'PostingCreditAdded', data: { credits: 1, at } }];
    case 'RemovePostingCredit':
      if (state.posting_credits <= 0) throw new ConflictError('This facility has no posting credits to remove.');
      return [{ type: 'PostingCreditRemoved', data: { credits: 1, at } }];
    case 'ConsumePostingCredit':
      if (state.posting_credits <= 0) throw new ConflictError('This facility has no posting credits left.');
      return [
        {
          type: 'PostingCreditConsumed',
          data: { posting_id: command.data.posting_id, posting_title: command.data.posting_title, credits: 1, at },
        },
      ];
    case 'AddFacilityNote':
      return [{ type: 'FacilityNoteAdded', data: { notes: command.data.notes, at } }];
    default:
      return assertNever(command);
  }
}

function evolve(state: FacilityState, event: FacilityEvent): FacilityState {
  switch (event.type) {
    case 'FacilityRegistered':
      return {
        ...initialState(),
        exists: true,
        identity: identityOf<FacilityProfile, FacilityIdentityField>(FACILITY_IDENTITY_FIELDS, event.data),
      };
    case 'FacilityProfileUpdated':
      return {
        ...state,
        identity: { ...state.identity, ...identityOf<FacilityProfile, FacilityIdentityField>(FACILITY_IDENTITY_FIELDS, event.data) },
      };
    case 'FacilityVerificationReset':
      return { ...state, verification_status: 'pending' };
    case 'FacilityVerified':
      return { ...state, verification_status: 'verified', is_active: true };
    case 'FacilityVerificationRejected':
      return { ...state, verification_status: 'rejected' };
    case 'FacilitySuspended':
      return { ...state, is_active: false };
    case 'FacilityActivated':
      return { ...state, is_active: true };
    case 'PostingCreditAdded':
      return { ...state, posting_credits: state.posting_credits + event.data.credits };
    case 'PostingCreditRemoved':
    case 'PostingCreditConsumed':
      return { ...state, posting_credits: state.posting_credits - event.data.credits };
    case 'FacilityNoteAdded':
      return state;
    default:
      return assertNever(event);
  }
}

export const facilityDecider: StreamDecider<FacilityState, FacilityCommand, FacilityEvent> = {
  initialState,
  decide,
  evolve,
  isEvent: isFacilityEvent,
};

export const facilityStream = (facilityId: string) => `facility-${facilityId}`;
export const isFacilityStream = (stream: string) => stream.startsWith(facilityStream(''));

/**
 * The events that decide whether a facility exists and is active (its standing), all a bid needs
 * of it: a facility's stream grows with every credit, member and edit, and a bid command folds
 * only these.
 */
export const FACILITY_STANDING_EVENTS: readonly FacilityEvent['type'][] = [
  'FacilityRegistered',
  'FacilityVerified',
  'FacilitySuspended',
  'FacilityActivated',
];

/** The facility profile as events carry it, from a parsed profile form (absent values are null). */
export function facilityProfileFrom(p: {
  name: string;
  facility_type?: string | null;
  npi?: string | null;
  description?: string | null;
  phone: string;
  website?: string | null;
  address_line1: string;
  address_line2?: string | null;
  city: string;
  state: string;
  zip_code: string;
}): FacilityProfile {
  return {
    name: p.name,
    facility_type: p.facility_type ?? null,
    npi: p.npi ?? null,
    description: p.description ?? null,
    phone: p.phone,
    website: p.website ?? null,
    address_line1: p.address_line1,
    address_line2: p.address_line2 ?? null,
    city: p.city,
    state: p.state,
    zip_code: p.zip_code,
  };
}
