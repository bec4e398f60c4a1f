import type { FacilityMemberEvent } from '../domain/facility-members';
import { jobIdFor, reactTo, type Reactor } from '../platform/reactors/reactor';
import { streamId, type Recorded } from '../platform/subscriptions';
import type { JobRequest } from '../queues/queues';

export const TEAM_EMAILS = {
  invitation: 'facility-invitation',
  joined: 'facility-member-joined',
} as const;

export interface InvitationEmailJob {
  facility_id: string;
  invitation_id: string;
  /** The expiry this email was decided with; a later re-send supersedes it. */
  expires_at: string;
}

export interface JoinedEmailJob {
  facility_id: string;
  member_id: string;
}

/**
 * Team emails: each invitation and re-send emails its link (the token is made at send time in
 * the mail worker, never in the log or Redis); an accepted invitation tells the facility's
 * admins. One job per event, its id derived from the event id.
 */
export const teamReactor: Reactor = {
  name: 'facility-team-emails',
  follows: [
    reactTo<FacilityMemberEvent>('facility', ['FacilityMemberInvited', 'FacilityInvitationResent', 'FacilityInvitationAccepted'], react),
  ],
};

function react(event: Recorded<FacilityMemberEvent>): JobRequest[] {
  const facilityId = streamId(event);
  switch (event.type) {
    case 'FacilityMemberInvited':
    case 'FacilityInvitationResent': {
      const data: InvitationEmailJob = {
        facility_id: facilityId,
        invitation_id: event.data.invitation_id,
        expires_at: event.data.expires_at,
      };
      return [{ queue: 'mail', name: TEAM_EMAILS.invitation, data, jobId: jobIdFor(event, TEAM_EMAILS.invitation) }];
    }
    case 'FacilityInvitationAccepted': {
      const data: JoinedEmailJob = { facility_id: facilityId, member_id: event.data.user_id };
      return [{ queue: 'mail', name: TEAM_EMAILS.joined, data, jobId: jobIdFor(event, TEAM_EMAILS.joined) }];
    }
    default:
      return [];
  }
}
