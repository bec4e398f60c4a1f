import type { ApplicantEvent } from '../server/src/domain/applicants/applicant';
import type { SubscriptionEvent } from '../server/src/domain/billing/billing-events';
import type { BidEvent } from '../server/src/domain/bids';
import type { FacilityEvent } from '../server/src/domain/facilities/facility';
import type { FacilityMemberEvent } from '../server/src/domain/facility-members';
import {
  applicantNotifications,
  bidNotifications,
  facilityNotifications,
  INBOX_EVENT_TYPES,
  NOTIFYING_APPLICANT_EVENTS,
  NOTIFYING_BID_EVENTS,
  NOTIFYING_FACILITY_EVENTS,
  paymentFailedNotifications,
  type InboxEvent,
  type NotificationDraft,
} from '../server/src/domain/notifications';
import type { PostingEvent } from '../server/src/domain/postings';
import { personName } from '../server/src/domain/shared/person-name';
import { notificationIdFor } from '../server/src/notifications/notification-ids';
import { fold, FoldedTable, type ReplayModel } from '../server/src/platform/read-models/folded-table';
import { streamId, type Recorded } from '../server/src/platform/subscriptions';

type NotificationRow = {
  id: string;
  user_id: string;
  kind: string;
  title: string;
  body: string;
  link: string;
  created_at: string;
  read_at: string | null;
  source_position: string;
};
type UnreadCountRow = { user_id: string; unread: number };
type PostingRow = { id: string; facility_id: string; title: string };
type BidRow = { id: string; posting_id: string; facility_id: string; applicant_id: string; applicant_user_id: string };
type ApplicantRow = { id: string; user_id: string; first_name: string | null; last_name: string | null };
type MemberRow = { facility_id: string; user_id: string; is_admin: boolean; can_manage_bids: boolean };

type FacilitySideEvent = FacilityEvent | FacilityMemberEvent;

const memberKey = (facilityId: string, userId: string) => `${facilityId}|${userId}`;

/**
 * The inbox folded in memory for rebuilds: the same rows as notifications.projection.ts, with
 * lookups by facility (its members) and by person (their unread notifications) kept beside the
 * tables, so no event scans them.
 */
export function notificationsReplay(): ReplayModel {
  const inbox = new Inbox();
  return {
    tables: [inbox.notifications, inbox.unreadCounts, inbox.postings, inbox.bids, inbox.applicants, inbox.members],
    follows: [
      fold<BidEvent>('bid', NOTIFYING_BID_EVENTS, (event) => inbox.bid(event)),
      fold<PostingEvent>('posting', ['PostingCreated', 'PostingEdited'], (event) => inbox.posting(event)),
      fold<ApplicantEvent>('applicant', ['ApplicantRegistered', 'ApplicantProfileUpdated', ...NOTIFYING_APPLICANT_EVENTS], (event) =>
        inbox.applicant(event),
      ),
      fold<FacilitySideEvent>('facility', FACILITY_TYPES, (event) => inbox.facility(event)),
      fold<SubscriptionEvent>('subscription', ['PaymentFailed'], (event) => inbox.subscription(event)),
      fold<InboxEvent>('inbox', INBOX_EVENT_TYPES, (event) => inbox.read(event)),
    ],
  };
}

const FACILITY_TYPES: readonly FacilitySideEvent['type'][] = [
  ...new Set<FacilitySideEvent['type']>([
    'FacilityRegistered',
    'FacilityInvitationAccepted',
    'FacilityMemberPermissionsChanged',
    'FacilityMemberRemoved',
    ...NOTIFYING_FACILITY_EVENTS,
  ]),
];

class Inbox {
  readonly notifications = new FoldedTable<NotificationRow>('notifications', (row) => row.id);
  readonly unreadCounts = new FoldedTable<UnreadCountRow>('notification_unread_counts', (row) => row.user_id);
  readonly postings = new FoldedTable<PostingRow>('notification_postings', (row) => row.id);
  readonly bids = new FoldedTable<BidRow>('notification_bids', (row) => row.id);
  readonly applicants = new FoldedTable<ApplicantRow>('notification_applicants', (row) => row.id);
  readonly members = new FoldedTable<MemberRow>('notification_members', (row) => memberKey(row.facility_id, row.user_id));
  /** Members by facility, and each person's unread notifications (ids), for the lookups the SQL does by index. */
  private readonly membersOf = new Map<string, Map<string, MemberRow>>();
  private readonly unreadOf = new Map<string, Set<string>>();

  bid(event: Recorded<BidEvent>): void {
    const bidId = streamId(event);
    if (event.type === 'BidSubmitted') {
      const d = event.data;
      const row = { id: bidId, posting_id: d.job_posting_id, facility_id: d.facility_id, applicant_id: d.applicant_id };
      this.bids.insert({ ...row, applicant_user_id: d.applicant_user_id }, event);
    }
    const bid = this.bids.get(bidId);
    if (!bid) return;
    const managers = [...(this.membersOf.get(bid.facility_id)?.values() ?? [])].filter((m) => m.is_admin || m.can_manage_bids);
    const drafts = bidNotifications(event, {
      posting_id: bid.posting_id,
      posting_title: this.postings.get(bid.posting_id)?.title ?? 'your job',
      applicant_user_id: bid.applicant_user_id,
      applicant_name: personName(this.applicants.get(bid.applicant_id) ?? null),
      bid_managers: managers.map((member) => member.user_id).sort(),
    });
    this.record(event, drafts);
  }

