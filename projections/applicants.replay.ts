import { fold, FoldedTable, type ReplayModel } from '../server/src/platform/read-models/folded-table';
import { streamId, type Recorded } from '../server/src/platform/subscriptions';
import { APPLICANT_EVENT_TYPES, type ApplicantEvent } from '../server/src/domain/applicants/applicant';
import { appendNote, noteLine } from './notes';
import { APPLICANT_DEFAULTS, APPLICANT_PROFILE_COLUMNS } from './columns';

type ApplicantRow = Record<string, unknown> & { id: string; verification_notes: string };

const STANDING: Record<string, Partial<ApplicantRow>> = {
  ApplicantVerified: { verification_status: 'verified', is_active: true },
  ApplicantRejected: { verification_status: 'rejected' },
  ApplicantDeactivated: { is_active: false },
  ApplicantActivated: { is_active: true },
};

/** A profile value as the live projection stores it: missing values take the column's default. */
const profileValue = (data: Record<string, unknown>, column: string) => {
  const value = data[column] ?? APPLICANT_DEFAULTS[column] ?? null;
  return column === 'certifications' ? (value ?? []) : value;
};

/** The `applicants` read model folded in memory for rebuilds: the same rows as applicants.projection.ts. */
export function applicantsReplay(): ReplayModel {
  const applicants = new FoldedTable<ApplicantRow>('applicants', (row) => row.id);
  return { tables: [applicants], follows: [fold<ApplicantEvent>('applicant', APPLICANT_EVENT_TYPES, (event) => apply(applicants, event))] };
}

function apply(applicants: FoldedTable<ApplicantRow>, event: Recorded<ApplicantEvent>): void {
  const id = streamId(event);
  const at = event.data.at ?? null;
  const data: Record<string, unknown> = event.data;
  switch (event.type) {
    case 'ApplicantRegistered': {
      const profile = Object.fromEntries(APPLICANT_PROFILE_COLUMNS.map((column) => [column, profileValue(data, column)]));
      const standing = { verification_status: 'pending', is_active: true, verification_notes: '' };
      applicants.insert({ id, user_id: event.data.user_id ?? null, ...profile, ...standing, created_at: at, updated_at: at }, event);
      return;
    }
    case 'ApplicantProfileUpdated': {
      const changed = APPLICANT_PROFILE_COLUMNS.filter((column) => column in data);
      if (changed.length === 0) return;
      applicants.update(
        id,
        { ...Object.fromEntries(changed.map((column) => [column, profileValue(data, column)])), updated_at: at },
        event,
      );
      return;
    }
    case 'ApplicantNoteAdded': {
      const row = applicants.get(id);
      if (row) applicants.update(id, { verification_notes: appendNote(row.verification_notes, noteLine(event)), updated_at: at }, event);
      return;
    }
    default: {
      const row = applicants.get(id);
      if (!row) return;
      applicants.update(
        id,
        { ...STANDING[event.type], verification_notes: appendNote(row.verification_notes, noteLine(event)), updated_at: at },
        event,
      );
    }
  }
}
