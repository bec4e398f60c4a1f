import { Inject, Injectable } from '@nestjs/common';
import { AUDIT_MESSAGES, type BidAsOf, type PostingAsOf } from '../../domain/admin/audit';
import { bidDecider, bidStream, type BidState } from '../../domain/bids';
import { postingDecider, postingStatus, postingStream, type PostingState } from '../../domain/postings';
import { NotFoundError } from '../../domain/shared/errors';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../../eventstore/event-store.port';

/** When an event happened, as the histories show it: the command's `now`, else when it was stored. */
const atOf = (event: RecordedEvent) => (event.data as { at?: string }).at ?? event.created_at.toISOString();

/**
 * A record as it stood at a moment: its stream's events up to then, folded with the same
 * `evolve` the command side decides with.
 */
@Injectable()
export class AsOfQueries {
  constructor(@Inject(EVENT_STORE) private readonly events: EventStore) {}

  async bid(bidId: string, at: string): Promise<BidAsOf> {
    const { happened, common } = await this.upTo(bidStream(bidId), at, AUDIT_MESSAGES.bidNotFound);
    const state: BidState = happened.filter(bidDecider.isEvent).reduce(bidDecider.evolve, bidDecider.initialState());
    if (state.current_state === 'none') return { ...common, bid: null };
    const { current_state, proposed_rate, counter_rate, agreed_rate, job_posting_id, applicant_id, facility_id, created_at, updated_at } =
      state;
    return {
      ...common,
      bid: { current_state, proposed_rate, counter_rate, agreed_rate, job_posting_id, applicant_id, facility_id, created_at, updated_at },
    };
  }

  async posting(postingId: string, at: string): Promise<PostingAsOf> {
    const { happened, common } = await this.upTo(postingStream(postingId), at, AUDIT_MESSAGES.postingNotFound);
    const state: PostingState = happened.filter(postingDecider.isEvent).reduce(postingDecider.evolve, postingDecider.initialState());
    if (state.status === 'none') return { ...common, posting: null };
    return {
      ...common,
      posting: {
        // Expired is derived from the end date, so it is judged at the moment asked about.
        status: postingStatus(state, new Date(at)),
        stored_status: state.status,
        title: state.fields.title,
        hourly_rate: state.fields.hourly_rate,
        published_at: state.published_at,
        auto_expire_date: state.auto_expire_date,
        payment_pending: state.payment_pending !== null,
        fields: { ...state.fields },
      },
    };
  }

  private async upTo(stream: string, at: string, notFound: string) {
    const events = await this.events.readStream(stream);
    if (events.length === 0) throw new NotFoundError(notFound);
    const until = Date.parse(at);
    const happened = events.filter((event) => Date.parse(atOf(event)) <= until);
    const last = happened.at(-1);
    return {
      happened,
      common: {
        at: new Date(until).toISOString(),
        events_applied: happened.length,
        last_event: last ? { type: last.type, at: atOf(last), position: last.global_position } : null,
        acted: actedBy(happened),
      },
    };
  }
}

/** Who had acted, first to act first, each with their latest event. */
function actedBy(events: RecordedEvent[]): BidAsOf['acted'] {
  const acted = new Map<string, BidAsOf['acted'][number]>();
  for (const event of events) {
    const actor = event.metadata?.actor ?? { user_id: null, side: 'system' as const, name: null };
    const key = `${actor.side}:${actor.user_id ?? ''}`;
    const first = acted.get(key);
    acted.set(key, {
      user_id: actor.user_id,
      name: actor.name ?? first?.name ?? null,
      role: actor.side,
      last_event_type: event.type,
      last_at: atOf(event),
    });
  }
  return [...acted.values()];
}
