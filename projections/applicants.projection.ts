import { on, type Projection, type ProjectionContext } from '../server/src/platform/read-models/projection';
import { streamId, type Recorded } from '../server/src/platform/subscriptions';
import { APPLICANT_EVENT_TYPES, type ApplicantEvent } from '../server/src/domain/applicants/applicant';
import { rooms } from '../server/src/realtime/realtime.events';
import { APPEND_NOTE, noteLine } from './notes';

const PROFILE_COLUMNS = [
  'first_name',
  'last_name',
  'role_type',
  'license_number',
  'license_state',
  'license_expires_at',
  'npi',
  'linkedin_profile',
  'experience_started_at',
  'bio',
  'hourly_rate_min',
  'hourly_rate_max',
  'preferred_radius_miles',
  'address_line1',
  'address_line2',
  'city',
  'state',
  'zip_code',
  'certifications',
  'malpractice_provided',
  'job_search_frequency_days',
] as const;

const DEFAULTS: Record<string, unknown> = {
  role_type: 'CRNA',
  preferred_radius_miles: 50,
  malpractice_provided: false,
  job_search_frequency_days: 7,
  certifications: [],
};

/** jsonb columns take JSON text; pg would send a JS array as a Postgres array literal. */
const toColumn = (column: string, value: unknown) => (column === 'certifications' ? JSON.stringify(value ?? []) : value);

/** The `applicants` read model: profile, verification, active flag and admin notes. */
export const applicantsProjection: Projection = {
  name: 'applicants',
  follows: [on<ApplicantEvent>('applicant', APPLICANT_EVENT_TYPES, apply)],
  reset: async (tx) => {
    await tx.query('TRUNCATE applicants');
  },
};

async function apply(event: Recorded<ApplicantEvent>, { tx, push }: ProjectionContext): Promise<void> {
  const id = streamId(event);
  const at = event.data.at;
  switch (event.type) {
    case 'ApplicantRegistered': {
      const d = event.data;
      const values = PROFILE_COLUMNS.map((column) => toColumn(column, d[column] ?? DEFAULTS[column] ?? null));
      await tx.query(
        `INSERT INTO applicants (id, user_id, ${PROFILE_COLUMNS.join(', ')}, created_at, updated_at)
           VALUES ($1, $2, ${PROFILE_COLUMNS.map((_, i) => `$${i + 3}`).join(', ')}, $${PROFILE_COLUMNS.length + 3}, $${PROFILE_COLUMNS.length + 3})
           ON CONFLICT (id) DO NOTHING`,
        [id, event.data.user_id, ...values, at],
      );
      break;
    }
    case 'ApplicantProfileUpdated': {
      const changed = PROFILE_COLUMNS.filter((column) => column in event.data);
      if (changed.length === 0) break;
      await tx.query(
        `UPDATE applicants SET ${changed.map((column, i) => `${column} = $${i + 2}`).join(', ')}, updated_at = $${changed.length + 2} WHERE id = $1`,
        [id, ...changed.map((column) => toColumn(column, event.data[column] ?? DEFAULTS[column] ?? null)), at],
      );
      break;
    }
    default: {
      const change = {
        ApplicantVerified: "verification_status = 'verified', is_active = true",
        ApplicantRejected: "verification_status = 'rejected'",
        ApplicantDeactivated: 'is_active = false',
        ApplicantActivated: 'is_active = true',
      }[event.type];
      await tx.query(
        `UPDATE applicants SET ${change}, verification_notes = ${APPEND_NOTE('verification_notes', '$2')}, updated_at = $3 WHERE id = $1`,
        [id, noteLine(event), at],
      );
    }
  }
  push({ room: rooms.admins, event: 'record.updated', payload: { kind: 'applicant', id } });
}
