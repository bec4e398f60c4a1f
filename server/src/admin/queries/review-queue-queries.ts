import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  REVIEW_QUEUE_LIMIT,
  reviewQueueApplicant,
  reviewQueueFacility,
  type ReviewQueue,
  type ReviewQueueApplicantRow,
  type ReviewQueueFacilityRow,
} from '../../domain/admin/review-queue';

/**
 * The review queue: pending facilities and applicants, oldest registration first, each list
 * bounded, with the whole counts. Both read the partial indexes of migration 1700
 * (pending rows in created_at order), so neither sorts nor scans verified records.
 */
@Injectable()
export class ReviewQueueQueries {
  constructor(private readonly db: DataSource) {}

  async queue(): Promise<ReviewQueue> {
    const [facilities, applicants] = await Promise.all([this.facilities(), this.applicants()]);
    return {
      facilities: facilities.map(({ total: _total, ...row }) => reviewQueueFacility(row)),
      applicants: applicants.map(({ total: _total, ...row }) => reviewQueueApplicant(row)),
      counts: { facilities: Number(facilities[0]?.total ?? 0), applicants: Number(applicants[0]?.total ?? 0) },
    };
  }

  private facilities() {
    return this.db.query<(ReviewQueueFacilityRow & { total: string })[]>(
      `SELECT f.id, f.name, f.facility_type, f.verification_notes, f.created_at,
              u.email, u.email_verified, count(*) OVER () AS total
         FROM facilities f LEFT JOIN users u ON u.id = f.admin_user_id
        WHERE f.verification_status = 'pending'
        ORDER BY f.created_at, f.id LIMIT ${REVIEW_QUEUE_LIMIT}`,
    );
  }

  private applicants() {
    return this.db.query<(ReviewQueueApplicantRow & { total: string })[]>(
      `SELECT a.id, trim(concat_ws(' ', a.first_name, a.last_name)) AS name, a.role_type, a.verification_notes, a.created_at,
              u.email, u.email_verified, count(*) OVER () AS total
         FROM applicants a JOIN users u ON u.id = a.user_id
        WHERE a.verification_status = 'pending'
        ORDER BY a.created_at, a.id LIMIT ${REVIEW_QUEUE_LIMIT}`,
    );
  }
}
