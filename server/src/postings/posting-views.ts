import type { DataSource } from 'typeorm';
import { postingActions, postingStatus, remainingDays, weeksBetween } from '../domain/postings';
import type { SessionUser } from '../auth/session-user';

/** Columns every posting view reads; dates as calendar strings, money as numbers. */
export const POSTING_COLUMNS = `
  p.id, p.facility_id, p.title, p.status AS stored_status, p.role_type,
  to_char(p.start_date, 'YYYY-MM-DD') AS start_date, to_char(p.end_date, 'YYYY-MM-DD') AS end_date,
  p.week_days, p.hourly_rate, p.total_contract_value, p.hours_per_day::float AS hours_per_day, p.days_per_week,
  p.auto_expire_date, p.published_at, p.created_at, p.updated_at, p.payment_pending,
  p.facility_city, p.facility_state, p.facility_type, p.facility_name, p.facility_active, p.required_license_state,
  p.procedure_type_ids, p.on_call_ratio, p.supervision_type, p.malpractice_amount::float AS malpractice_amount,
  p.lodging_amount::float AS lodging_amount, p.lodging_frequency, p.travel_allowance_amount::float AS travel_allowance_amount,
  p.bid_count, p.awaiting_response_count, p.created_by`;

type Row = Record<string, any>;

export interface ViewerContext {
  now: Date;
  /** Facility members of the posting's facility and admins see who posted it and its counts. */
  privileged: boolean;
  procedureNames: Map<number, string>;
}

export function postingView(row: Row, { now, privileged, procedureNames }: ViewerContext) {
  const autoExpire = new Date(row.auto_expire_date).toISOString();
  const status = postingStatus({ status: row.stored_status, auto_expire_date: autoExpire }, now);
  const view: Record<string, unknown> = {
    id: row.id,
    title: row.title,
    status,
    role_type: row.role_type,
    start_date: row.start_date,
    end_date: row.end_date,
    weeks: weeksBetween(row.start_date, row.end_date),
    week_days: row.week_days,
    hourly_rate: row.hourly_rate,
    total_contract_value: row.total_contract_value,
    hours_per_day: row.hours_per_day,
    days_per_week: row.days_per_week,
    auto_expire_date: autoExpire,
    published_at: row.published_at,
    created_at: row.created_at,
    facility_city: row.facility_city,
    facility_state: row.facility_state,
    facility_type: row.facility_type,
    facility_name: row.facility_name,
    required_license_state: row.required_license_state,
    procedure_types: (row.procedure_type_ids as number[]).map((id) => ({ id, name: procedureNames.get(id) ?? `#${id}` })),
    on_call_ratio: row.on_call_ratio,
    supervision_type: row.supervision_type,
    malpractice_amount: row.malpractice_amount,
    lodging_amount: row.lodging_amount,
    lodging_frequency: row.lodging_frequency,
    travel_allowance_amount: row.travel_allowance_amount,
  };
  if (!privileged) return view;
  return {
    ...view,
    facility_id: row.facility_id,
    updated_at: row.updated_at,
    payment_pending: row.payment_pending,
    actions: postingActions({ status: row.stored_status, auto_expire_date: autoExpire }, now),
    remaining_days: status === 'active' ? remainingDays(autoExpire, now) : null,
    bid_count: row.bid_count,
    awaiting_response_count: row.awaiting_response_count,
    needs_response: row.awaiting_response_count > 0 && status !== 'expired',
    creator_first_name: row.creator_first_name ?? null,
    creator_last_name: row.creator_last_name ?? null,
    creator_email: row.creator_email ?? null,
  };
}

export function isPrivileged(user: SessionUser | null, facilityId: string): boolean {
  return Boolean(user && (user.is_admin || user.membership?.facility_id === facilityId));
}

/** The procedure type names, loaded once: the list is seeded and does not change at run time. */
export class ProcedureTypes {
  private names: Promise<Map<number, string>> | null = null;

  constructor(private readonly db: DataSource) {}

  list(): Promise<{ id: number; name: string }[]> {
    return this.db.query('SELECT id, name FROM procedure_types ORDER BY name');
  }

  map(): Promise<Map<number, string>> {
    this.names ??= this.list().then((rows) => new Map(rows.map((row) => [row.id, row.name])));
    return this.names;
  }
}
