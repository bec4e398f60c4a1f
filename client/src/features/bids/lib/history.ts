/**
 * Negotiation histories as readable sentences and as points of a rate chart. The entries are
 * projections of the log (server/src/bids/history): type, rates, acting side and person, time.
 */
import { formatRate } from '@domain/shared/format';
import type { HistoryEntry, PostingHistoryEntry } from '@domain/shared/history';

export interface HistorySentence {
  /** Who acted: 'You', a name, 'The facility'; empty for events nobody made (an expiry). */
  who: string;
  /** The rest of the sentence, without a final full stop. */
  what: string;
}

const SIDE_NAMES: Record<HistoryEntry['side'], string> = {
  applicant: 'The applicant',
  facility: 'The facility',
  admin: 'A Tenens admin',
  system: 'Tenens',
};

export interface SentenceContext {
  /** The signed-in user's id: their own events read 'You'. */
  viewerId?: string | null;
}

function actorName(entry: HistoryEntry | PostingHistoryEntry, { viewerId }: SentenceContext): string {
  if (viewerId && entry.actor.user_id === viewerId) return 'You';
  if (entry.actor.name) return entry.actor.name;
  if (entry.side === 'applicant' && 'applicant_name' in entry && entry.applicant_name) return entry.applicant_name;
  return SIDE_NAMES[entry.side];
}

/** "Sam Rivera's bid" in a posting's history (many bids), 'the bid' in a bid's own. */
function theBid(entry: HistoryEntry | PostingHistoryEntry, who: string): string {
  if (!('applicant_name' in entry) || !entry.applicant_name || entry.applicant_name === who) return 'the bid';
  return `${entry.applicant_name}'s bid`;
}

function bidWhat(entry: HistoryEntry | PostingHistoryEntry, who: string): string {
  const rate = formatRate(entry.rate);
  const bid = theBid(entry, who);
  const onBid = bid === 'the bid' ? '' : ` on ${bid}`;
  switch (entry.type) {
    case 'BidSubmitted':
      return `placed a bid of ${rate}`;
    case 'FacilityCountered':
      return `countered ${bid} with ${rate}`;
    case 'ApplicantCountered':
      return `countered with ${rate}`;
    case 'FacilityAccepted':
      return `accepted ${bid} at ${rate}. Connection made`;
    case 'CounterAccepted':
      return `accepted the counter offer of ${rate}. Connection made`;
    case 'FacilityRejected':
      return `rejected ${bid}`;
    case 'RejectionUndone':
      return `undid the rejection${onBid}; the bid is open again`;
    case 'CounterRejected':
      return 'rejected the counter offer';
    case 'BidWithdrawn':
      return 'withdrew the bid';
    case 'BidClosedPositionFilled':
      return `closed ${bid}: the position was filled`;
    default:
      return humanize(entry.type);
  }
}

function postingWhat(entry: HistoryEntry): string {
  switch (entry.type) {
    case 'PostingCreated':
      return entry.rate !== null ? `created the posting at ${formatRate(entry.rate)}` : 'created the posting';
    case 'PostingEdited':
      return entry.rate !== null ? `edited the posting; the posted rate is now ${formatRate(entry.rate)}` : 'edited the posting';
    case 'PostingPublished':
      return 'published the posting';
    case 'PostingPaymentRequired':
      return 'asked to publish the posting; a payment is required first';
    case 'PostingActivated':
      return 'activated the posting after payment';
    case 'PostingWithdrawn':
      return 'withdrew the posting';
    case 'PostingReactivated':
      return 'reactivated the posting';
    case 'PostingReopened':
      return 'reopened the posting to take bids again';
    case 'PostingFilled':
      return 'marked the posting filled: every opening has a connection';
    default:
      return humanize(entry.type);
  }
}

/** 'SomethingHappened' -> 'something happened'. */
function humanize(type: string): string {
  return type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

export function historySentence(entry: HistoryEntry | PostingHistoryEntry, context: SentenceContext = {}): HistorySentence {
  if (entry.type === 'PostingExpired') return { who: '', what: 'The posting expired' };
  const who = actorName(entry, context);
  return { who, what: entry.kind === 'bid' ? bidWhat(entry, who) : postingWhat(entry) };
}

/** The whole sentence as text, e.g. for a screen reader or a test. */
export function sentenceText({ who, what }: HistorySentence): string {
  return `${who ? `${who} ${what}` : what}.`;
}

export interface RatePoint {
  id: string;
  at: string;
  rate: number;
  side: HistoryEntry['side'];
  /** 'Bid', 'Counter', 'Agreed'. */
  label: string;
}

const POINT_LABELS: Record<string, string> = {
  BidSubmitted: 'Bid',
  FacilityCountered: 'Facility counter',
  ApplicantCountered: 'Applicant counter',
  FacilityAccepted: 'Agreed',
  CounterAccepted: 'Agreed',
};

/** The rates a bid's history names, in order: its bid, each counter, the agreed rate. */
export function ratePoints(entries: readonly HistoryEntry[]): RatePoint[] {
  return entries
    .filter((entry) => entry.kind === 'bid' && entry.rate !== null && POINT_LABELS[entry.type])
    .map((entry) => ({
      id: entry.id,
      at: entry.at,
      rate: entry.rate as number,
      side: entry.side,
      label: POINT_LABELS[entry.type],
    }));
}
