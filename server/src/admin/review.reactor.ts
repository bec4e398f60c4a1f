import type { ApplicantEvent } from '../domain/applicants/applicant';
import type { FacilityEvent } from '../domain/facilities/facility';
import { adminReason, type ReviewDecision, type ReviewedKind } from '../domain/shared/review-messages';
import { jobIdFor, reactTo, type Reactor } from '../platform/reactors/reactor';
import { streamId, type Recorded } from '../platform/subscriptions';
import type { JobRequest } from '../queues/queues';

export const BACK_IN_REVIEW_EMAIL = 'record-back-in-review';
export const AWAITING_REVIEW_EMAIL = 'record-awaiting-review';
export const REVIEW_DECISION_EMAIL = 'record-review-decision';

export interface BackInReviewJob {
  kind: ReviewedKind;
  id: string;
  fields: string[];
}

export interface AwaitingReviewJob {
  kind: ReviewedKind;
  id: string;
}

export interface ReviewDecisionJob {
  kind: ReviewedKind;
  id: string;
  decision: ReviewDecision;
  /** The admin's own words from the note (a rejection's reason), if any. */
  reason: string | null;
  /** The admin who decided: the owner's reply goes to them. */
  admin_user_id: string | null;
}

const DECISIONS: Partial<Record<(ApplicantEvent | FacilityEvent)['type'], ReviewDecision>> = {
  ApplicantVerified: 'verified',
  ApplicantRejected: 'rejected',
  ApplicantDeactivated: 'suspended',
  ApplicantActivated: 'reactivated',
  FacilityVerified: 'verified',
  FacilityVerificationRejected: 'rejected',
  FacilitySuspended: 'suspended',
  FacilityActivated: 'reactivated',
};

type ReviewEvent = Recorded<ApplicantEvent | FacilityEvent>;

function mail(event: ReviewEvent, name: string, data: object): JobRequest[] {
  return [{ queue: 'mail', name, data, jobId: jobIdFor(event, name) }];
}

function react(event: ReviewEvent, kind: ReviewedKind): JobRequest[] {
  const id = streamId(event);
  if (event.type === 'ApplicantVerificationReset' || event.type === 'FacilityVerificationReset') {
    return mail(event, BACK_IN_REVIEW_EMAIL, { kind, id, fields: [...event.data.fields] } satisfies BackInReviewJob);
  }
  if (event.type === 'ApplicantRegistered' || event.type === 'FacilityRegistered') {
    return mail(event, AWAITING_REVIEW_EMAIL, { kind, id } satisfies AwaitingReviewJob);
  }
  const decision = DECISIONS[event.type];
  if (!decision || !('notes' in event.data)) return [];
  const actor = event.metadata.actor;
  const job: ReviewDecisionJob = {
    kind,
    id,
    decision,
    reason: adminReason(event.data.notes, actor?.name),
    admin_user_id: actor?.user_id ?? null,
  };
  return mail(event, REVIEW_DECISION_EMAIL, job);
}

/**
 * Review emails, one job per event with its id derived from the event id: platform admins hear
 * of each new registration awaiting review and of a verified record back in review (an identity
 * change); the record's owner (the applicant, the facility's admins) hears each admin decision:
 * verified, rejected, suspended, reactivated. One reactor, so a deployment whose review
 * checkpoint stands at the log's tail does not email the owners of every past decision.
 */
export const reviewReactor: Reactor = {
  name: 'review-emails',
  follows: [
    reactTo<ApplicantEvent>(
      'applicant',
      [
        'ApplicantRegistered',
        'ApplicantVerificationReset',
        'ApplicantVerified',
        'ApplicantRejected',
        'ApplicantDeactivated',
        'ApplicantActivated',
      ],
      (event) => react(event, 'applicant'),
    ),
    reactTo<FacilityEvent>(
      'facility',
      [
        'FacilityRegistered',
        'FacilityVerificationReset',
        'FacilityVerified',
        'FacilityVerificationRejected',
        'FacilitySuspended',
        'FacilityActivated',
      ],
      (event) => react(event, 'facility'),
    ),
  ],
};
