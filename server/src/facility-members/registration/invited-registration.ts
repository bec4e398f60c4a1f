import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { FACILITY_PERMISSION_FLAGS } from '../../domain/accounts/facility-permissions';
import { accountMessages } from '../../domain/accounts/messages';
import type { InvitedMemberRegistration } from '../../domain/accounts/registration';
import { facilityStream } from '../../domain/facilities/facility';
import {
  FACILITY_MEMBER_MESSAGES,
  INVITATION_PROBLEM_MESSAGES,
  facilityMemberDecider,
  type Invitation,
} from '../../domain/facility-members';
import { DomainError } from '../../domain/shared/errors';
import { hashPassword } from '../../auth/passwords';
import { isEmailTaken, isUniqueViolation } from '../../auth/users.sql';
import { CommandBus } from '../../platform/command-bus';
import { releaseInvitationToken, useInvitationToken } from '../invitation-tokens';
import { InvitationLookup } from './invitation-lookup';

/**
 * POST /auth/register with invite_token: the person joins the inviting facility with the
 * invitation's role and flags. The account uses the invited address whatever the payload says,
 * and counts as verified (the emailed link proved the address). The account rows and the used
 * link are written first; if the facility's stream refuses the acceptance (revoked or used at
 * the same moment), they are undone again.
 */
@Injectable()
export class InvitedRegistration {
  constructor(
    private readonly db: DataSource,
    private readonly commands: CommandBus,
    private readonly invitations: InvitationLookup,
  ) {}

  async register(payload: InvitedMemberRegistration, now = new Date()) {
    const resolved = await this.invitations.resolve(payload.invite_token);
    const problem = this.invitations.problem(resolved, now);
    if (problem || !resolved?.invitation) throw new BadRequestException(INVITATION_PROBLEM_MESSAGES[problem ?? 'invalid']);
    const { invitation, facility_id: facilityId } = resolved;
    if (await isEmailTaken(this.db, invitation.email)) throw new ConflictException(accountMessages.emailTaken);
    const userId = randomUUID();
    await this.writeAccount(payload, invitation, facilityId, userId);
    try {
      const name = [payload.profile_data.first_name, payload.profile_data.last_name].join(' ');
      await this.commands.handle(
        facilityStream(facilityId),
        facilityMemberDecider,
        { type: 'AcceptInvitation', data: { now, invitation_id: invitation.invitation_id, user_id: userId } },
        { actor: { user_id: userId, side: 'facility', name } },
      );
    } catch (error) {
      await this.db.query('DELETE FROM users WHERE id = $1', [userId]);
      await releaseInvitationToken(this.db, payload.invite_token);
      if (error instanceof DomainError) throw new BadRequestException(error.message);
      throw error;
    }
    return { id: userId, email: invitation.email, role: 'facility_admin', message: FACILITY_MEMBER_MESSAGES.joined };
  }

  private async writeAccount(payload: InvitedMemberRegistration, invitation: Invitation, facilityId: string, userId: string) {
    const passwordHash = await hashPassword(payload.password);
    const flags = FACILITY_PERMISSION_FLAGS.map((flag) => invitation.permissions[flag]);
    try {
      await this.db.transaction(async (tx) => {
        if (!(await useInvitationToken(tx, payload.invite_token))) throw new BadRequestException(INVITATION_PROBLEM_MESSAGES.used);
        await tx.query(
          `INSERT INTO users (id, email, password_hash, role, email_verified, first_name, last_name)
           VALUES ($1, $2, $3, 'facility_admin', true, $4, $5)`,
          [userId, invitation.email, passwordHash, payload.profile_data.first_name, payload.profile_data.last_name],
        );
        await tx.query(
          `INSERT INTO facility_members (user_id, facility_id, role, is_legacy_admin, ${FACILITY_PERMISSION_FLAGS.join(', ')}, created_by)
           VALUES ($1, $2, $3, false, ${FACILITY_PERMISSION_FLAGS.map((_, i) => `$${i + 4}`).join(', ')}, $10)`,
          [userId, facilityId, invitation.role, ...flags, invitation.invited_by],
        );
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_unique')) throw new ConflictException(accountMessages.emailTaken);
      throw error;
    }
  }
}
