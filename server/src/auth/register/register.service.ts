import { ConflictException, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { applicantDecider, applicantProfileFrom, applicantStream } from '../../domain/applicants/applicant';
import { accountMessages } from '../../domain/accounts/messages';
import type { RegistrationPayload } from '../../domain/accounts/registration';
import { facilityDecider, facilityProfileFrom, facilityStream } from '../../domain/facilities/facility';
import { addFacilityAdmin } from '../../facilities/facility-members';
import { InvitedRegistration } from '../../facility-members/registration/invited-registration';
import { CommandBus } from '../../platform/command-bus';
import { claimLicense, claimNpi } from '../identifier-claims';
import { hashPassword } from '../passwords';
import { isEmailTaken, isUniqueViolation } from '../users.sql';

export interface Registered {
  id: string;
  email: string;
  role: string;
  message: string;
}

/**
 * Registration writes the account rows (credentials never enter the log) and then starts the
 * facility's or applicant's stream with its Registered event, from which the read model and
 * the verification email follow. If the append fails, the account rows are removed again.
 */
@Injectable()
export class RegisterService {
  constructor(
    private readonly db: DataSource,
    private readonly commands: CommandBus,
    private readonly invited: InvitedRegistration,
  ) {}

  async register(payload: RegistrationPayload, now = new Date()): Promise<Registered> {
    if (payload.role === 'facility_admin' && payload.invite_token) return this.invited.register(payload, now);
    if (await isEmailTaken(this.db, payload.email)) throw new ConflictException(accountMessages.emailTaken);
    const userId = randomUUID();
    const recordId = randomUUID();
    const passwordHash = await hashPassword(payload.password);
    await this.writeAccount(payload, userId, recordId, passwordHash);
    try {
      await this.startStream(payload, userId, recordId, now);
    } catch (error) {
      await this.db.query('DELETE FROM identifier_claims WHERE owner_id = $1', [recordId]);
      await this.db.query('DELETE FROM users WHERE id = $1', [userId]);
      throw error;
    }
    return { id: userId, email: payload.email, role: payload.role, message: accountMessages.registrationSucceeded };
  }

  private async writeAccount(payload: RegistrationPayload, userId: string, recordId: string, passwordHash: string) {
    const profile = payload.profile_data;
    try {
      await this.db.transaction(async (tx) => {
        await tx.query(`INSERT INTO users (id, email, password_hash, role, first_name, last_name) VALUES ($1, $2, $3, $4, $5, $6)`, [
          userId,
          payload.email,
          passwordHash,
          payload.role,
          profile.first_name,
          profile.last_name,
        ]);
        if (payload.role === 'applicant') {
          await claimNpi(tx, recordId, payload.profile_data.npi);
          await claimLicense(tx, recordId, payload.profile_data.license_state, payload.profile_data.license_number);
          return;
        }
        await claimNpi(tx, recordId, 'npi' in payload.profile_data ? payload.profile_data.npi : null);
        await addFacilityAdmin(tx, userId, recordId);
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_unique')) throw new ConflictException(accountMessages.emailTaken);
      throw error;
    }
  }

  private async startStream(payload: RegistrationPayload, userId: string, recordId: string, now: Date) {
    const actor = { user_id: userId, side: payload.role === 'applicant' ? 'applicant' : 'facility', name: null } as const;
    const name = [payload.profile_data.first_name, payload.profile_data.last_name].join(' ');
    const metadata = { actor: { ...actor, name } };
    if (payload.role === 'applicant') {
      const p = payload.profile_data;
      // Registration asks only for credentials; the rest of the profile starts empty.
      const profile = applicantProfileFrom({ ...p, preferred_radius_miles: 50, certifications: [] });
      await this.commands.handle(
        applicantStream(recordId),
        applicantDecider,
        { type: 'RegisterApplicant', data: { applicant_id: recordId, user_id: userId, profile, now } },
        metadata,
      );
      return;
    }
    if (payload.invite_token !== null) return;
    const p = payload.profile_data;
    const profile = facilityProfileFrom(p);
    await this.commands.handle(
      facilityStream(recordId),
      facilityDecider,
      { type: 'RegisterFacility', data: { facility_id: recordId, admin_user_id: userId, profile, now } },
      metadata,
    );
  }
}
