import type { VerificationStatus } from '../accounts/constants';
import { ForbiddenError } from '../shared/errors';
import { facilityDecider, type AdminActor, type FacilityCommand, type FacilityState } from './facility';

/**
 * Which admin actions a facility record offers right now, for the admin console's buttons.
 * Nothing is restated here: each action is put to the facility decider itself (the same rules
 * the server runs on PUT /admin/facilities/{id}/...), so a button is shown exactly when the server
 * would accept the command.
 */
export interface FacilityRecordState {
  verification_status: VerificationStatus;
  is_active: boolean;
  posting_credits: number;
}

export interface FacilityAdminActions {
  /** Verify: open while pending or rejected. */
  verify: boolean;
  /** Reject: open only while pending (a rejected facility is not rejected again). */
  reject: boolean;
  /** Suspend: a verified, active facility. */
  suspend: boolean;
  /** Activate: an inactive facility that is not pending. */
  activate: boolean;
  addCredit: boolean;
  /** Remove a posting credit: only while it has one (the button stays, disabled, at 0). */
  removeCredit: boolean;
  /**
   * Verify and reject are offered by the record's state but refused to this admin, whose own
   * email address is not verified yet: show them disabled, with the notice.
   */
  reviewLocked: boolean;
}

/** An admin allowed to review, for asking the decider about the record's state alone. */
const REVIEWER: AdminActor = { email_verified: true };
const PROBE_TIME = new Date(0);

/** True when `decide` accepts the command in this state (it throws a DomainError otherwise). */
export function accepts<State, Command>(decide: (command: Command, state: State) => unknown, command: Command, state: State): boolean {
  try {
    decide(command, state);
    return true;
  } catch {
    return false;
  }
}

export function facilityState(record: FacilityRecordState): FacilityState {
  return {
    exists: true,
    verification_status: record.verification_status,
    is_active: record.is_active,
    posting_credits: Number(record.posting_credits) || 0,
    // Identity only matters to profile edits, which these actions do not probe.
    identity: {},
  };
}

export function facilityActions(record: FacilityRecordState, admin: AdminActor): FacilityAdminActions {
  const state = facilityState(record);
  const open = (command: FacilityCommand) => accepts(facilityDecider.decide, command, state);
  const verify = open({ type: 'VerifyFacility', data: { admin: REVIEWER, notes: '', now: PROBE_TIME } });
  const reject = open({ type: 'RejectFacility', data: { admin: REVIEWER, notes: '', now: PROBE_TIME } });
  return {
    verify,
    reject,
    suspend: open({ type: 'SuspendFacility', data: { notes: '', now: PROBE_TIME } }),
    activate: open({ type: 'ActivateFacility', data: { notes: '', now: PROBE_TIME } }),
    addCredit: open({ type: 'AddPostingCredit', data: { now: PROBE_TIME } }),
    removeCredit: open({ type: 'RemovePostingCredit', data: { now: PROBE_TIME } }),
    reviewLocked: (verify || reject) && !canReview(admin),
  };
}

/** Whether this admin may verify or reject at all (their own email must be verified). */
export function canReview(admin: AdminActor): boolean {
  const probe: FacilityState = { exists: true, verification_status: 'pending', is_active: true, posting_credits: 0, identity: {} };
  try {
    facilityDecider.decide({ type: 'VerifyFacility', data: { admin, notes: '', now: PROBE_TIME } }, probe);
    return true;
  } catch (error) {
    return !(error instanceof ForbiddenError);
  }
}
