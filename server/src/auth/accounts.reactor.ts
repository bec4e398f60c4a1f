import type { ApplicantEvent } from '../domain/applicants/applicant';
import type { FacilityEvent } from '../domain/facilities/facility';
import { jobIdFor, Reactor } from '../platform/reactors/reactor';

/** A new facility or applicant gets its verification email; the job id derives from the event. */
export const accountsReactor: Reactor = {
  name: 'account-emails',
  handles: ['FacilityRegistered', 'ApplicantRegistered'],
  streams: ['facility-', 'applicant-'],
  react: (event) => {
    const registered = event as unknown as Extract<FacilityEvent | ApplicantEvent, { type: 'FacilityRegistered' | 'ApplicantRegistered' }>;
    const userId = registered.type === 'FacilityRegistered' ? registered.data.admin_user_id : registered.data.user_id;
    return [{ queue: 'mail', name: 'verify-email', data: { user_id: userId }, jobId: jobIdFor(event, 'verify-email') }];
  },
};
