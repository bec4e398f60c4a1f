import type { EntityManager } from 'typeorm';
import type { ApplicantEvent } from '../server/src/domain/applicants/applicant';
import type { SubscriptionEvent } from '../server/src/domain/billing/billing-events';
import { isBidEvent, type BidEvent } from '../server/src/domain/bids';
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
  type NotificationView,
} from '../server/src/domain/notifications';
import type { PostingEvent } from '../server/src/domain/postings';
import { personName } from '../server/src/domain/shared/person-name';
import { notificationIdFor } from '../server/src/notifications/notification-ids';
import { on, type Projection, type ProjectionContext } from '../server/src/platform/read-models/projection';
import type { RecordedEvent } from '../server/src/eventstore/event-store.port';
import { streamId, type Recorded } from '../server/src/platform/subscriptions';
import { rooms, type Push } from '../server/src/realtime/realtime.events';
import { notificationsReplay } from './notifications.replay';

type FacilitySideEvent = FacilityEvent | FacilityMemberEvent;

const FACILITY_TYPES: readonly FacilitySideEvent['type'][] = [
  ...new Set<FacilitySideEvent['type']>([
    'FacilityRegistered',
    'FacilityInvitationAccepted',
    'FacilityMemberPermissionsChanged',
    'FacilityMemberRemoved',
    ...NOTIFYING_FACILITY_EVENTS,
  ]),
];

/**
 * The inbox: one row per notification and recipient, projected from the events that matter to
 * a person (see domain/notifications/notification-drafts.ts for who hears of what), and read
 * marks from each person's `inbox-{user id}` stream. A notification's id derives from the event
 * and the recipient, so replays and rebuilds make the same rows and never a second one. The
 * projection keeps its own copies of what the events do not carry (postings' titles, bids'
 * parties, applicants' names, facilities' members). Each new notification pushes
 * `notification.created` with the unread count to the recipient's user room.
 */
export const notificationsProjection: Projection = {
  name: 'notifications',
  follows: [
    // Told to others than whoever acted: their commands do not wait for the inbox...
    on<BidEvent>('bid', NOTIFYING_BID_EVENTS, applyBidEvent, { eventual: true }),
    on<PostingEvent>('posting', ['PostingCreated', 'PostingEdited'], applyPostingEvent, { eventual: true }),
    on<ApplicantEvent>(
      'applicant',
      ['ApplicantRegistered', 'ApplicantProfileUpdated', ...NOTIFYING_APPLICANT_EVENTS],
      applyApplicantEvent,
      {
        eventual: true,
      },
    ),
    on<FacilitySideEvent>('facility', FACILITY_TYPES, applyFacilityEvent, { eventual: true }),
    on<SubscriptionEvent>('subscription', ['PaymentFailed'], applySubscriptionEvent, { eventual: true }),
    // ...but marking read is the reader's own: their next look shows it.
    on<InboxEvent>('inbox', INBOX_EVENT_TYPES, applyInboxEvent),
  ],
  tables: [
    'notifications',
    'notification_unread_counts',
    'notification_postings',
    'notification_bids',
    'notification_applicants',
    'notification_members',
  ],
  replay: notificationsReplay,
};

interface BidRow {
  bid_id: string;
  posting_id: string;
  posting_title: string | null;
  applicant_user_id: string;
  first_name: string | null;
  last_name: string | null;
  bid_managers: string[];
}

/**
 * Per batch: each bid move's lookup, read together for a run of moves (see bidLookup). A batch is
 * applied by one runner at a time and dropped after, so is its entry.
 */
const lookedUp = new WeakMap<readonly RecordedEvent[], Map<string, BidRow | null>>();
/** Per batch: the pushes of each bid move of a run, its notifications inserted at the run's first move (see bidPushes). */
const movePushes = new WeakMap<readonly RecordedEvent[], Map<string, Push[]>>();

async function applyBidEvent(event: Recorded<BidEvent>, context: ProjectionContext): Promise<void> {
  const bidId = streamId(event);
  if (event.type === 'BidSubmitted') {
    const d = event.data;
    await context.tx.query(
      `INSERT INTO notification_bids (id, posting_id, facility_id, applicant_id, applicant_user_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO NOTHING`,
      [bidId, d.job_posting_id, d.facility_id, d.applicant_id, d.applicant_user_id],
    );
  }
  for (const push of await bidPushes(event, context)) context.push(push);
}

