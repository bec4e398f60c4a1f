import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { facilityStream } from '../../domain/facilities/facility';
import { postingStatus } from '../../domain/postings';
import { NotFoundError } from '../../domain/shared/errors';
import { facilityView } from '../../accounts/views';
import { EVENT_STORE, type EventStore } from '../../eventstore/event-store.port';
import { streamHistory } from '../history';
import { page, type Page } from './page';

export const FACILITY_NOT_FOUND = 'Facility not found';

/** At most this many postings per facility in the admin console (newest first). */
export const ADMIN_POSTINGS_LIMIT = 200;

/** Facilities as the admin console reads them: read models, account tables and the log. */
@Injectable()
export class AdminFacilityQueries {
  constructor(
    private readonly db: DataSource,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  /** Newest first, bounded, with how many there are in all. */
  async list({ limit, offset }: { limit: number; offset: number }): Promise<Page> {
    const rows = await this.db.query(
      `SELECT f.*, u.first_name AS admin_first_name, u.last_name AS admin_last_name, u.email AS admin_email,
              u.email_verified AS admin_email_verified, count(*) OVER () AS total
         FROM facilities f LEFT JOIN users u ON u.id = f.admin_user_id
        ORDER BY f.created_at DESC LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    return page(
      this.db,
      'facilities',
      rows,
      offset,
      ({ admin_first_name, admin_last_name, admin_email, admin_email_verified, ...facility }) => ({
        ...facility,
        admin: { first_name: admin_first_name, last_name: admin_last_name, email: admin_email, email_verified: admin_email_verified },
      }),
    );
  }

  /** The facility's detail; 404 when there is none. */
  async view(id: string) {
    const facility = await facilityView(this.db, id);
    if (!facility) throw new NotFoundError(FACILITY_NOT_FOUND);
    return facility;
  }

  async users(id: string) {
    await this.view(id);
    return this.db.query(
      `SELECT u.id, u.first_name, u.last_name, u.email, u.email_verified, u.is_active, m.role, m.is_legacy_admin,
              CASE WHEN m.role = 'admin' OR m.is_legacy_admin THEN 'Admin' ELSE 'User' END AS user_type, m.created_at
         FROM facility_members m JOIN users u ON u.id = m.user_id
        WHERE m.facility_id = $1 ORDER BY m.created_at`,
      [id],
    );
  }

  async history(id: string) {
    await this.view(id);
    return streamHistory(this.events, facilityStream(id));
  }

  /**
   * The facility's postings, newest first, from the job_postings read model, for auditing their
   * negotiations (each links to /jobs/{id}). Drafts included; 'expired' derived from time.
   */
  async postings(id: string) {
    await this.view(id);
    const now = new Date();
    const rows: {
      id: string;
      title: string;
      status: 'draft' | 'active' | 'withdrawn';
      auto_expire_date: Date;
      hourly_rate: number;
      start_date: string;
      end_date: string;
      bid_count: number;
      awaiting_response_count: number;
      created_at: Date;
    }[] = await this.db.query(
      `SELECT id, title, status, auto_expire_date, hourly_rate,
              to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date,
              bid_count, awaiting_response_count, created_at
         FROM job_postings WHERE facility_id = $1
        ORDER BY created_at DESC, id LIMIT ${ADMIN_POSTINGS_LIMIT}`,
      [id],
    );
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      status: postingStatus({ status: row.status, auto_expire_date: new Date(row.auto_expire_date).toISOString() }, now),
      hourly_rate: row.hourly_rate,
      start_date: row.start_date,
      end_date: row.end_date,
      bid_count: row.bid_count,
      awaiting_response_count: row.awaiting_response_count,
      created_at: row.created_at,
    }));
  }
}
