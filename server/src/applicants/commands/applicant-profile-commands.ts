import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ApplicantProfile } from '../../domain/accounts/profiles';
import {
  applicantDecider,
  applicantProfileFrom,
  applicantStream,
  type ApplicantProfile as ApplicantProfileData,
} from '../../domain/applicants/applicant';
import { claimLicense, claimNpi } from '../../auth/identifier-claims';
import { displayName, type SessionUser } from '../../auth/session-user';
import { applicantView } from '../../accounts/views';
import { CommandBus } from '../../platform/command-bus';

/**
 * An applicant's own profile: the NPI and state license are claimed and the name kept on the
 * account, then the applicant's stream records the profile.
 */
@Injectable()
export class ApplicantProfileCommands {
  constructor(
    private readonly db: DataSource,
    private readonly commands: CommandBus,
  ) {}

  async save(user: SessionUser, applicantId: string, form: ApplicantProfile) {
    await this.db.transaction(async (tx) => {
      await claimNpi(tx, applicantId, form.npi);
      await claimLicense(tx, applicantId, form.license_state, form.license_number);
      await tx.query('UPDATE users SET first_name = $2, last_name = $3, updated_at = now() WHERE id = $1', [
        user.id,
        form.first_name,
        form.last_name,
      ]);
    });
    await this.record(user, applicantId, applicantProfileFrom(form));
    return applicantView(this.db, applicantId);
  }

  /**
   * Names changed in the account settings (PUT /users/me): an applicant's name is part of the
   * identity an admin verified, so the applicant's stream records it like a profile edit (and a
   * verified applicant goes back to review). The account row is already updated by the caller.
   */
  async rename(user: SessionUser, applicantId: string, names: { first_name: string | null; last_name: string | null }) {
    await this.record(user, applicantId, names);
  }

  /** The job alert frequency alone (the job alerts setting), recorded like any profile edit. */
  async setJobSearchFrequency(user: SessionUser, applicantId: string, days: ApplicantProfileData['job_search_frequency_days']) {
    await this.record(user, applicantId, { job_search_frequency_days: days });
  }

  private async record(user: SessionUser, applicantId: string, profile: Partial<ApplicantProfileData>) {
    const metadata = { actor: { user_id: user.id, side: 'applicant' as const, name: displayName(user) } };
    await this.commands.handle(
      applicantStream(applicantId),
      applicantDecider,
      { type: 'UpdateApplicantProfile', data: { profile, by: 'owner', now: new Date() } },
      metadata,
    );
  }
}
