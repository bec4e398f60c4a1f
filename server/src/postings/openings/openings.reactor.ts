import { CONNECTION_EVENT_TYPES, type BidEvent } from '../../domain/bids';
import type { PostingEvent } from '../../domain/postings';
import { jobIdFor, reactTo, type Reactor } from '../../platform/reactors/reactor';
import { streamId } from '../../platform/subscriptions';

export const OPENINGS_JOBS = {
  /** A bid connected: its posting counts it, and fills when that reaches its openings. */
  recordConnection: 'record-connection',
  /** A posting filled: its still-open bids close as 'position filled'. */
  closeFilledBids: 'close-filled-bids',
} as const;

export interface RecordConnectionJob {
  bid_id: string;
}

export interface CloseFilledBidsJob {
  posting_id: string;
}

/**
 * Openings: connections are counted on the posting's stream and a filled posting closes its open
 * bids, each step a job on the postings queue (openings.jobs.ts). A bid command that connects
 * counts its connection itself, in its own transaction (BidCommands.move), so two accepts cannot
 * both take a last opening; the count here then finds it done. It still counts connections made
 * where that could not happen (a store without two-stream appends, events of older builds). Job
 * ids derive from the event, and both commands are no-ops when repeated, so a replay changes
 * nothing and mails nobody twice.
 */
export const openingsReactor: Reactor = {
  name: 'posting-openings',
  follows: [
    reactTo<BidEvent>('bid', CONNECTION_EVENT_TYPES, (event) => [
      {
        queue: 'postings',
        name: OPENINGS_JOBS.recordConnection,
        data: { bid_id: streamId(event) } satisfies RecordConnectionJob,
        jobId: jobIdFor(event, OPENINGS_JOBS.recordConnection),
      },
    ]),
    reactTo<PostingEvent>('posting', ['PostingFilled'], (event) => [
      {
        queue: 'postings',
        name: OPENINGS_JOBS.closeFilledBids,
        data: { posting_id: streamId(event) } satisfies CloseFilledBidsJob,
        jobId: jobIdFor(event, OPENINGS_JOBS.closeFilledBids),
      },
    ]),
  ],
};
