import { accepts, canReview } from '../facilities/actions';
import type { VerificationStatus } from '../accounts/constants';
import type { AdminActor } from '../facilities/facility';
import { applicantDecider, type ApplicantCommand, type ApplicantState } from './applicant';

/**
 * Which admin actions an applicant record offers right now. Like facilityActions, each one is
 * put to the applicant decider, so the console offers exactly what the server accepts.
 */
export interface ApplicantRecordState {
  verification_status: VerificationStatus;
  is_active: boolean;
}

export interface ApplicantAdminActions {
  /** Verify: open while pending or rejected. */
  verify: boolean;
  /** Reject: open while pending or rejected (unlike a facility, a rejected applicant can be rejected again). */
  reject: boolean;
  /** Deactivate: a verified, active applicant. */
  deactivate: boolean;
  /** Activate: an inactive applicant that is not pending. */
  activate: boolean;
  /** Verify and reject are offered but this admin's own email is not verified: show them disabled. */
  reviewLocked: boolean;
}

const REVIEWER: AdminActor = { email_verified: true };
const PROBE_TIME = new Date(0);

export function applicantState(record: ApplicantRecordState): ApplicantState {
  // Identity and license only matter to profile edits and bids, which these actions do not probe.
  return {
    exists: true,
    verification_status: record.verification_status,
    is_active: record.is_active,
    identity: {},
    license_expires_at: null,
  };
}

export function applicantActions(record: ApplicantRecordState, admin: AdminActor): ApplicantAdminActions {
  const state = applicantState(record);
  const open = (command: ApplicantCommand) => accepts(applicantDecider.decide, command, state);
  const verify = open({ type: 'VerifyApplicant', data: { admin: REVIEWER, notes: '', now: PROBE_TIME } });
  const reject = open({ type: 'RejectApplicant', data: { admin: REVIEWER, notes: '', now: PROBE_TIME } });
  return {
    verify,
    reject,
    deactivate: open({ type: 'DeactivateApplicant', data: { notes: '', now: PROBE_TIME } }),
    activate: open({ type: 'ActivateApplicant', data: { notes: '', now: PROBE_TIME } }),
    reviewLocked: (verify || reject) && !canReview(admin),
  };
}
