import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { compareBidsForApplicant, compareBidsForFacility, matchesBidFilter, type ApplicantBidFilter } from '../../domain/bids';
import { POSTING_MESSAGES } from '../../domain/postings';
import type { SessionUser } from '../../auth/session-user';
import { isUuid } from '../bid-ids';
import { applicantBidView, facilityBidView } from '../../domain/bids/bid-view';
import { loadBidRows } from '../bid-rows';

interface BidPage {
  limit: number;
  offset: number;
}

/**
 * The two lists of bids, read from the bids read model only. Filters and order are the domain's
 * (applicant order with 'needs your attention' first; facility order submitted first); each
 * answer is one page and how many bids there are in all.
 */
@Injectable()
export class BidQueries {
  constructor(private readonly db: DataSource) {}

  /** The applicant's own bids, in the applicant's view. */
  async mine(user: SessionUser, { limit, offset, filter }: BidPage & { filter: ApplicantBidFilter }) {
    const now = new Date();
    const rows = user.applicant_id ? await loadBidRows(this.db, 'applicant', user.applicant_id) : [];
    const views = rows
      .map((row) => applicantBidView(row, now))
      .filter((bid) => matchesBidFilter(filter, bid.current_state, bid.posting_expired))
      .sort(compareBidsForApplicant);
    return { total: views.length, bids: views.slice(offset, offset + limit) };
  }

  /** The bids on a posting, in the facility's view: for its facility and admins only. */
  async ofPosting(user: SessionUser, id: string, { limit, offset }: BidPage) {
    const postingId = id.toLowerCase();
    const [posting] = isUuid(postingId) ? await this.db.query('SELECT facility_id FROM bid_postings WHERE id = $1', [postingId]) : [];
    if (!posting) throw new NotFoundException(POSTING_MESSAGES.notFound);
    if (!user.is_admin) {
      if (!user.membership) throw new ForbiddenException('Only the facility that posted this job can see its bids.');
      if (user.membership.facility_id !== posting.facility_id) throw new ForbiddenException(POSTING_MESSAGES.otherFacility);
    }
    const now = new Date();
    const views = (await loadBidRows(this.db, 'posting', postingId)).map((row) => facilityBidView(row, now)).sort(compareBidsForFacility);
    return { total: views.length, bids: views.slice(offset, offset + limit) };
  }
}
