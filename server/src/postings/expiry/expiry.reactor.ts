import type { PostingEvent } from '../../domain/postings';
import { jobIdFor, reactTo, type Reactor } from '../../platform/reactors/reactor';
import { streamId } from '../../platform/subscriptions';

export const EXPIRE_POSTING_JOB = 'expire-posting';

/** The period end an event sets, if it sets one. */
function periodEnd(event: PostingEvent): string | null {
  switch (event.type) {
    case 'PostingPublished':
    case 'PostingActivated':
      return event.data.auto_expire_date;
    case 'PostingEdited':
      return event.data.changes.auto_expire_date ?? null;
    default:
      return null;
  }
}

/**
 * Every event that sets a posting's period end schedules a job for that moment; the job asks the
 * posting to expire, which the decider ignores when the period was extended or ended otherwise.
 */
export const postingExpiryReactor: Reactor = {
  name: 'posting-expiry',
  follows: [
    reactTo<PostingEvent>('posting', ['PostingPublished', 'PostingActivated', 'PostingEdited'], (event) => {
      const end = periodEnd(event);
      if (!end) return [];
      const delay = new Date(end).getTime() - Date.now();
      return [
        { queue: 'postings', name: EXPIRE_POSTING_JOB, data: { posting_id: streamId(event) }, jobId: jobIdFor(event, 'expire'), delay },
      ];
    }),
  ],
};
