import type { ApplicantEvent } from '../domain/applicants/applicant';
import { jobIdFor, reactTo, type Reactor } from '../platform/reactors/reactor';
import { streamId } from '../platform/subscriptions';
import { ALERT_JOBS, type ApplicantJob } from './alert-jobs';

/**
 * An applicant's digest schedule follows their stream: registration starts it, a new frequency
 * moves it, deactivation stops it and reactivation starts it again. One sync job per event (its
 * id from the event's), and the sync reads the stream, so order and replays do not matter.
 */
export const alertsReactor: Reactor = {
  name: 'job-alerts',
  follows: [
    reactTo<ApplicantEvent>(
      'applicant',
      ['ApplicantRegistered', 'ApplicantProfileUpdated', 'ApplicantDeactivated', 'ApplicantActivated'],
      (event) => {
        if (event.type === 'ApplicantProfileUpdated' && event.data.job_search_frequency_days === undefined) return [];
        const data: ApplicantJob = { applicant_id: streamId(event) };
        return [{ queue: 'alerts', name: ALERT_JOBS.sync, data, jobId: jobIdFor(event, ALERT_JOBS.sync) }];
      },
    ),
  ],
};
