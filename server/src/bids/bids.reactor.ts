import type { BidEvent } from '../domain/bids';
import type { JobRequest } from '../queues/queues';
import type { Config } from '../config/config';
import { jobIdFor, reactTo, type Reactor } from '../platform/reactors/reactor';
import { streamId } from '../platform/subscriptions';
import { BID_EMAILS, type BidEmailJob } from './bid-email-jobs';

/**
 * Bid emails: the facility hears of new bids and applicant counters; the applicant of facility
 * counters, rejections (after the undo window) and bids closed because the posting filled; on a connection (facility_accepted or applicant_counter_accepted)
 * both parties get the other's contact details. One job per event and recipient side, its id
 * derived from the event id, so a replay enqueues nothing twice and the mail worker's
 * sendOnce never sends twice.
 *
 * A counter's email waits COUNTER_EMAIL_DELAY_SECONDS and goes out only if a counter still waits
 * on its recipient then, naming the latest one: while one waits for a bid's side, the next
 * counters to that side enqueue nothing, so a live back-and-forth makes one email per side at most.
 */
export function bidsReactor(config: Pick<Config, 'REJECTION_EMAIL_DELAY_SECONDS' | 'COUNTER_EMAIL_DELAY_SECONDS'>): Reactor {
  const counterDelay = config.COUNTER_EMAIL_DELAY_SECONDS * 1000;
  return {
    name: 'bid-emails',
    follows: [
      reactTo<BidEvent>(
        'bid',
        [
          'BidSubmitted',
          'ApplicantCountered',
          'FacilityCountered',
          'FacilityRejected',
          'FacilityAccepted',
          'CounterAccepted',
          'BidClosedPositionFilled',
        ],
        (event) => {
          const bidId = streamId(event);
          // The system closes bids on a filled posting: nobody acted.
          const actedBy = 'user_id' in event.data ? event.data.user_id : null;
          const mail = (name: string, rate: number | null): JobRequest => ({
            queue: 'mail',
            name,
            data: { bid_id: bidId, rate, acted_by: actedBy } satisfies BidEmailJob,
            jobId: jobIdFor(event, name),
          });
          switch (event.type) {
            case 'BidSubmitted':
              return [mail(BID_EMAILS.received, event.data.proposed_rate)];
            case 'ApplicantCountered':
              return [counterMail(mail(BID_EMAILS.applicantCountered, event.data.counter_rate), bidId, counterDelay, event.created_at)];
            case 'FacilityCountered':
              return [counterMail(mail(BID_EMAILS.facilityCountered, event.data.counter_rate), bidId, counterDelay, event.created_at)];
            case 'FacilityRejected':
              // Waits out the undo window; the composer then sends only if this rejection stands.
              return [
                {
                  ...mail(BID_EMAILS.rejected, null),
                  data: { bid_id: bidId, rate: null, acted_by: event.data.user_id, rejected_at: event.data.at } satisfies BidEmailJob,
                  delay: config.REJECTION_EMAIL_DELAY_SECONDS * 1000,
                },
              ];
            case 'FacilityAccepted':
            case 'CounterAccepted':
              return [mail(BID_EMAILS.connectionForApplicant, event.data.rate), mail(BID_EMAILS.connectionForFacility, event.data.rate)];
            case 'BidClosedPositionFilled':
              return [mail(BID_EMAILS.positionFilled, null)];
            default:
              return [];
          }
        },
      ),
    ],
  };
}

/** A counter's email, held `delay` ms, standing for every counter to the same side of the bid meanwhile. */
function counterMail(job: JobRequest, bidId: string, delay: number, countered: Date): JobRequest {
  if (delay === 0) return job;
  return { ...job, delay, deduplication: { id: `${job.name}:${bidId}`, ttl: delay, since: countered } };
}
