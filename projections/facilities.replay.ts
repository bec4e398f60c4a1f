import { fold, FoldedTable, type ReplayModel } from '../server/src/platform/read-models/folded-table';
import { streamId, type Recorded } from '../server/src/platform/subscriptions';
import { FACILITY_EVENT_TYPES, type FacilityEvent } from '../server/src/domain/facilities/facility';
import { appendNote, noteLine } from './notes';
import { FACILITY_PROFILE_COLUMNS } from './columns';

type FacilityRow = Record<string, unknown> & { id: string; verification_notes: string; posting_credits: number };

const STANDING: Record<string, Partial<FacilityRow>> = {
  FacilityVerified: { verification_status: 'verified', is_active: true },
  FacilityVerificationRejected: { verification_status: 'rejected' },
  FacilitySuspended: { is_active: false },
  FacilityActivated: { is_active: true },
};

/** The `facilities` read model folded in memory for rebuilds: the same rows as facilities.projection.ts. */
export function facilitiesReplay(): ReplayModel {
  const facilities = new FoldedTable<FacilityRow>('facilities', (row) => row.id);
  return { tables: [facilities], follows: [fold<FacilityEvent>('facility', FACILITY_EVENT_TYPES, (event) => apply(facilities, event))] };
}

function apply(facilities: FoldedTable<FacilityRow>, event: Recorded<FacilityEvent>): void {
  const id = streamId(event);
  const at = event.data.at ?? null;
  switch (event.type) {
    case 'FacilityRegistered': {
      const d = event.data;
      const profile = Object.fromEntries(FACILITY_PROFILE_COLUMNS.map((column) => [column, d[column] ?? null]));
      facilities.insert(
        {
          id,
          ...profile,
          verification_status: 'pending',
          is_active: true,
          posting_credits: 0,
          verification_notes: '',
          admin_user_id: d.admin_user_id ?? null,
          created_at: at,
          updated_at: at,
        },
        event,
      );
      return;
    }
    case 'FacilityProfileUpdated': {
      const changed = FACILITY_PROFILE_COLUMNS.filter((column) => column in event.data);
      if (changed.length === 0) return;
      facilities.update(
        id,
        { ...Object.fromEntries(changed.map((column) => [column, event.data[column] ?? null])), updated_at: at },
        event,
      );
      return;
    }
    case 'FacilityVerified':
    case 'FacilityVerificationRejected':
    case 'FacilitySuspended':
    case 'FacilityActivated': {
      const row = facilities.get(id);
      if (row)
        facilities.update(
          id,
          { ...STANDING[event.type], verification_notes: appendNote(row.verification_notes, noteLine(event)), updated_at: at },
          event,
        );
      return;
    }
    case 'PostingCreditAdded':
    case 'PostingCreditRemoved':
    case 'PostingCreditConsumed': {
      const row = facilities.get(id);
      if (!row) return;
      const delta = event.type === 'PostingCreditAdded' ? event.data.credits : -event.data.credits;
      const notes = appendNote(row.verification_notes, noteLine(event));
      facilities.update(id, { posting_credits: row.posting_credits + delta, verification_notes: notes, updated_at: at }, event);
      return;
    }
    case 'FacilityNoteAdded': {
      const row = facilities.get(id);
      if (row) facilities.update(id, { verification_notes: appendNote(row.verification_notes, noteLine(event)), updated_at: at }, event);
      return;
    }
  }
}
