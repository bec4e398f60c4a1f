import type { ApplicantEvent } from '../domain/applicants/applicant';
import type { FacilityEvent } from '../domain/facilities/facility';
import { jobIdFor, reactTo, type Reactor } from '../platform/reactors/reactor';
import type { JobRequest } from '../queues/queues';

const verifyEmail = (event: { id: string }, userId: string): JobRequest[] => [
  { queue: 'mail', name: 'verify-email', data: { user_id: userId }, jobId: jobIdFor(event, 'verify-email') },
];

/** A new facility or applicant gets its verification email; the job id derives from the event. */
export const accountsReactor: Reactor = {
  name: 'account-emails',
  follows: [
    reactTo<FacilityEvent>('facility', ['FacilityRegistered'], (event) =>
      event.type === 'FacilityRegistered' ? verifyEmail(event, event.data.admin_user_id) : [],
    ),
    reactTo<ApplicantEvent>('applicant', ['ApplicantRegistered'], (event) =>
      event.type === 'ApplicantRegistered' ? verifyEmail(event, event.data.user_id) : [],
    ),
  ],
};
