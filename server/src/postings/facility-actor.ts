import { ForbiddenException } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { FacilityMember } from '../domain/postings';
import { hasFacilityPermission, type SessionUser } from '../auth/session-user';

export const FACILITY_ONLY = 'Only facility accounts can manage job postings.';

/**
 * The acting member as the posting decider sees them: the flags they hold (admins hold all) and
 * their facility's standing, read fresh so a suspension takes effect at once.
 */
export async function facilityMember(db: DataSource, user: SessionUser): Promise<FacilityMember & { posting_credits: number }> {
  if (!user.membership) throw new ForbiddenException(FACILITY_ONLY);
  const [facility] = await db.query('SELECT verification_status, is_active, posting_credits FROM facilities WHERE id = $1', [
    user.membership.facility_id,
  ]);
  return {
    user_id: user.id,
    facility_id: user.membership.facility_id,
    permissions: {
      can_create_jobs: hasFacilityPermission(user.membership, 'can_create_jobs'),
      can_edit_jobs: hasFacilityPermission(user.membership, 'can_edit_jobs'),
      can_publish_jobs: hasFacilityPermission(user.membership, 'can_publish_jobs'),
    },
    facility: {
      verification_status: facility?.verification_status ?? 'pending',
      is_active: facility?.is_active ?? true,
    },
    posting_credits: facility?.posting_credits ?? 0,
  };
}
