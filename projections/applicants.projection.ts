import { on, type Projection, type ProjectionContext } from '../server/src/platform/read-models/projection';
import { streamId, type Recorded } from '../server/src/platform/subscriptions';
import { APPLICANT_EVENT_TYPES, type ApplicantEvent } from '../server/src/domain/applicants/applicant';
import { returnedRows } from '../server/src/database/returning';
import { rooms } from '../server/src/realtime/realtime.events';
import { APPEND_NOTE, noteLine } from './notes';
import { APPLICANT_DEFAULTS, APPLICANT_PROFILE_COLUMNS } from './columns';
import { applicantsReplay } from './applicants.replay';

/** jsonb columns take JSON text; pg would send a JS array as a Postgres array literal. */
const toColumn = (column: string, value: unknown) => (column === 'certifications' ? JSON.stringify(value ?? []) : value);

/** The `applicants` read model: profile, verification, active flag and admin notes. */
export const applicantsProjection: Projection = {
  name: 'applicants',
  follows: [on<ApplicantEvent>('applicant', APPLICANT_EVENT_TYPES, apply)],
  tables: ['applicants'],
  replay: applicantsReplay,
};

async function apply(event: Recorded<ApplicantEvent>, { tx, push }: ProjectionContext): Promise<void> {
  const id = streamId(event);
  const at = event.data.at;
  switch (event.type) {
    case 'ApplicantRegistered': {
      const d = event.data;
      const values = APPLICANT_PROFILE_COLUMNS.map((column) => toColumn(column, d[column] ?? APPLICANT_DEFAULTS[column] ?? null));
      await tx.query(
        `INSERT INTO applicants (id, user_id, ${APPLICANT_PROFILE_COLUMNS.join(', ')}, created_at, updated_at)
           VALUES ($1, $2, ${APPLICANT_PROFILE_COLUMNS.map((_, i) => `$${i + 3}`).join(', ')}, $${APPLICANT_PROFILE_COLUMNS.length + 3}, $${APPLICANT_PROFILE_COLUMNS.length + 3})
           ON CONFLICT (id) DO NOTHING`,
        [id, event.data.user_id, ...values, at],
      );
      break;
    }
    case 'ApplicantProfileUpdated': {
      const changed = APPLICANT_PROFILE_COLUMNS.filter((column) => column in event.data);
      if (changed.length === 0) break;
      await tx.query(
        `UPDATE applicants SET ${changed.map((column, i) => `${column} = $${i + 2}`).join(', ')}, updated_at = $${changed.length + 2} WHERE id = $1`,
        [id, ...changed.map((column) => toColumn(column, event.data[column] ?? APPLICANT_DEFAULTS[column] ?? null)), at],
      );
      break;
    }
    case 'ApplicantNoteAdded':
      await tx.query(
        `UPDATE applicants SET verification_notes = ${APPEND_NOTE('verification_notes', '$2')}, updated_at = $3 WHERE id = $1`,
        [id, noteLine(event), at],
      );
      break;
    default: {
      const change = {
        ApplicantVerified: "verification_status = 'verified', is_active = true",
        ApplicantRejected: "verification_status = 'rejected'",
        ApplicantDeactivated: 'is_active = false',
        ApplicantActivated: 'is_active = true',
        ApplicantVerificationReset: "verification_status = 'pending'",
      }[event.type];
      const [row] = returnedRows<{ user_id: string }>(
        await tx.query(
          `UPDATE applicants SET ${change}, verification_notes = ${APPEND_NOTE('verification_notes', '$2')}, updated_at = $3 WHERE id = $1
           RETURNING user_id`,
          [id, noteLine(event), at],
        ),
      );
      // The applicant sees their standing change without a reload.
      if (row) push({ room: rooms.user(row.user_id), event: 'account.changed', payload: { kind: 'applicant', id } });
    }
  }
  push({ room: rooms.admins, event: 'record.updated', payload: { kind: 'applicant', id } });
}
