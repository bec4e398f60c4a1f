import type { DataSource } from 'typeorm';
import type { ProcedureType } from '../domain/postings/posting-view';
import type { SessionUser } from '../auth/session-user';

/**
 * Columns of a PostingRow (server/src/domain/postings/posting-view.ts), the row every posting view
 * is built from; dates as calendar strings, money as numbers.
 */
export const POSTING_COLUMNS = `
  p.id, p.facility_id, p.title, p.status AS stored_status, p.role_type,
  to_char(p.start_date, 'YYYY-MM-DD') AS start_date, to_char(p.end_date, 'YYYY-MM-DD') AS end_date,
  p.week_days, p.hourly_rate, p.total_contract_value, p.hours_per_day::float AS hours_per_day, p.days_per_week,
  p.auto_expire_date, p.published_at, p.created_at, p.updated_at, p.payment_pending,
  p.facility_city, p.facility_state, p.facility_type, p.facility_name, p.facility_active, p.required_license_state,
  p.procedure_type_ids, p.on_call_ratio, p.supervision_type, p.malpractice_amount::float AS malpractice_amount,
  p.lodging_amount::float AS lodging_amount, p.lodging_frequency, p.travel_allowance_amount::float AS travel_allowance_amount,
  p.bid_count, p.awaiting_response_count, p.openings, p.connection_count, p.created_by`;

export function isPrivileged(user: SessionUser | null, facilityId: string): boolean {
  return Boolean(user && (user.is_admin || user.membership?.facility_id === facilityId));
}

/** The procedure type names, loaded once: the list is seeded and does not change at run time. */
export class ProcedureTypes {
  private names: Promise<Map<number, string>> | null = null;

  constructor(private readonly db: DataSource) {}

  list(): Promise<ProcedureType[]> {
    return this.db.query<ProcedureType[]>('SELECT id, name FROM procedure_types ORDER BY name');
  }

  map(): Promise<Map<number, string>> {
    this.names ??= this.list().then((rows) => new Map(rows.map((row) => [row.id, row.name])));
    return this.names;
  }
}
