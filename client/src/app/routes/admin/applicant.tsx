import { useParams } from 'react-router';

import { ApplicantDetail } from '@/features/admin/components/applicant-detail';

/** /admin/applicants/{applicantId}: one applicant's record, notes and history. */
export function AdminApplicantRoute() {
  const { applicantId = '' } = useParams();
  return <ApplicantDetail key={applicantId} applicantId={applicantId} />;
}
