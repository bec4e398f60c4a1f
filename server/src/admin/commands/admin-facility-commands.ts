import { Injectable, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { FacilityProfile } from '../../domain/accounts/profiles';
import type { AdminNoteBody } from '../../domain/admin/notes';
import { type FacilityCommand, facilityDecider, facilityProfileFrom, facilityStream } from '../../domain/facilities/facility';
import { AccountEmails, EMAIL_UNAVAILABLE } from '../../auth/account-emails';
import { claimNpi } from '../../auth/identifier-claims';
import type { SessionUser } from '../../auth/session-user';
import { RequestValidationError } from '../../http/validation';
import { CommandBus } from '../../platform/command-bus';
import { actionNote, adminMetadata } from '../admin-actor';
import { REASON_REQUIRED, type StatusBody, type VerifyQuery } from '../admin.schemas';
import { AdminFacilityQueries } from '../queries/admin-facility-queries';

export const PASSWORD_RESET_SENT = { message: 'Password reset email sent successfully' } as const;

/**
 * What platform admins do to a facility: each action is a command on `facility-{id}` through
 * facilityDecider, with the acting admin named in the notes and the event's metadata; the
 * answer is the facility's detail after the read model caught up.
 */
@Injectable()
export class AdminFacilityCommands {
  constructor(
    private readonly db: DataSource,
    private readonly commands: CommandBus,
    private readonly emails: AccountEmails,
    private readonly queries: AdminFacilityQueries,
  ) {}

  /** NPIs are unique across the platform: the edit claims the new one (or frees the old), as the facility's own profile page does. */
  async update(admin: SessionUser, id: string, profile: FacilityProfile) {
    await this.queries.view(id);
    await this.db.transaction((tx) => claimNpi(tx, id, profile.npi ?? null));
    return this.run(admin, id, {
      type: 'UpdateFacilityProfile',
      data: { profile: facilityProfileFrom(profile), by: 'admin', now: new Date() },
    });
  }

  /** Verifying may carry a note; rejecting needs a reason. */
  verify(admin: SessionUser, id: string, { verification_status, notes }: VerifyQuery) {
    const now = new Date();
    const reviewer = { email_verified: admin.email_verified };
    if (verification_status === 'verified') {
      return this.run(admin, id, { type: 'VerifyFacility', data: { admin: reviewer, notes: actionNote('Verified', admin, notes), now } });
    }
    if (!notes) throw RequestValidationError.single('query', 'notes', REASON_REQUIRED);
    return this.run(admin, id, { type: 'RejectFacility', data: { admin: reviewer, notes: actionNote('Rejected', admin, notes), now } });
  }

  setActive(admin: SessionUser, id: string, { is_active, notes }: StatusBody) {
    const now = new Date();
    if (is_active) return this.run(admin, id, { type: 'ActivateFacility', data: { notes: actionNote('Activated', admin, notes), now } });
    return this.run(admin, id, { type: 'SuspendFacility', data: { notes: actionNote('Suspended', admin, notes), now } });
  }

  addNote(admin: SessionUser, id: string, { notes }: AdminNoteBody) {
    return this.run(admin, id, { type: 'AddFacilityNote', data: { notes, now: new Date() } });
  }

  addCredit(admin: SessionUser, id: string) {
    return this.run(admin, id, { type: 'AddPostingCredit', data: { now: new Date() } });
  }

  removeCredit(admin: SessionUser, id: string) {
    return this.run(admin, id, { type: 'RemovePostingCredit', data: { now: new Date() } });
  }

  /** Sends the reset email to the facility's admin user. */
  async sendPasswordReset(id: string) {
    const facility = await this.queries.view(id);
    if (!facility.admin_user_id) throw new NotFoundException('This facility has no admin user.');
    await this.emails.request('reset-password', facility.admin_user_id as string).catch(() => {
      throw new ServiceUnavailableException(EMAIL_UNAVAILABLE);
    });
    return PASSWORD_RESET_SENT;
  }

  private async run(admin: SessionUser, id: string, command: FacilityCommand) {
    await this.queries.view(id);
    await this.commands.handle(facilityStream(id), facilityDecider, command, adminMetadata(admin));
    return this.queries.view(id);
  }
}
