import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ApplicantProfile } from '../../domain/accounts/profiles';
import type { AdminNoteBody } from '../../domain/admin/notes';
import { type ApplicantCommand, applicantDecider, applicantProfileFrom, applicantStream } from '../../domain/applicants/applicant';
import { AccountEmails, EMAIL_UNAVAILABLE } from '../../auth/account-emails';
import { claimLicense, claimNpi } from '../../auth/identifier-claims';
import type { SessionUser } from '../../auth/session-user';
import { RequestValidationError } from '../../http/validation';
import { CommandBus } from '../../platform/command-bus';
import { actionNote, adminMetadata } from '../admin-actor';
import { REASON_REQUIRED, type StatusBody, type VerifyQuery } from '../admin.schemas';
import { AdminApplicantQueries } from '../queries/admin-applicant-queries';
import { PASSWORD_RESET_SENT } from './admin-facility-commands';

/**
 * What platform admins do to an applicant: each action is a command on `applicant-{id}` through
 * applicantDecider, with the acting admin named in the notes and the event's metadata; the
 * answer is the applicant's detail after the read model caught up.
 */
@Injectable()
export class AdminApplicantCommands {
  constructor(
    private readonly db: DataSource,
    private readonly commands: CommandBus,
    private readonly emails: AccountEmails,
    private readonly queries: AdminApplicantQueries,
  ) {}

  /** NPIs and state licenses are unique across the platform: the edit claims the new ones. */
  async update(admin: SessionUser, id: string, profile: ApplicantProfile) {
    await this.queries.view(id);
    await this.db.transaction(async (tx) => {
      await claimNpi(tx, id, profile.npi);
      await claimLicense(tx, id, profile.license_state, profile.license_number);
    });
    return this.run(admin, id, {
      type: 'UpdateApplicantProfile',
      data: { profile: applicantProfileFrom(profile), by: 'admin', now: new Date() },
    });
  }

  /** Verifying may carry a note; rejecting needs a reason. */
  verify(admin: SessionUser, id: string, { verification_status, notes }: VerifyQuery) {
    const now = new Date();
    const reviewer = { email_verified: admin.email_verified };
    if (verification_status === 'verified') {
      return this.run(admin, id, { type: 'VerifyApplicant', data: { admin: reviewer, notes: actionNote('Verified', admin, notes), now } });
    }
    if (!notes) throw RequestValidationError.single('query', 'notes', REASON_REQUIRED);
    return this.run(admin, id, { type: 'RejectApplicant', data: { admin: reviewer, notes: actionNote('Rejected', admin, notes), now } });
  }

  /** Both directions need a reason (the spec's dialogs require one). */
  setActive(admin: SessionUser, id: string, { is_active, notes }: StatusBody) {
    if (!notes) throw RequestValidationError.single('body', 'notes', REASON_REQUIRED);
    const now = new Date();
    if (is_active) return this.run(admin, id, { type: 'ActivateApplicant', data: { notes: actionNote('Activated', admin, notes), now } });
    return this.run(admin, id, { type: 'DeactivateApplicant', data: { notes: actionNote('Deactivated', admin, notes), now } });
  }

  addNote(admin: SessionUser, id: string, { notes }: AdminNoteBody) {
    return this.run(admin, id, { type: 'AddApplicantNote', data: { notes, now: new Date() } });
  }

  async sendPasswordReset(id: string) {
    const applicant = await this.queries.view(id);
    await this.emails.request('reset-password', applicant.user_id as string).catch(() => {
      throw new ServiceUnavailableException(EMAIL_UNAVAILABLE);
    });
    return PASSWORD_RESET_SENT;
  }

  private async run(admin: SessionUser, id: string, command: ApplicantCommand) {
    await this.queries.view(id);
    await this.commands.handle(applicantStream(id), applicantDecider, command, adminMetadata(admin));
    return this.queries.view(id);
  }
}
