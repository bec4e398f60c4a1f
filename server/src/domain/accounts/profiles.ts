import { z } from 'zod';
import { DEFAULT_PREFERRED_RADIUS_MILES, KNOWN_FACILITY_TYPES } from './constants';
import { whenObject } from './confirmation';
import {
  emailField,
  npiField,
  optional,
  optionalPersonName,
  optionalText,
  optionalTextUpTo,
  optionalWholeDollars,
  personName,
  phoneField,
  requiredText,
  usStateField,
  websiteField,
  zipCodeField,
} from './fields';
import { accountMessages as m, textTooLong } from './messages';
import { MAX_RADIUS_MILES, TEXT_LIMITS } from '../shared/limits';
import { accountPassword, accountPasswordProblems, existingPassword } from './password';
import { applicantCredentialsShape } from './registration';

/** PUT /users/me and the own-profile form: names may be cleared (sent as null), email is required. */
export const ownProfileSchema = z.object({
  first_name: optionalPersonName('First name'),
  last_name: optionalPersonName('Last name'),
  email: emailField(),
});
export type OwnProfileValues = z.input<typeof ownProfileSchema>;
export type OwnProfile = z.output<typeof ownProfileSchema>;

export interface PasswordChangeValues {
  current_password?: string;
  new_password?: string;
  confirm_password?: string;
}

const PASSWORD_CHANGE_FIELDS = ['current_password', 'new_password', 'confirm_password'] as const;

/** True when the person started a password change (any of the three fields is filled). */
export function isPasswordChangeRequested(values: PasswordChangeValues): boolean {
  return PASSWORD_CHANGE_FIELDS.some((field) => (values[field] ?? '') !== '');
}

// The password change is optional: all three empty means "no change"; once one is filled,
// all three are required, the new one must meet the policy and the confirmation must match.
function checkPasswordChange(values: PasswordChangeValues, ctx: z.RefinementCtx): void {
  if (!isPasswordChangeRequested(values)) return;
  for (const field of PASSWORD_CHANGE_FIELDS) {
    if ((values[field] ?? '') !== '') continue;
    ctx.addIssue({ code: 'custom', message: m.passwordFieldsAllRequired, path: [field] });
  }
  const newPassword = values.new_password ?? '';
  const confirmation = values.confirm_password ?? '';
  if (newPassword === '') return;
  for (const problem of accountPasswordProblems(newPassword)) {
    ctx.addIssue({ code: 'custom', message: problem, path: ['new_password'] });
  }
  if (confirmation !== '' && confirmation !== newPassword) {
    ctx.addIssue({ code: 'custom', message: m.newPasswordsDoNotMatch, path: ['confirm_password'] });
  }
}

const passwordChangeShape = {
  current_password: z.string().default(''),
  new_password: z.string().default(''),
  confirm_password: z.string().default(''),
};

/** The optional password section of the own-profile form. */
export const passwordChangeSchema = z.object(passwordChangeShape).superRefine(checkPasswordChange, { when: whenObject });
export type PasswordChange = z.output<typeof passwordChangeSchema>;

/** The whole own-profile form: profile fields plus the optional password change. */
export const ownProfileFormSchema = ownProfileSchema.extend(passwordChangeShape).superRefine(checkPasswordChange, { when: whenObject });
export type OwnProfileFormValues = z.input<typeof ownProfileFormSchema>;

/** PUT /users/me/password. */
export const passwordChangePayloadSchema = z.object({
  current_password: existingPassword(m.currentPasswordRequired),
  new_password: accountPassword,
});
export type PasswordChangePayload = z.output<typeof passwordChangePayloadSchema>;

// The facility profile screen words every missing required field the same way.
const REQUIRED = m.requiredFieldsMissing;

/** GET/PUT /facilities/profile and its form. Phone is sent as digits only. */
export const facilityProfileSchema = z.object({
  name: requiredText(REQUIRED, { label: 'Facility name', max: TEXT_LIMITS.facilityName }),
  // Not in the screen's required list; when given it must be a known type (the admin list too,
  // so a type set by an admin survives the facility saving its profile).
  facility_type: optionalText.pipe(z.enum(KNOWN_FACILITY_TYPES, { error: m.facilityTypeRequired }).nullable()),
  address_line1: requiredText(REQUIRED, { label: 'Street address', max: TEXT_LIMITS.addressLine }),
  address_line2: optionalTextUpTo({ label: 'Address line 2', max: TEXT_LIMITS.addressLine }),
  city: requiredText(REQUIRED, { label: 'City', max: TEXT_LIMITS.city }),
  state: usStateField(REQUIRED),
  zip_code: zipCodeField(REQUIRED),
  phone: phoneField(REQUIRED),
  website: websiteField,
  npi: optional(npiField()),
  description: optionalTextUpTo({ label: 'Description', max: TEXT_LIMITS.freeText }),
});
export type FacilityProfileValues = z.input<typeof facilityProfileSchema>;
export type FacilityProfile = z.output<typeof facilityProfileSchema>;

const radiusInvalid = { error: m.preferredRadiusInvalid };

/** PUT /applicants/profile and the applicant profile form. */
export const applicantProfileSchema = z
  .object({
    first_name: personName('First name'),
    last_name: personName('Last name'),
    ...applicantCredentialsShape,
    bio: optionalTextUpTo({ label: 'Bio', max: TEXT_LIMITS.freeText }),
    hourly_rate_min: optionalWholeDollars('Minimum hourly rate'),
    hourly_rate_max: optionalWholeDollars('Maximum hourly rate'),
    preferred_radius_miles: z
      .number(radiusInvalid)
      .int(radiusInvalid)
      .min(1, radiusInvalid)
      .max(MAX_RADIUS_MILES, { error: m.preferredRadiusTooLarge })
      .default(DEFAULT_PREFERRED_RADIUS_MILES),
    address_line1: optionalTextUpTo({ label: 'Street address', max: TEXT_LIMITS.addressLine }),
    address_line2: optionalTextUpTo({ label: 'Address line 2', max: TEXT_LIMITS.addressLine }),
    city: optionalTextUpTo({ label: 'City', max: TEXT_LIMITS.city }),
    state: optional(usStateField()),
    zip_code: optional(zipCodeField()),
    certifications: z
      .array(
        z
          .string()
          .trim()
          .min(1, { error: m.certificationInvalid })
          .max(TEXT_LIMITS.certification, { error: textTooLong('Certification', TEXT_LIMITS.certification) }),
      )
      .max(TEXT_LIMITS.certifications, { error: m.certificationsTooMany })
      .default([]),
  })
  .refine((values) => !hasInvertedRange(values.hourly_rate_min, values.hourly_rate_max), {
    error: m.hourlyRateRangeInvalid,
    path: ['hourly_rate_max'],
    when: whenObject,
  });
export type ApplicantProfileValues = z.input<typeof applicantProfileSchema>;
export type ApplicantProfile = z.output<typeof applicantProfileSchema>;

function hasInvertedRange(min: unknown, max: unknown): boolean {
  return typeof min === 'number' && typeof max === 'number' && max < min;
}
