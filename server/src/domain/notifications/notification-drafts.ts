/**
 * Who hears of what, and in which words: an event that matters to people -> one notification
 * per recipient (kind, title, body, link). Pure, so the read model's rules are unit-tested
 * without a database; the projection supplies what the event itself does not carry (the
 * posting's title, the applicant's name, the facility's bid managers and admins). The person who
 * acted is never told of their own move.
 */
import type { ApplicantEvent } from '../applicants/applicant';
import type { PaymentFailed } from '../billing/billing-events';
import type { BidEvent } from '../bids/bid-events';
import type { FacilityEvent } from '../facilities/facility';
import type { FacilityInvitationAccepted } from '../facility-members/member-events';
import { formatMoney, formatRate } from '../shared/format';
import type { NotificationKind } from './notification-views';

export interface NotificationDraft {
  user_id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
}

/** What the bid notifications say beyond the event: the posting, the applicant and the facility's side. */
export interface BidParties {
  posting_id: string;
  posting_title: string;
  applicant_user_id: string;
  applicant_name: string;
  /** The facility's members who may manage bids (admins hold every flag). */
  bid_managers: readonly string[];
}

/** The pages notifications open. */
export const notificationLinks = {
  posting: (postingId: string) => `/jobs/${postingId}`,
  applicantProfile: '/applicant-profile',
  facilityProfile: '/facility-profile',
  team: '/facility-users',
  payments: '/payment-history',
} as const;

/** The bid events that notify someone; the others (withdrawn, counter rejected) notify nobody. */
export const NOTIFYING_BID_EVENTS = [
  'BidSubmitted',
  'ApplicantCountered',
  'FacilityCountered',
  'FacilityAccepted',
  'FacilityRejected',
  'RejectionUndone',
  'CounterAccepted',
  'BidClosedPositionFilled',
] as const satisfies readonly BidEvent['type'][];

export function bidNotifications(event: BidEvent, bid: BidParties): NotificationDraft[] {
  const link = notificationLinks.posting(bid.posting_id);
  const job = bid.posting_title;
  const name = bid.applicant_name || 'An applicant';
  const toApplicant = (kind: NotificationKind, title: string, body: string) => [
    { user_id: bid.applicant_user_id, kind, title, body, link },
  ];
  const toFacility = (kind: NotificationKind, title: string, body: string) =>
    bid.bid_managers.map((user_id) => ({ user_id, kind, title, body, link }));
  const drafts = ((): NotificationDraft[] => {
    switch (event.type) {
      case 'BidSubmitted':
        return toFacility('bid_submitted', `New bid on ${job}`, `${name} bid ${formatRate(event.data.proposed_rate)}.`);
      case 'ApplicantCountered':
        return toFacility('applicant_countered', `Counter offer on ${job}`, `${name} countered at ${formatRate(event.data.counter_rate)}.`);
      case 'CounterAccepted':
        return toFacility(
          'connection',
          `Connected with ${name}`,
          `${name} accepted your counter of ${formatRate(event.data.rate)} for ${job}. Contact details are in your email.`,
        );
      case 'FacilityCountered':
        return toApplicant(
          'facility_countered',
          `Counter offer on ${job}`,
          `The facility countered at ${formatRate(event.data.counter_rate)}. Accept, decline or counter on the job page.`,
        );
      case 'FacilityAccepted':
        return [
          ...toApplicant(
            'connection',
            `Bid accepted: ${job}`,
            `The facility accepted your bid at ${formatRate(event.data.rate)}. You are connected; contact details are in your email.`,
          ),
          ...toFacility('connection', `Connected with ${name}`, `Your team accepted ${name} at ${formatRate(event.data.rate)} for ${job}.`),
        ];
      case 'FacilityRejected':
        return toApplicant('bid_rejected', `Bid declined: ${job}`, 'The facility declined your bid.');
      case 'RejectionUndone':
        return toApplicant('rejection_undone', `Bid back in review: ${job}`, 'The facility undid its decline. Your bid is open again.');
      case 'BidClosedPositionFilled':
        return toApplicant(
          'position_filled',
          `Position filled: ${job}`,
          'The facility filled every opening of this job, so your bid is closed.',
        );
      default:
        return [];
    }
  })();
  // A fill closes bids on its own: nobody acted, so nobody is left out.
  return withoutActor(drafts, 'user_id' in event.data ? event.data.user_id : null);
}

