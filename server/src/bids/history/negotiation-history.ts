/**
 * Negotiation histories are projections of the log, not hand-kept text: every event of a bid
 * (and, for a posting, the posting's own events with those of all its bids), in log order, with
 * its type, the rates it names, the acting side and person, and its time.
 */
import { bidDecider, isBidEvent, type BidEvent, type BidState } from '../../domain/bids';
import { isPostingEvent, postingDecider, type PostingEvent, type PostingState } from '../../domain/postings';
import type { HistoryEntry } from '../../domain/shared/history';
import { comparePositions, type EventActor, type RecordedEvent } from '../../eventstore/event-store.port';

const SYSTEM: EventActor = { user_id: null, side: 'system', name: null };

function actorOf(event: RecordedEvent) {
  const actor = event.metadata?.actor ?? SYSTEM;
  return { side: actor.side, actor: { user_id: actor.user_id, name: actor.name } };
}

function atOf(event: RecordedEvent): string {
  return (event.data as { at?: string }).at ?? event.created_at.toISOString();
}

function bidRate(event: BidEvent): number | null {
  switch (event.type) {
    case 'BidSubmitted':
      return event.data.proposed_rate;
    case 'FacilityCountered':
    case 'ApplicantCountered':
      return event.data.counter_rate;
    case 'FacilityAccepted':
    case 'CounterAccepted':
      return event.data.rate;
    default:
      return null;
  }
}

function postingRate(event: PostingEvent): number | null {
  if (event.type === 'PostingCreated') return event.data.hourly_rate;
  if (event.type === 'PostingEdited') return event.data.changes.hourly_rate ?? null;
  return null;
}

/** A bid stream's events as history entries, each with the bid as it stood after it. */
export function bidHistory(events: RecordedEvent[]): HistoryEntry[] {
  let state: BidState = bidDecider.initialState();
  return events.filter(isBidEvent).map((recorded): HistoryEntry => {
    state = bidDecider.evolve(state, recorded);
    const bid = state.current_state === 'none' ? null : state;
    return {
      id: recorded.id,
      kind: 'bid',
      bid_id: recorded.stream.replace(/^bid-/, ''),
      job_posting_id: bid?.job_posting_id ?? null,
      version: recorded.version,
      global_position: recorded.global_position,
      type: recorded.type,
      at: atOf(recorded),
      ...actorOf(recorded),
      rate: bidRate(recorded),
      proposed_rate: bid?.proposed_rate ?? null,
      counter_rate: bid?.counter_rate ?? null,
      agreed_rate: bid?.agreed_rate ?? null,
      state: state.current_state,
      position: recorded.position,
    };
  });
}

/** Counting a connection is bookkeeping: the accept beside it already reads "Connection made". */
const UNSHOWN_POSTING_EVENTS: ReadonlySet<string> = new Set(['PostingConnectionMade']);

export function postingHistory(events: RecordedEvent[]): HistoryEntry[] {
  return foldPostingHistory(events).filter((entry) => !UNSHOWN_POSTING_EVENTS.has(entry.type));
}

function foldPostingHistory(events: RecordedEvent[]): HistoryEntry[] {
  let state: PostingState = postingDecider.initialState();
  return events.filter(isPostingEvent).map((recorded): HistoryEntry => {
    state = postingDecider.evolve(state, recorded);
    return {
      id: recorded.id,
      kind: 'posting',
      bid_id: null,
      job_posting_id: recorded.stream.replace(/^posting-/, ''),
      version: recorded.version,
      global_position: recorded.global_position,
      type: recorded.type,
      at: atOf(recorded),
      ...actorOf(recorded),
      rate: postingRate(recorded),
      proposed_rate: null,
      counter_rate: null,
      agreed_rate: null,
      state: state.status,
      position: recorded.position,
    };
  });
}

/** Merges several streams' histories into log order. */
export function inLogOrder<T extends HistoryEntry>(entries: T[]): T[] {
  return [...entries].sort((a, b) => comparePositions(a.position, b.position));
}
