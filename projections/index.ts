import type { BidState } from '../server/src/domain/bids';
import type { InlineProjection } from '../server/src/platform/read-models/inline-projection';
import type { Projection } from '../server/src/platform/read-models/projection';
import { applicantsProjection } from './applicants.projection';
import { auditProjection } from './audit.projection';
import { bidsInline, bidsProjection } from './bids.projection';
import { billingProjection } from './billing.projection';
import { facilitiesProjection } from './facilities.projection';
import { facilityMembersProjection } from './facility-members.projection';
import { marketRatesProjection } from './market-rates.projection';
import { notificationsProjection } from './notifications.projection';
import { postingBidsInline, postingsProjection } from './postings.projection';

export { bidStateSnapshot } from './bid-snapshots';

/** Every read model of the product, one file per read model in this folder. */
export const allProjections: Projection[] = [
  facilitiesProjection,
  applicantsProjection,
  postingsProjection,
  bidsProjection,
  facilityMembersProjection,
  billingProjection,
  marketRatesProjection,
  notificationsProjection,
  auditProjection,
];

/**
 * The rows a bid command writes in its own append's transaction: the bid's row and its posting's
 * counts, which are what the caller (and the other party) read next.
 */
export const bidInlineProjections: readonly InlineProjection<BidState>[] = [bidsInline, postingBidsInline];