/**
 * This move's pushes. Its notifications are inserted with those of the bid moves after it in the
 * batch (bidLookup's run), one statement per run instead of one per move: those moves write nothing
 * else, and nothing in between reads the inbox. Each move still pushes its own when applied, so
 * pushes keep the order of the events.
 */
async function bidPushes(event: Recorded<BidEvent>, context: ProjectionContext): Promise<Push[]> {
  const known = context.batch && movePushes.get(context.batch)?.get(event.id);
  if (known) return known;
  const run = context.batch ? bidMovesFrom(event, context.batch) : [event];
  const notified: Notified[] = [];
  for (const move of run) {
    const bid = await bidLookup(move, context);
    const drafts = bid
      ? bidNotifications(move, {
          posting_id: bid.posting_id,
          posting_title: bid.posting_title ?? 'your job',
          applicant_user_id: bid.applicant_user_id,
          applicant_name: personName(bid),
          bid_managers: bid.bid_managers,
        })
      : [];
    notified.push({ event: move, drafts });
  }
  const pushes = await insertNotifications(notified, context);
  if (context.batch) movePushes.set(context.batch, new Map(run.map((move, i) => [move.id, pushes[i]])));
  return pushes[0];
}

/**
 * The bid's posting and applicant, and the facility's members who handle bids, as of this event.
 * Read once for this move and the bid moves right after it in the batch: up to the next event of
 * another stream (which may change a title, a name or the members) or the next submission (whose
 * row is not there yet), nothing this read model writes changes what they read. One statement per
 * run instead of one per move, each a round trip (a named statement: sent on every bid move).
 */
async function bidLookup(event: Recorded<BidEvent>, context: ProjectionContext): Promise<BidRow | undefined> {
  const known = context.batch && lookedUp.get(context.batch)?.get(event.id);
  if (known !== undefined) return known ?? undefined;
  const run = context.batch ? bidMovesFrom(event, context.batch) : [event];
  const rows = await context.prepared<BidRow>(
    `SELECT b.id AS bid_id, b.posting_id, p.title AS posting_title, b.applicant_user_id, a.first_name, a.last_name,
            ARRAY(SELECT m.user_id FROM notification_members m
                   WHERE m.facility_id = b.facility_id AND (m.is_admin OR m.can_manage_bids) ORDER BY m.user_id) AS bid_managers
         FROM notification_bids b
         LEFT JOIN notification_postings p ON p.id = b.posting_id
         LEFT JOIN notification_applicants a ON a.id = b.applicant_id
        WHERE b.id = ANY($1)`,
    [[...new Set(run.map(streamId))]],
  );
  const byBid = new Map(rows.map((row) => [row.bid_id, row]));
  if (context.batch) lookedUp.set(context.batch, new Map(run.map((move) => [move.id, byBid.get(streamId(move)) ?? null])));
  return byBid.get(streamId(event));
}

/** This event and the bid moves that follow it in the batch, up to another stream's event or a submission. */
function bidMovesFrom(event: Recorded<BidEvent>, batch: readonly RecordedEvent[]): Recorded<BidEvent>[] {
  const run = [event];
  for (const next of batch.slice(batch.indexOf(event) + 1)) {
    if (!next.stream.startsWith('bid-') || !isBidEvent(next) || next.type === 'BidSubmitted') break;
    run.push(next);
  }
  return run;
}

async function applyPostingEvent(event: Recorded<PostingEvent>, { tx }: ProjectionContext): Promise<void> {
  const postingId = streamId(event);
  if (event.type === 'PostingCreated') {
    await tx.query(`INSERT INTO notification_postings (id, facility_id, title) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`, [
      postingId,
      event.data.facility_id,
      event.data.title,
    ]);
    return;
  }
  if (event.type === 'PostingEdited' && event.data.changes.title !== undefined) {
    await tx.query('UPDATE notification_postings SET title = $2 WHERE id = $1', [postingId, event.data.changes.title]);
  }
}

