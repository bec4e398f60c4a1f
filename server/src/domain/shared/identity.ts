/**
 * Identity fields are what a platform admin checked when verifying a record: who the applicant
 * is and which license and NPI they hold, what the facility is called and its NPI. When the
 * owner changes one of them on a verified record, the record goes back to review; contact
 * details, descriptions and preferences change freely. Admin edits never reset (the admin is
 * the verifier). The deciders, the admins' email, the history and the profile forms read this.
 */

export const APPLICANT_IDENTITY_FIELDS = ['first_name', 'last_name', 'role_type', 'license_number', 'license_state', 'npi'] as const;
export type ApplicantIdentityField = (typeof APPLICANT_IDENTITY_FIELDS)[number];

export const FACILITY_IDENTITY_FIELDS = ['name', 'npi'] as const;
export type FacilityIdentityField = (typeof FACILITY_IDENTITY_FIELDS)[number];

export type IdentityField = ApplicantIdentityField | FacilityIdentityField;

/** Who saves a profile: its owner (the applicant, a facility member) or a platform admin. */
export type ProfileEditor = 'owner' | 'admin';

const LABELS: Record<IdentityField, string> = {
  first_name: 'first name',
  last_name: 'last name',
  role_type: 'role',
  license_number: 'license number',
  license_state: 'license state',
  npi: 'NPI',
  name: 'facility name',
};

/** 'license number', 'first name and last name', 'name, license number and NPI'. */
export function identityFieldList(fields: readonly string[]): string {
  const labels = fields.map((field) => LABELS[field as IdentityField] ?? field.replace(/_/g, ' '));
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}

/** The values of `fields` that `values` holds (absent ones are left out). */
export function identityOf<T, F extends keyof T & string>(fields: readonly F[], values: Partial<T>): Partial<Pick<T, F>> {
  const identity: Partial<Pick<T, F>> = {};
  for (const field of fields) if (values[field] !== undefined) identity[field] = values[field];
  return identity;
}

/** The identity fields `change` gives a value other than the one `current` holds (null and absent alike). */
export function changedIdentityFields<F extends string>(
  fields: readonly F[],
  current: Partial<Record<F, unknown>>,
  change: Partial<Record<F, unknown>>,
): F[] {
  return fields.filter((field) => change[field] !== undefined && (change[field] ?? null) !== (current[field] ?? null));
}

export const identityMessages = {
  /** The verification note the reset leaves (and the history's detail). */
  backInReviewNote: (fields: readonly string[]) => `Changed ${identityFieldList(fields)}; back in review`,
  /** The platform admins' email subject. */
  adminNotice: (name: string, fields: readonly string[]) => `${name} changed ${identityFieldList(fields)}; the record is back in review`,
  /** Shown on a verified record's own profile form while an identity field differs from the saved one. */
  ownerNoticeTitle: 'Saving this sends your profile back to review',
  ownerNotice: (fields: readonly string[]) =>
    `You changed your ${identityFieldList(fields)}. Your profile is verified: once you save, it returns to pending until a Tenens admin confirms the change.`,
};
