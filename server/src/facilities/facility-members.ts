import type { EntityManager } from 'typeorm';
import { returnedRows } from '../database/returning';

/**
 * Makes the user their facility's admin, holding every permission (the registering, "legacy"
 * admin). A member removed from another facility keeps an inactive row (user_id is the key):
 * it is replaced. Answers false when the user is an active member already (a concurrent create
 * won), leaving that membership as it is.
 */
export async function addFacilityAdmin(tx: Pick<EntityManager, 'query'>, userId: string, facilityId: string): Promise<boolean> {
  const inserted = await tx.query(
    `INSERT INTO facility_members (user_id, facility_id, role, is_legacy_admin, can_create_jobs, can_edit_jobs,
       can_publish_jobs, can_manage_bids, can_manage_users, can_manage_billing)
     VALUES ($1, $2, 'admin', true, true, true, true, true, true, true)
     ON CONFLICT (user_id) DO UPDATE SET facility_id = EXCLUDED.facility_id, role = 'admin', is_legacy_admin = true,
       is_active = true, can_create_jobs = true, can_edit_jobs = true, can_publish_jobs = true, can_manage_bids = true,
       can_manage_users = true, can_manage_billing = true, created_by = NULL, created_at = now()
     WHERE NOT facility_members.is_active
     RETURNING user_id`,
    [userId, facilityId],
  );
  return returnedRows(inserted).length > 0;
}
