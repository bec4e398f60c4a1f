import { useParams } from 'react-router';

import { ApplicantDetail } from '@/features/admin/components/applicant-detail';
import type { RenderBidHistory } from '@/features/admin/components/applicant-bids-section';
import { BidHistorySection } from '@/features/bids/components/bid-history';

// Each application shows the bids feature's negotiation timeline (rate chart and events, fetched
// when opened) under the admin's summary of the bid.
const bidHistory: RenderBidHistory = (bid, actions) => (
  <BidHistorySection bidId={bid.id} postedRate={bid.job_hourly_rate} actions={actions} />
);

/** /admin/applicants/{applicantId}: one applicant's record, notes, applications and history. */
export function AdminApplicantRoute() {
  const { applicantId = '' } = useParams();
  return <ApplicantDetail key={applicantId} applicantId={applicantId} renderBidHistory={bidHistory} />;
}