async function applyApplicantEvent(event: Recorded<ApplicantEvent>, context: ProjectionContext): Promise<void> {
  const applicantId = streamId(event);
  const { tx } = context;
  if (event.type === 'ApplicantRegistered') {
    await tx.query(
      `INSERT INTO notification_applicants (id, user_id, first_name, last_name) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING`,
      [applicantId, event.data.user_id, event.data.first_name, event.data.last_name],
    );
    return;
  }
  if (event.type === 'ApplicantProfileUpdated') {
    // Updates carry only the fields that changed.
    const d = event.data;
    if ('first_name' in d) await tx.query('UPDATE notification_applicants SET first_name = $2 WHERE id = $1', [applicantId, d.first_name]);
    if ('last_name' in d) await tx.query('UPDATE notification_applicants SET last_name = $2 WHERE id = $1', [applicantId, d.last_name]);
    return;
  }
  const [applicant]: { user_id: string }[] = await tx.query('SELECT user_id FROM notification_applicants WHERE id = $1', [applicantId]);
  if (applicant) await record(event, applicantNotifications(event, applicant.user_id), context);
}

async function applyFacilityEvent(event: Recorded<FacilitySideEvent>, context: ProjectionContext): Promise<void> {
  const facilityId = streamId(event);
  await applyMembership(context.tx, facilityId, event);
  if (!(NOTIFYING_FACILITY_EVENTS as readonly string[]).includes(event.type)) return;
  if (event.type !== 'FacilityInvitationAccepted' && !isFacilityEvent(event)) return;
  await record(event, facilityNotifications(event, await facilityAdmins(context.tx, facilityId)), context);
}

function isFacilityEvent(event: FacilitySideEvent): event is FacilityEvent {
  return ![
    'FacilityMemberInvited',
    'FacilityInvitationResent',
    'FacilityInvitationRevoked',
    'FacilityMemberPermissionsChanged',
    'FacilityMemberRemoved',
  ].includes(event.type);
}

/** Keeps the copy of who belongs to the facility, who administers it and who may manage bids. */
async function applyMembership(tx: EntityManager, facilityId: string, event: FacilitySideEvent): Promise<void> {
  const upsert = (userId: string, isAdmin: boolean, canManageBids: boolean) =>
    tx.query(
      `INSERT INTO notification_members (facility_id, user_id, is_admin, can_manage_bids) VALUES ($1, $2, $3, $4)
       ON CONFLICT (facility_id, user_id) DO UPDATE SET is_admin = EXCLUDED.is_admin, can_manage_bids = EXCLUDED.can_manage_bids`,
      [facilityId, userId, isAdmin, canManageBids],
    );
  switch (event.type) {
    case 'FacilityRegistered':
      await upsert(event.data.admin_user_id, true, true);
      return;
    case 'FacilityInvitationAccepted':
      await upsert(event.data.user_id, event.data.role === 'admin', event.data.permissions.can_manage_bids);
      return;
    case 'FacilityMemberPermissionsChanged':
      await upsert(event.data.member_id, event.data.role === 'admin', event.data.permissions.can_manage_bids);
      return;
    case 'FacilityMemberRemoved':
      await tx.query('DELETE FROM notification_members WHERE facility_id = $1 AND user_id = $2', [facilityId, event.data.member_id]);
      return;
  }
}

async function facilityAdmins(tx: EntityManager, facilityId: string): Promise<string[]> {
  const rows: { user_id: string }[] = await tx.query(
    'SELECT user_id FROM notification_members WHERE facility_id = $1 AND is_admin ORDER BY user_id',
    [facilityId],
  );
  return rows.map((row) => row.user_id);
}

async function applySubscriptionEvent(event: Recorded<SubscriptionEvent>, context: ProjectionContext): Promise<void> {
  if (event.type !== 'PaymentFailed') return;
  const [posting]: { title: string }[] = await context.tx.query('SELECT title FROM notification_postings WHERE id = $1', [
    event.data.posting_id,
  ]);
  const admins = await facilityAdmins(context.tx, event.data.facility_id);
  await record(event, paymentFailedNotifications(event, posting?.title ?? 'your job', admins), context);
}

/**
 * Read marks: only the owner's own rows, only those still unread (a replay changes nothing),
 * each taken off the owner's unread count.
 */
