import { isFacilityMemberEvent } from '../domain/facility-members';
import { jobIdFor, type Reactor } from '../reactors/reactor';

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
  handles: ['FacilityMemberInvited', 'FacilityInvitationResent', 'FacilityInvitationAccepted'],
  streams: ['facility-'],
  react: (recorded) => {
    if (!isFacilityMemberEvent(recorded)) return [];
    const event = recorded;
    const facilityId = recorded.stream.replace(/^facility-/, '');
    switch (event.type) {
      case 'FacilityMemberInvited':
      case 'FacilityInvitationResent': {
        const data: InvitationEmailJob = {
          facility_id: facilityId,
          invitation_id: event.data.invitation_id,
          expires_at: event.data.expires_at,
        };
        return [{ queue: 'mail', name: TEAM_EMAILS.invitation, data, jobId: jobIdFor(recorded, TEAM_EMAILS.invitation) }];
      }
      case 'FacilityInvitationAccepted': {
        const data: JoinedEmailJob = { facility_id: facilityId, member_id: event.data.user_id };
        return [{ queue: 'mail', name: TEAM_EMAILS.joined, data, jobId: jobIdFor(recorded, TEAM_EMAILS.joined) }];
      }
      default:
        return [];
    }
  },
};
