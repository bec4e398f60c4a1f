import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ApplicantBidFilter } from '../../domain/bids';
import { POSTING_MESSAGES } from '../../domain/postings';
import type { ListPage } from '../../domain/shared/paging';
import type { SessionUser } from '../../auth/session-user';
import { isUuid } from '../bid-ids';
import { applicantBidView, facilityBidView } from '../../domain/bids/bid-view';
import { loadApplicantBidPage, loadPostingBidPage } from '../bid-rows';

/**
 * The two lists of bids, read from the bids read model only. Filters and order are the domain's
 * (applicant order with 'needs your attention' first; facility order submitted first), applied
 * in SQL; each answer is one page and how many bids there are in all.
 */
@Injectable()
export class BidQueries {
  constructor(private readonly db: DataSource) {}

  /** The applicant's own bids, in the applicant's view. */
  async mine(user: SessionUser, { filter, ...page }: ListPage & { filter: ApplicantBidFilter }) {
    if (!user.applicant_id) return { total: 0, bids: [] };
    const now = new Date();
    const { rows, total } = await loadApplicantBidPage(this.db, user.applicant_id, filter, page, now);
    return { total, bids: rows.map((row) => applicantBidView(row, now)) };
  }

  /** The bids on a posting, in the facility's view: for its facility and admins only. */
  async ofPosting(user: SessionUser, id: string, page: ListPage) {
    const postingId = id.toLowerCase();
    const [posting] = isUuid(postingId) ? await this.db.query('SELECT facility_id FROM bid_postings WHERE id = $1', [postingId]) : [];
    if (!posting) throw new NotFoundException(POSTING_MESSAGES.notFound);
    if (!user.is_admin) {
      if (!user.membership) throw new ForbiddenException('Only the facility that posted this job can see its bids.');
      if (user.membership.facility_id !== posting.facility_id) throw new ForbiddenException(POSTING_MESSAGES.otherFacility);
    }
    const now = new Date();
    const { rows, total } = await loadPostingBidPage(this.db, postingId, page);
    return { total, bids: rows.map((row) => facilityBidView(row, now)) };
  }
}
