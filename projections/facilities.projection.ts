import { on, type Projection, type ProjectionContext } from '../server/src/platform/read-models/projection';
import { streamId, type Recorded } from '../server/src/platform/subscriptions';
import { FACILITY_EVENT_TYPES, type FacilityEvent } from '../server/src/domain/facilities/facility';
import { rooms } from '../server/src/realtime/realtime.events';
import { APPEND_NOTE, noteLine } from './notes';
import { facilitiesReplay } from './facilities.replay';
import { FACILITY_PROFILE_COLUMNS } from './columns';

/** The `facilities` read model: profile, verification, active flag, credits and admin notes. */
export const facilitiesProjection: Projection = {
  name: 'facilities',
  follows: [on<FacilityEvent>('facility', FACILITY_EVENT_TYPES, apply)],
  tables: ['facilities'],
  replay: facilitiesReplay,
};

async function apply(event: Recorded<FacilityEvent>, { tx, push }: ProjectionContext): Promise<void> {
  const id = streamId(event);
  const at = event.data.at;
  switch (event.type) {
    case 'FacilityRegistered': {
      const d = event.data;
      await tx.query(
        `INSERT INTO facilities (id, ${FACILITY_PROFILE_COLUMNS.join(', ')}, admin_user_id, created_at, updated_at)
           VALUES ($1, ${FACILITY_PROFILE_COLUMNS.map((_, i) => `$${i + 2}`).join(', ')}, $${FACILITY_PROFILE_COLUMNS.length + 2}, $${FACILITY_PROFILE_COLUMNS.length + 3}, $${FACILITY_PROFILE_COLUMNS.length + 3})
           ON CONFLICT (id) DO NOTHING`,
        [id, ...FACILITY_PROFILE_COLUMNS.map((column) => d[column] ?? null), d.admin_user_id, at],
      );
      break;
    }
    case 'FacilityProfileUpdated': {
      const changed = FACILITY_PROFILE_COLUMNS.filter((column) => column in event.data);
      if (changed.length === 0) break;
      await tx.query(
        `UPDATE facilities SET ${changed.map((column, i) => `${column} = $${i + 2}`).join(', ')}, updated_at = $${changed.length + 2} WHERE id = $1`,
        [id, ...changed.map((column) => event.data[column] ?? null), at],
      );
      break;
    }
    case 'FacilityVerified':
    case 'FacilityVerificationRejected':
    case 'FacilitySuspended':
    case 'FacilityActivated':
    case 'FacilityVerificationReset': {
      const change = {
        FacilityVerified: "verification_status = 'verified', is_active = true",
        FacilityVerificationRejected: "verification_status = 'rejected'",
        FacilitySuspended: 'is_active = false',
        FacilityActivated: 'is_active = true',
        FacilityVerificationReset: "verification_status = 'pending'",
      }[event.type];
      await tx.query(
        `UPDATE facilities SET ${change}, verification_notes = ${APPEND_NOTE('verification_notes', '$2')}, updated_at = $3 WHERE id = $1`,
        [id, noteLine(event), at],
      );
      // The facility's members see their standing change without a reload.
      push({ room: rooms.facility(id), event: 'account.changed', payload: { kind: 'facility', id } });
      break;
    }
    case 'PostingCreditAdded':
    case 'PostingCreditRemoved':
    case 'PostingCreditConsumed': {
      const delta = event.type === 'PostingCreditAdded' ? event.data.credits : -event.data.credits;
      await tx.query(
        `UPDATE facilities SET posting_credits = posting_credits + $2, updated_at = $3,
             verification_notes = ${APPEND_NOTE('verification_notes', '$4::text')}
           WHERE id = $1`,
        [id, delta, at, noteLine(event)],
      );
      break;
    }
    case 'FacilityNoteAdded':
      await tx.query(
        `UPDATE facilities SET verification_notes = ${APPEND_NOTE('verification_notes', '$2')}, updated_at = $3 WHERE id = $1`,
        [id, noteLine(event), at],
      );
      break;
  }
  push({ room: rooms.admins, event: 'record.updated', payload: { kind: 'facility', id } });
}