async function applyInboxEvent(event: Recorded<InboxEvent>, { tx, push }: ProjectionContext): Promise<void> {
  const userId = event.data.user_id;
  // Marking all covers what came before this event in the log, so a replay from the start (when
  // later rows already exist) marks the same rows as the live run did.
  const [which, value] =
    event.type === 'NotificationRead' ? ['id = $3', event.data.notification_id] : ['source_position < $3', event.global_position];
  const rows: { unread: number }[] = await tx.query(
    `WITH marked AS (UPDATE notifications SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL AND ${which} RETURNING id)
     UPDATE notification_unread_counts SET unread = unread - (SELECT count(*) FROM marked)::int WHERE user_id = $1 RETURNING unread`,
    [userId, event.data.at, value],
  );
  push({ room: rooms.user(userId), event: 'notifications.read', payload: { unread_count: rows[0]?.unread ?? 0 } });
}

/** Inserts each draft once (its id derives from the event and the recipient) and pushes it to its recipient. */
async function record(event: Recorded<{ type: string; data: unknown }>, drafts: NotificationDraft[], context: ProjectionContext) {
  const [pushes] = await insertNotifications([{ event, drafts }], context);
  for (const push of pushes) context.push(push);
}

/** An event and whom it tells of what. */
interface Notified {
  event: Recorded<{ type: string; data: unknown }>;
  drafts: NotificationDraft[];
}

/**
 * Inserts the drafts of these events in one statement, each once, and answers per event the
 * pushes of the rows inserted now (a replayed one is there already), in the order of its drafts,
 * each with its recipient's unread count right after that row.
 */
async function insertNotifications(notified: Notified[], { prepared }: ProjectionContext): Promise<Push[][]> {
  const rows = notified.flatMap(({ event, drafts }, at) =>
    drafts.map((draft) => ({ at, event, draft, id: notificationIdFor(event.id, draft.user_id) })),
  );
  // A recipient drafted twice by one event gets one row, as when the second insert met the first.
  const ids = new Set<string>();
  const drafted = rows.filter(({ id }) => !ids.has(id) && ids.add(id));
  const inserted =
    drafted.length === 0
      ? []
      : await prepared<{ draft: number; unread_count: number }>(
          `WITH drafts AS (
             SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[], $8::bigint[])
               WITH ORDINALITY AS draft (id, user_id, kind, title, body, link, created_at, source_position, n)
           ), inserted AS (
             INSERT INTO notifications (id, user_id, kind, title, body, link, created_at, source_position)
             SELECT id, user_id, kind, title, body, link, created_at, source_position FROM drafts
             ON CONFLICT (id) DO NOTHING RETURNING id, user_id
           ), counted AS (
             INSERT INTO notification_unread_counts (user_id, unread) SELECT user_id, count(*) FROM inserted GROUP BY user_id
             ON CONFLICT (user_id) DO UPDATE SET unread = notification_unread_counts.unread + EXCLUDED.unread
             RETURNING user_id, unread
           )
           -- Each row's count: the recipient's count after all of them, less their rows after it.
           SELECT drafts.n::int AS draft, (counted.unread + 1 - count(*) OVER (PARTITION BY user_id ORDER BY drafts.n DESC))::int AS unread_count
             FROM drafts JOIN inserted USING (id, user_id) JOIN counted USING (user_id)
            ORDER BY drafts.n`,
          [
            drafted.map((row) => row.id),
            drafted.map((row) => row.draft.user_id),
            drafted.map((row) => row.draft.kind),
            drafted.map((row) => row.draft.title),
            drafted.map((row) => row.draft.body),
            drafted.map((row) => row.draft.link),
            drafted.map((row) => row.event.created_at.toISOString()),
            drafted.map((row) => row.event.global_position),
          ],
        );
  const pushes = notified.map((): Push[] => []);
  for (const { draft: n, unread_count } of inserted) {
    const { at, event, draft, id } = drafted[n - 1];
    const notification: NotificationView = {
      id,
      kind: draft.kind,
      title: draft.title,
      body: draft.body,
      link: draft.link,
      created_at: event.created_at.toISOString(),
      read_at: null,
    };
    pushes[at].push({ room: rooms.user(draft.user_id), event: 'notification.created', payload: { notification, unread_count } });
  }
  return pushes;
}
