import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { INVITATION_LIFETIME_DAYS } from '../domain/facility-members';
import { displayName } from '../auth/session-user';
import { CONFIG, type Config } from '../config/config';
import { renderEmail } from '../mail/layout';
import { MailComposers } from '../mail/mail-composers';
import type { OutgoingEmail } from '../mail/mailer';
import { issueInvitationToken } from './invitation-tokens';
import { TeamContext } from './team-context';
import { TEAM_EMAILS, type InvitationEmailJob, type JoinedEmailJob } from './team.reactor';

interface Person {
  first_name: string | null;
  last_name: string | null;
  email: string;
}

/** The team's emails, composed in the mail worker (where an invitation gets its fresh token). */
@Injectable()
export class TeamEmails implements OnModuleInit {
  constructor(
    private readonly db: DataSource,
    private readonly composers: MailComposers,
    private readonly context: TeamContext,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  onModuleInit(): void {
    this.composers.register(TEAM_EMAILS.invitation, (job: InvitationEmailJob) => this.invitation(job));
    this.composers.register(TEAM_EMAILS.joined, (job: JoinedEmailJob) => this.joined(job));
  }

  private async invitation(job: InvitationEmailJob): Promise<OutgoingEmail | null> {
    const team = await this.context.team(job.facility_id);
    const invitation = team.invitations[job.invitation_id];
    // Revoked, accepted or re-sent since: this email's link would be dead on arrival.
    if (!invitation || invitation.status !== 'pending' || invitation.expires_at !== job.expires_at) return null;
    const facility = await this.facilityName(job.facility_id);
    const inviter = await this.person(invitation.invited_by);
    const inviterName = inviter ? displayName(inviter) : 'A colleague';
    const token = await issueInvitationToken(this.db, invitation.invitation_id, job.facility_id, invitation.expires_at);
    const role = invitation.role === 'admin' ? 'an admin' : 'a user';
    return {
      to: invitation.email,
      ...renderEmail({
        subject: `${inviterName} invited you to join ${facility} on Tenens`,
        greeting: 'Hi,',
        heading: `Join ${facility} on Tenens`,
        paragraphs: [
          `${inviterName} invited you to join ${facility}'s team on Tenens as ${role}.`,
          'Create your account with the button below; your email address is already confirmed by this link.',
        ],
        action: { label: 'Accept invitation', url: `${this.config.APP_URL}/register?invite=${token}` },
        footnote: `This link works once and expires in ${INVITATION_LIFETIME_DAYS} days. If you were not expecting it, you can ignore this email.`,
      }),
    };
  }

  /** Tells the facility's admins that someone accepted an invitation. */
  private async joined(job: JoinedEmailJob): Promise<OutgoingEmail[] | null> {
    const member = await this.person(job.member_id);
    if (!member) return null;
    const facility = await this.facilityName(job.facility_id);
    const admins: Person[] = await this.db.query(
      `SELECT u.first_name, u.last_name, u.email FROM facility_members m JOIN users u ON u.id = m.user_id
        WHERE m.facility_id = $1 AND m.is_active AND u.is_active AND (m.role = 'admin' OR m.is_legacy_admin) AND u.id <> $2
        ORDER BY u.email`,
      [job.facility_id, job.member_id],
    );
    if (admins.length === 0) return null;
    const name = displayName(member);
    return admins.map((admin) => ({
      to: admin.email,
      ...renderEmail({
        subject: `${name} joined ${facility} on Tenens`,
        greeting: admin.first_name ? `Hi ${admin.first_name},` : 'Hi,',
        heading: `${name} accepted your invitation`,
        paragraphs: [`${name} (${member.email}) accepted the invitation and is now a member of ${facility}.`],
        action: { label: 'Manage facility users', url: `${this.config.APP_URL}/facility-users` },
        footnote: 'You get this email because you are an admin of this facility.',
      }),
    }));
  }

  private async facilityName(facilityId: string): Promise<string> {
    const [row] = await this.db.query('SELECT name FROM facilities WHERE id = $1', [facilityId]);
    return row?.name ?? 'your facility';
  }

  private async person(userId: string): Promise<Person | null> {
    const [row] = await this.db.query('SELECT first_name, last_name, email FROM users WHERE id = $1', [userId]);
    return row ?? null;
  }
}
