import { z } from 'zod';
import { ACCOUNT_TYPE_ROLES, ACCOUNT_TYPES, FACILITY_TYPES } from './constants';
import { confirmationMatches } from './confirmation';
import {
  applicantRoleTypeField,
  calendarDateField,
  emailField,
  facilityTypeField,
  jobSearchFrequencyField,
  linkedInField,
  malpracticeProvidedField,
  npiField,
  optionalTextUpTo,
  pastOrTodayDateField,
  personName,
  phoneField,
  requiredText,
  usStateField,
  websiteField,
  zipCodeField,
} from './fields';
import { accountMessages as m } from './messages';
import { accountPassword } from './password';
import { TEXT_LIMITS } from '../shared/limits';

/**
 * Registration: the two client steps (account, then facility or applicant details) and the
 * POST /auth/register payload the server validates. The field rules are shared, so a value the
 * form accepts is a value the server accepts.
 */

const personNamesShape = {
  first_name: personName('First name'),
  last_name: personName('Last name'),
};

const termsAccepted = z.literal(true, { error: m.tosRequired });

/** Step 1: account type, names, email, password twice, terms. */
export const registrationAccountSchema = z
  .object({
    account_type: z.enum(ACCOUNT_TYPES, { error: m.accountTypeRequired }),
    ...personNamesShape,
    email: emailField(),
    password: accountPassword,
    confirm_password: z.string({ error: m.passwordsDoNotMatch }),
    tos_accepted: termsAccepted,
  })
  .refine(...confirmationMatches('password', 'confirm_password', m.passwordsDoNotMatch));
export type RegistrationAccountValues = z.input<typeof registrationAccountSchema>;
export type RegistrationAccount = z.output<typeof registrationAccountSchema>;

const facilityDetailsShape = {
  name: requiredText(m.facilityNameRequired, { label: 'Facility name', max: TEXT_LIMITS.facilityName }),
  facility_type: facilityTypeField(FACILITY_TYPES),
  npi: npiField(),
  website: websiteField,
  address_line1: requiredText(m.streetAddressRequired, { label: 'Street address', max: TEXT_LIMITS.addressLine }),
  city: requiredText(m.cityRequired, { label: 'City', max: TEXT_LIMITS.city }),
  state: usStateField(),
  zip_code: zipCodeField(),
  phone: phoneField(),
};

/** Step 2 for a facility. */
export const facilityDetailsSchema = z.object(facilityDetailsShape);
export type FacilityDetailsValues = z.input<typeof facilityDetailsSchema>;
export type FacilityDetails = z.output<typeof facilityDetailsSchema>;

/** The applicant fields shared by registration and the applicant's own profile. */
export const applicantCredentialsShape = {
  role_type: applicantRoleTypeField,
  license_number: requiredText(m.licenseNumberRequired, { label: 'License number', max: TEXT_LIMITS.licenseNumber }),
  license_state: usStateField(m.licenseStateRequired),
  license_expires_at: calendarDateField(m.licenseExpiryRequired),
  npi: npiField(),
  linkedin_profile: linkedInField,
  experience_started_at: pastOrTodayDateField(m.experienceStartRequired, m.experienceStartInFuture),
  malpractice_provided: malpracticeProvidedField,
  job_search_frequency_days: jobSearchFrequencyField,
};

/** Step 2 for an applicant. */
export const applicantDetailsSchema = z.object(applicantCredentialsShape);
export type ApplicantDetailsValues = z.input<typeof applicantDetailsSchema>;
export type ApplicantDetails = z.output<typeof applicantDetailsSchema>;

/** profile_data of a facility registering itself. */
export const facilityProfileDataSchema = z.object({ ...personNamesShape, ...facilityDetailsShape });
export type FacilityProfileData = z.output<typeof facilityProfileDataSchema>;

/** profile_data of an applicant. */
export const applicantProfileDataSchema = z.object({ ...personNamesShape, ...applicantCredentialsShape });
export type ApplicantProfileData = z.output<typeof applicantProfileDataSchema>;

/** profile_data of someone accepting a facility invitation: they join an existing facility. */
export const invitedMemberProfileDataSchema = z.object(personNamesShape);
export type InvitedMemberProfileData = z.output<typeof invitedMemberProfileDataSchema>;

const envelopeShape = {
  email: emailField(),
  password: accountPassword,
  tos_accepted: termsAccepted,
};

export interface FacilityRegistration {
  email: string;
  password: string;
  tos_accepted: true;
  role: 'facility_admin';
  invite_token: null;
  profile_data: FacilityProfileData;
}

export interface InvitedMemberRegistration {
  email: string;
  password: string;
  tos_accepted: true;
  role: 'facility_admin';
  invite_token: string;
  profile_data: InvitedMemberProfileData;
}

// Validates profile_data with `schema`, reporting its issues under profile_data.*.
function parseProfileData<S extends z.ZodType>(schema: S, data: unknown, ctx: z.RefinementCtx): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    ctx.addIssue({ ...issue, path: ['profile_data', ...issue.path] } as z.core.$ZodRawIssue);
  }
  return z.NEVER;
}

// Both kinds of facility_admin registration share one role, so the role alone cannot choose the
// profile_data schema: an invitation token means "joining a facility" (names only), its absence
// means "registering a facility" (names and facility details).
const facilityAdminRegistrationSchema = z
  .object({
    ...envelopeShape,
    role: z.literal('facility_admin'),
    invite_token: optionalTextUpTo({ label: 'Invitation token', max: TEXT_LIMITS.token }),
    profile_data: z.looseObject({}),
  })
  .transform((payload, ctx): FacilityRegistration | InvitedMemberRegistration => {
    const { invite_token, profile_data, ...rest } = payload;
    if (invite_token) {
      const memberData = parseProfileData(invitedMemberProfileDataSchema, profile_data, ctx);
      return { ...rest, invite_token, profile_data: memberData };
    }
    const facilityData = parseProfileData(facilityProfileDataSchema, profile_data, ctx);
    return { ...rest, invite_token: null, profile_data: facilityData };
  });

const applicantRegistrationSchema = z.object({
  ...envelopeShape,
  role: z.literal('applicant'),
  profile_data: applicantProfileDataSchema,
});
export type ApplicantRegistration = z.output<typeof applicantRegistrationSchema>;

/** POST /auth/register. profile_data is validated by role (and, for facilities, by invite_token). */
export const registrationPayloadSchema = z.discriminatedUnion('role', [facilityAdminRegistrationSchema, applicantRegistrationSchema], {
  error: m.accountTypeRequired,
});
export type RegistrationPayloadValues = z.input<typeof registrationPayloadSchema>;
/** The parsed body: FacilityRegistration | InvitedMemberRegistration | ApplicantRegistration. */
export type RegistrationPayload = z.output<typeof registrationPayloadSchema>;

/**
 * Builds the POST /auth/register body from the client's validated steps. With an invitation the
 * person always registers as facility_admin and sends only their names.
 */
export function buildRegistrationPayload(
  account: RegistrationAccount,
  details?: FacilityDetails | ApplicantDetails,
  inviteToken?: string,
): RegistrationPayloadValues {
  const names = { first_name: account.first_name, last_name: account.last_name };
  const envelope = { email: account.email, password: account.password, tos_accepted: account.tos_accepted };
  if (inviteToken) {
    return { ...envelope, role: 'facility_admin', invite_token: inviteToken, profile_data: names };
  }
  return {
    ...envelope,
    role: ACCOUNT_TYPE_ROLES[account.account_type],
    profile_data: { ...names, ...details },
  } as RegistrationPayloadValues;
}
