import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { invitationProblem, type Invitation, type InvitationValidation } from '../../domain/facility-members';
import { displayName } from '../../auth/session-user';
import { findInvitationToken } from '../invitation-tokens';
import { TeamContext } from '../team-context';

export interface ResolvedInvitation {
  facility_id: string;
  invitation: Invitation | undefined;
  /** The link itself was used (single use), whatever the invitation's state. */
  token_used: boolean;
}

const NOTHING: InvitationValidation = {
  valid: false,
  facility_name: null,
  inviter_name: null,
  role: null,
  expired: false,
  used: false,
  email: null,
};

/** An invitation link resolved: the token table says which invitation, the stream its state. */
@Injectable()
export class InvitationLookup {
  constructor(
    private readonly db: DataSource,
    private readonly context: TeamContext,
  ) {}

  async resolve(token: string): Promise<ResolvedInvitation | null> {
    const row = await findInvitationToken(this.db, token);
    if (!row) return null;
    const team = await this.context.team(row.facility_id);
    return { facility_id: row.facility_id, invitation: team.invitations[row.invitation_id], token_used: row.used_at !== null };
  }

  /** Why the link cannot be used now, or null when it can. */
  problem(resolved: ResolvedInvitation | null, now: Date): 'invalid' | 'used' | 'expired' | null {
    if (!resolved) return 'invalid';
    if (resolved.token_used) return 'used';
    return invitationProblem(resolved.invitation, now);
  }

  /** The spec's validation response; an unknown or revoked link answers valid: false and nothing else. */
  async validate(token: string, now = new Date()): Promise<InvitationValidation> {
    const resolved = await this.resolve(token);
    const problem = this.problem(resolved, now);
    if (!resolved?.invitation || problem === 'invalid') return NOTHING;
    const { invitation } = resolved;
    const [facility] = await this.db.query('SELECT name FROM facilities WHERE id = $1', [resolved.facility_id]);
    const [inviter] = await this.db.query('SELECT first_name, last_name, email FROM users WHERE id = $1', [invitation.invited_by]);
    return {
      valid: problem === null,
      facility_name: facility?.name ?? null,
      inviter_name: inviter ? displayName(inviter) : null,
      role: invitation.role,
      expired: problem === 'expired',
      used: problem === 'used',
      email: invitation.email,
    };
  }
}