/** Verification decisions, suspensions and reactivations, to the applicant. */
export function applicantNotifications(event: ApplicantEvent, applicantUserId: string): NotificationDraft[] {
  const link = notificationLinks.applicantProfile;
  const to = (kind: NotificationKind, title: string, body: string) => [{ user_id: applicantUserId, kind, title, body, link }];
  switch (event.type) {
    case 'ApplicantVerified':
      return to('verification', 'Your profile is verified', 'An admin confirmed your credentials. You can now bid on jobs.');
    case 'ApplicantRejected':
      return to('verification', 'Your profile needs changes', 'An admin could not verify your profile. Your email says what to correct.');
    case 'ApplicantDeactivated':
      return to('account_status', 'Your account was deactivated', 'You can no longer bid. Contact support if you think this is a mistake.');
    case 'ApplicantActivated':
      return to('account_status', 'Your account is active again', 'You can bid on jobs again.');
    default:
      return [];
  }
}

export const NOTIFYING_APPLICANT_EVENTS = [
  'ApplicantVerified',
  'ApplicantRejected',
  'ApplicantDeactivated',
  'ApplicantActivated',
] as const satisfies readonly ApplicantEvent['type'][];

/** Verification decisions, suspensions, reactivations and new members, to the facility's admins. */
export function facilityNotifications(event: FacilityEvent | FacilityInvitationAccepted, admins: readonly string[]): NotificationDraft[] {
  const to = (kind: NotificationKind, title: string, body: string, link: string = notificationLinks.facilityProfile) =>
    admins.map((user_id) => ({ user_id, kind, title, body, link }));
  switch (event.type) {
    case 'FacilityVerified':
      return to('verification', 'Your facility is verified', 'An admin confirmed your facility. You can now publish jobs.');
    case 'FacilityVerificationRejected':
      return to('verification', 'Your facility needs changes', 'An admin could not verify your facility. Your email says what to correct.');
    case 'FacilitySuspended':
      return to('account_status', 'Your facility was suspended', 'Your postings are hidden and you cannot publish or manage bids.');
    case 'FacilityActivated':
      return to('account_status', 'Your facility is active again', 'You can publish jobs and manage bids again.');
    case 'FacilityInvitationAccepted':
      return withoutActor(
        to('member_joined', `${event.data.email} joined your team`, 'They accepted your invitation.', notificationLinks.team),
        event.data.user_id,
      );
    default:
      return [];
  }
}

export const NOTIFYING_FACILITY_EVENTS = [
  'FacilityVerified',
  'FacilityVerificationRejected',
  'FacilitySuspended',
  'FacilityActivated',
  'FacilityInvitationAccepted',
] as const satisfies readonly (FacilityEvent | FacilityInvitationAccepted)['type'][];

/** A failed renewal, to the facility's admins. */
export function paymentFailedNotifications(event: PaymentFailed, postingTitle: string, admins: readonly string[]): NotificationDraft[] {
  const amount = formatMoney(event.data.amount_cents / 100);
  return admins.map((user_id) => ({
    user_id,
    kind: 'payment_failed',
    title: `Payment failed: ${postingTitle}`,
    body: `The monthly charge of ${amount} did not go through. The posting stays live until the end of the unpaid month.`,
    link: notificationLinks.payments,
  }));
}

function withoutActor(drafts: NotificationDraft[], actorUserId: string | null): NotificationDraft[] {
  return drafts.filter((draft) => draft.user_id !== actorUserId);
}
