import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { applicantStream } from '../../domain/applicants/applicant';
import { LICENSE_EXPIRING_WITHIN_DAYS, type LicenseFilter } from '../../domain/applicants/license-expiry';
import { utcToday } from '../../domain/postings/calendar';
import { NotFoundError } from '../../domain/shared/errors';
import { applicantView } from '../../accounts/views';
import { facilityBidView } from '../../domain/bids/bid-view';
import { loadBidRows } from '../../bids/bid-rows';
import { EVENT_STORE, type EventStore } from '../../eventstore/event-store.port';
import { streamHistory } from '../history';
import { page, type Page } from './page';

export const APPLICANT_NOT_FOUND = 'Applicant not found';

/** The license filter as SQL on applicants `a`, today's date being `today` (served by applicants_license_expiry). */
function licenseCondition(filter: LicenseFilter, today: string): string {
  if (filter === 'expired') return `a.license_expires_at < ${today}::date`;
  return `a.license_expires_at BETWEEN ${today}::date AND ${today}::date + ${LICENSE_EXPIRING_WITHIN_DAYS}`;
}

/** Applicants as the admin console reads them: read models, account tables and the log. */
@Injectable()
export class AdminApplicantQueries {
  constructor(
    private readonly db: DataSource,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  /**
   * Newest first, bounded, with how many there are in all. With a license filter: the licenses
   * expiring within 60 days (from today, UTC) or already expired, soonest expiry first.
   */
  async list({ limit, offset, license }: { limit: number; offset: number; license?: LicenseFilter }): Promise<Page> {
    const today = utcToday(new Date());
    const filter = license ? licenseCondition(license, '$3') : null;
    const params: unknown[] = [limit, offset, ...(filter ? [today] : [])];
    const rows = await this.db.query(
      `SELECT a.*, to_char(a.license_expires_at, 'YYYY-MM-DD') AS license_expires_on,
              to_char(a.experience_started_at, 'YYYY-MM-DD') AS experience_started_on,
              u.email, u.email_verified, u.first_name AS user_first_name, u.last_name AS user_last_name, count(*) OVER () AS total
         FROM applicants a JOIN users u ON u.id = a.user_id
        ${filter ? `WHERE ${filter} ORDER BY a.license_expires_at, a.id` : 'ORDER BY a.created_at DESC'} LIMIT $1 OFFSET $2`,
      params,
    );
    if (license && rows.length === 0 && offset > 0) {
      const [{ total }] = await this.db.query(`SELECT count(*)::int AS total FROM applicants a WHERE ${licenseCondition(license, '$1')}`, [
        today,
      ]);
      return { rows: [], total };
    }
    // Calendar dates as YYYY-MM-DD, as the detail answers them (pg would give a local-midnight Date).
    return page(
      this.db,
      'applicants',
      rows,
      offset,
      ({ email, email_verified, user_first_name, user_last_name, license_expires_on, experience_started_on, ...applicant }) => ({
        ...applicant,
        license_expires_at: license_expires_on,
        experience_started_at: experience_started_on,
        user: { email, email_verified, first_name: user_first_name, last_name: user_last_name },
      }),
    );
  }

  /** The applicant's detail; 404 when there is none. */
  async view(id: string) {
    const applicant = await applicantView(this.db, id);
    if (!applicant) throw new NotFoundError(APPLICANT_NOT_FOUND);
    return applicant;
  }

  async history(id: string) {
    await this.view(id);
    return streamHistory(this.events, applicantStream(id));
  }

  /**
   * The applicant's bids, newest first (bounded by the bids list cap), from the bids read model,
   * each as the posting's facility sees it (job, facility, rates, state); their negotiation
   * timelines are GET /job-bids/{id}/history, which admins may read.
   */
  async bids(id: string) {
    await this.view(id);
    const now = new Date();
    return (await loadBidRows(this.db, 'applicant', id)).map((row) => facilityBidView(row, now));
  }
}
