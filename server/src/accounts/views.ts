/**
 * Loads the rows the account views are built from (the builders live in the shared domain, next
 * to their aggregates) and answers with the view, or null when there is no such record.
 */
import type { DataSource } from 'typeorm';
import { userView as toUserView, type UserRow, type UserView } from '../domain/accounts/user-view';
import { applicantView as toApplicantView, type ApplicantRow, type ApplicantView } from '../domain/applicants/applicant-view';
import { facilityView as toFacilityView, type FacilityRow, type FacilityView } from '../domain/facilities/facility-view';

/** The signed-in user as GET /users/me answers it, with the facility and applicant sub-records. */
export async function userView(db: DataSource, userId: string): Promise<UserView | null> {
  const [row] = await db.query<UserRow[]>(
    `SELECT u.id, u.email, u.pending_email, u.role, u.is_admin, u.email_verified, u.first_name, u.last_name,
            u.created_at, u.updated_at, u.last_login, u.previous_login,
            f.id AS facility_id, f.name AS facility_name, f.verification_status AS facility_verification_status,
            f.is_active AS facility_is_active, f.posting_credits AS facility_posting_credits,
            fa.first_name AS facility_admin_first_name, fa.last_name AS facility_admin_last_name, fa.email AS facility_admin_email,
            a.id AS applicant_id, a.verification_status AS applicant_verification_status, a.is_active AS applicant_is_active
       FROM users u
       LEFT JOIN facility_members m ON m.user_id = u.id AND m.is_active
       LEFT JOIN facilities f ON f.id = m.facility_id
       LEFT JOIN users fa ON fa.id = f.admin_user_id
       LEFT JOIN applicants a ON a.user_id = u.id
      WHERE u.id = $1`,
    [userId],
  );
  return row ? toUserView(row) : null;
}

export async function facilityView(db: DataSource, facilityId: string): Promise<FacilityView | null> {
  const [row] = await db.query<FacilityRow[]>(
    `SELECT f.id, f.name, f.facility_type, f.npi, f.description, f.phone, f.website, f.address_line1, f.address_line2,
            f.city, f.state, f.zip_code, f.verification_status, f.is_active, f.posting_credits, f.verification_notes,
            f.admin_user_id, f.created_at, f.updated_at,
            u.first_name AS admin_first_name, u.last_name AS admin_last_name, u.email AS admin_email,
            u.email_verified AS admin_email_verified
       FROM facilities f LEFT JOIN users u ON u.id = f.admin_user_id WHERE f.id = $1`,
    [facilityId],
  );
  return row ? toFacilityView(row) : null;
}

export async function applicantView(db: DataSource, applicantId: string): Promise<ApplicantView | null> {
  // Calendar dates travel as YYYY-MM-DD (what the forms send back), never as a JS Date: pg reads a
  // date as local midnight, which serialises as a time stamp and can shift the day.
  const [row] = await db.query<ApplicantRow[]>(
    `SELECT a.id, a.user_id, a.first_name, a.last_name, a.role_type, a.license_number, a.license_state,
            to_char(a.license_expires_at, 'YYYY-MM-DD') AS license_expires_at, a.npi, a.linkedin_profile,
            to_char(a.experience_started_at, 'YYYY-MM-DD') AS experience_started_at, a.bio, a.hourly_rate_min,
            a.hourly_rate_max, a.preferred_radius_miles, a.address_line1, a.address_line2, a.city, a.state, a.zip_code,
            a.certifications, a.malpractice_provided, a.job_search_frequency_days, a.verification_status, a.is_active,
            a.verification_notes, a.created_at, a.updated_at,
            u.email, u.email_verified, u.first_name AS user_first_name, u.last_name AS user_last_name
       FROM applicants a JOIN users u ON u.id = a.user_id WHERE a.id = $1`,
    [applicantId],
  );
  return row ? toApplicantView(row) : null;
}