  posting(event: Recorded<PostingEvent>): void {
    const postingId = streamId(event);
    if (event.type === 'PostingCreated') {
      this.postings.insert({ id: postingId, facility_id: event.data.facility_id, title: event.data.title }, event);
    } else if (event.type === 'PostingEdited' && event.data.changes.title !== undefined) {
      this.postings.update(postingId, { title: event.data.changes.title }, event);
    }
  }

  applicant(event: Recorded<ApplicantEvent>): void {
    const applicantId = streamId(event);
    if (event.type === 'ApplicantRegistered') {
      const d = event.data;
      this.applicants.insert(
        { id: applicantId, user_id: d.user_id, first_name: d.first_name ?? null, last_name: d.last_name ?? null },
        event,
      );
      return;
    }
    if (event.type === 'ApplicantProfileUpdated') {
      const d = event.data;
      if ('first_name' in d) this.applicants.update(applicantId, { first_name: d.first_name ?? null }, event);
      if ('last_name' in d) this.applicants.update(applicantId, { last_name: d.last_name ?? null }, event);
      return;
    }
    const applicant = this.applicants.get(applicantId);
    if (applicant) this.record(event, applicantNotifications(event, applicant.user_id));
  }

  facility(event: Recorded<FacilitySideEvent>): void {
    const facilityId = streamId(event);
    this.membership(facilityId, event);
    if (event.type !== 'FacilityInvitationAccepted' && !isNotifyingFacilityEvent(event)) return;
    this.record(event, facilityNotifications(event, this.admins(facilityId)));
  }

  subscription(event: Recorded<SubscriptionEvent>): void {
    if (event.type !== 'PaymentFailed') return;
    const title = this.postings.get(event.data.posting_id)?.title ?? 'your job';
    this.record(event, paymentFailedNotifications(event, title, this.admins(event.data.facility_id)));
  }

  read(event: Recorded<InboxEvent>): void {
    const userId = event.data.user_id;
    const unread = this.unreadOf.get(userId);
    if (!unread) return;
    if (event.type === 'NotificationRead') {
      if (!unread.has(event.data.notification_id)) return;
      this.notifications.update(event.data.notification_id, { read_at: event.data.at }, event);
      unread.delete(event.data.notification_id);
      this.unreadCounts.update(userId, { unread: unread.size }, event);
      return;
    }
    const before = BigInt(event.global_position);
    for (const id of [...unread]) {
      const row = this.notifications.get(id);
      if (!row || BigInt(row.source_position) >= before) continue;
      this.notifications.update(id, { read_at: event.data.at }, event);
      unread.delete(id);
    }
    this.unreadCounts.update(userId, { unread: unread.size }, event);
  }

  private membership(facilityId: string, event: FacilitySideEvent & Recorded<FacilitySideEvent>): void {
    const upsert = (userId: string, isAdmin: boolean, canManageBids: boolean) => {
      const row = { facility_id: facilityId, user_id: userId, is_admin: isAdmin, can_manage_bids: canManageBids };
      this.members.upsert(row, { is_admin: isAdmin, can_manage_bids: canManageBids }, event);
      const members = this.membersOf.get(facilityId) ?? new Map<string, MemberRow>();
      members.set(userId, this.members.get(memberKey(facilityId, userId))!);
      this.membersOf.set(facilityId, members);
    };
    switch (event.type) {
      case 'FacilityRegistered':
        return upsert(event.data.admin_user_id, true, true);
      case 'FacilityInvitationAccepted':
        return upsert(event.data.user_id, event.data.role === 'admin', event.data.permissions.can_manage_bids);
      case 'FacilityMemberPermissionsChanged':
        return upsert(event.data.member_id, event.data.role === 'admin', event.data.permissions.can_manage_bids);
      case 'FacilityMemberRemoved':
        this.members.delete(memberKey(facilityId, event.data.member_id));
        this.membersOf.get(facilityId)?.delete(event.data.member_id);
        return;
    }
  }

  private admins(facilityId: string): string[] {
    return [...(this.membersOf.get(facilityId)?.values() ?? [])]
      .filter((member) => member.is_admin)
      .map((member) => member.user_id)
      .sort();
  }

  private record(event: Recorded<{ type: string; data: unknown }>, drafts: NotificationDraft[]): void {
    const createdAt = event.created_at.toISOString();
    for (const draft of drafts) {
      const id = notificationIdFor(event.id, draft.user_id);
      if (this.notifications.get(id)) continue;
      const row = { id, ...draft, created_at: createdAt, read_at: null, source_position: event.global_position };
      this.notifications.insert(row, event);
      const unread = this.unreadOf.get(draft.user_id) ?? new Set<string>();
      unread.add(id);
      this.unreadOf.set(draft.user_id, unread);
      this.unreadCounts.upsert({ user_id: draft.user_id, unread: unread.size }, { unread: unread.size }, event);
    }
  }
}

function isNotifyingFacilityEvent(event: FacilitySideEvent): event is FacilityEvent {
  return (NOTIFYING_FACILITY_EVENTS as readonly string[]).includes(event.type) && event.type !== 'FacilityInvitationAccepted';
}
