import type { DataSource } from 'typeorm';

/** The signed-in user as GET /users/me answers it, with the facility and applicant sub-records. */
export async function userView(db: DataSource, userId: string) {
  const [row] = await db.query(
    `SELECT u.id, u.email, u.pending_email, u.role, u.is_admin, u.email_verified, u.first_name, u.last_name,
            u.created_at, u.updated_at, u.last_login,
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
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    pending_email: row.pending_email,
    role: row.role,
    is_admin: row.is_admin,
    email_verified: row.email_verified,
    first_name: row.first_name,
    last_name: row.last_name,
    display_name: [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email,
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_login: row.last_login,
    facility: row.facility_id
      ? {
          id: row.facility_id,
          name: row.facility_name,
          verification_status: row.facility_verification_status,
          is_active: row.facility_is_active,
          posting_credits: row.facility_posting_credits,
          admin: { first_name: row.facility_admin_first_name, last_name: row.facility_admin_last_name, email: row.facility_admin_email },
        }
      : null,
    applicant: row.applicant_id
      ? { id: row.applicant_id, verification_status: row.applicant_verification_status, is_active: row.applicant_is_active }
      : null,
  };
}

export async function facilityView(db: DataSource, facilityId: string) {
  const [row] = await db.query(
    `SELECT f.*, u.first_name AS admin_first_name, u.last_name AS admin_last_name, u.email AS admin_email,
            u.email_verified AS admin_email_verified
       FROM facilities f LEFT JOIN users u ON u.id = f.admin_user_id WHERE f.id = $1`,
    [facilityId],
  );
  if (!row) return null;
  const { admin_first_name, admin_last_name, admin_email, admin_email_verified, ...facility } = row;
  return {
    ...facility,
    admin: { first_name: admin_first_name, last_name: admin_last_name, email: admin_email, email_verified: admin_email_verified },
  };
}

export async function applicantView(db: DataSource, applicantId: string) {
  // Calendar dates travel as YYYY-MM-DD (what the forms send back), never as a JS Date: pg reads a
  // date as local midnight, which serialises as a time stamp and can shift the day.
  const [row] = await db.query(
    `SELECT a.*, to_char(a.license_expires_at, 'YYYY-MM-DD') AS license_expires_on,
            to_char(a.experience_started_at, 'YYYY-MM-DD') AS experience_started_on,
            u.email, u.email_verified, u.first_name AS user_first_name, u.last_name AS user_last_name
       FROM applicants a JOIN users u ON u.id = a.user_id WHERE a.id = $1`,
    [applicantId],
  );
  if (!row) return null;
  const { email, email_verified, user_first_name, user_last_name, license_expires_on, experience_started_on, ...applicant } = row;
  return {
    ...applicant,
    license_expires_at: license_expires_on,
    experience_started_at: experience_started_on,
    user: { email, email_verified, first_name: user_first_name, last_name: user_last_name },
  };
}
