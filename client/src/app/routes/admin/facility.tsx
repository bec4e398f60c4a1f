import { useParams } from 'react-router';

import { FacilityDetail } from '@/features/admin/components/facility-detail';

/** /admin/facilities/{id}: one facility's record, users, credits, notes and history. */
export function AdminFacilityRoute() {
  const { id = '' } = useParams();
  // Keyed by id: moving to another facility starts from a clean page (no edit draft, no dialog).
  return <FacilityDetail key={id} facilityId={id} />;
}
