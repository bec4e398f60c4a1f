import { zod4Resolver } from 'mantine-form-zod-resolver';
import {
  applicantDetailsSchema,
  buildRegistrationPayload,
  facilityDetailsSchema,
  registrationAccountSchema,
  registrationPayloadSchema,
} from '../../../../server/src/domain/accounts';
import { errorsOf, parsed } from './support';

const account = {
  account_type: 'facility',
  first_name: 'Jane',
  last_name: "O'Neil",
  email: ' Jane@Clinic.com ',
  password: 'secret123',
  confirm_password: 'secret123',
  tos_accepted: true,
};

const facilityDetails = {
  name: ' Lakeside Surgery Center ',
  facility_type: 'Ambulatory Surgery Center',
  npi: '1234567893',
  website: 'lakeside.example.com',
  address_line1: '1 Lake Rd',
  city: 'Austin',
  state: 'tx',
  zip_code: '78701',
  phone: '(512) 555-0100',
};

const applicantDetails = {
  license_number: 'RN-998877',
  license_state: 'ca',
  license_expires_at: '2030-06-30',
  npi: '1245319599',
  linkedin_profile: 'linkedin.com/in/jane-doe',
  experience_started_at: '2015-09-01',
};

describe('registration step 1 (account)', () => {
  it('accepts a complete step and normalises the email', () => {
    expect(parsed(registrationAccountSchema, account)).toEqual({ ...account, email: 'jane@clinic.com' });
  });

  it('reports each field with its message', () => {
    const errors = errorsOf(registrationAccountSchema, {
      account_type: null,
      first_name: 'J',
      last_name: 'Do3',
      email: 'jane@',
      password: 'short',
      confirm_password: 'shorty',
      tos_accepted: false,
    });
    expect(errors).toEqual({
      account_type: ['Please choose an account type'],
      first_name: ['First name must be at least 2 characters'],
      last_name: ['Last name may contain only letters, spaces, hyphens and apostrophes'],
      email: ['Please enter a valid email address'],
      password: ['Password must be at least 8 characters long', 'Password must contain at least one number'],
      confirm_password: ['Passwords do not match'],
      tos_accepted: ['You must accept the terms of service to continue'],
    });
  });

  it('requires names and email', () => {
    const errors = errorsOf(registrationAccountSchema, { ...account, first_name: ' ', last_name: '', email: '' });
    expect(errors).toEqual({
      first_name: ['First name is required'],
      last_name: ['Last name is required'],
      email: ['Email is required'],
    });
  });

  it('needs a letter in the password', () => {
    expect(errorsOf(registrationAccountSchema, { ...account, password: '12345678', confirm_password: '12345678' })).toEqual({
      password: ['Password must contain at least one letter'],
    });
  });

  it('works as a Mantine form resolver (errors keyed by field)', () => {
    const validate = zod4Resolver(registrationAccountSchema);
    expect(validate({ ...account, confirm_password: 'nope' })).toEqual({ confirm_password: 'Passwords do not match' });
    expect(validate(account)).toEqual({});
  });
});

describe('registration step 2, facility', () => {
  it('normalises state, phone and website', () => {
    expect(parsed(facilityDetailsSchema, facilityDetails)).toEqual({
      name: 'Lakeside Surgery Center',
      facility_type: 'Ambulatory Surgery Center',
      npi: '1234567893',
      website: 'https://lakeside.example.com',
      address_line1: '1 Lake Rd',
      city: 'Austin',
      state: 'TX',
      zip_code: '78701',
      phone: '5125550100',
    });
  });

  it('leaves the website optional', () => {
    expect(parsed(facilityDetailsSchema, { ...facilityDetails, website: '' }).website).toBeNull();
  });

  it('reports every missing field', () => {
    const empty = Object.fromEntries(Object.keys(facilityDetails).map((key) => [key, '']));
    expect(errorsOf(facilityDetailsSchema, empty)).toEqual({
      name: ['Facility name is required'],
      facility_type: ['Please select a facility type'],
      npi: ['Please enter your NPI number'],
      address_line1: ['Street address is required'],
      city: ['City is required'],
      state: ['State is required'],
      zip_code: ['ZIP code is required'],
      phone: ['Phone number is required'],
    });
  });

  it('reports invalid values', () => {
    const errors = errorsOf(facilityDetailsSchema, {
      ...facilityDetails,
      facility_type: 'Medical Center',
      npi: '1234567890',
      website: 'ftp://x.com',
      state: 'ZZ',
      zip_code: '7870',
      phone: '1125550100',
    });
    expect(errors).toEqual({
      facility_type: ['Please select a facility type'],
      npi: ['This NPI is not valid. Please check the number.'],
      website: ['Please enter a valid website URL starting with http:// or https://'],
      state: ['Please enter a valid US state abbreviation (e.g., CA, NY, TX)'],
      zip_code: ['Please enter a valid ZIP code (12345 or 12345-6789)'],
      phone: ["Please enter a valid 10-digit phone number that doesn't start with 0 or 1"],
    });
  });
});

describe('registration step 2, applicant', () => {
  afterEach(() => jest.useRealTimers());

  it('fills the defaults and normalises state and LinkedIn', () => {
    expect(parsed(applicantDetailsSchema, applicantDetails)).toEqual({
      role_type: 'CRNA',
      license_number: 'RN-998877',
      license_state: 'CA',
      license_expires_at: '2030-06-30',
      npi: '1245319599',
      linkedin_profile: 'https://www.linkedin.com/in/jane-doe',
      experience_started_at: '2015-09-01',
      malpractice_provided: false,
      job_search_frequency_days: 7,
    });
  });

  it('keeps explicit choices', () => {
    const chosen = parsed(applicantDetailsSchema, {
      ...applicantDetails,
      role_type: 'Anesthesiologist',
      malpractice_provided: true,
      job_search_frequency_days: 1,
      linkedin_profile: '',
    });
    expect(chosen).toMatchObject({
      role_type: 'Anesthesiologist',
      malpractice_provided: true,
      job_search_frequency_days: 1,
      linkedin_profile: null,
    });
  });

  it('reports missing required fields', () => {
    const errors = errorsOf(applicantDetailsSchema, {
      license_number: ' ',
      license_state: '',
      license_expires_at: '',
      npi: '',
      experience_started_at: '',
    });
    expect(errors).toEqual({
      license_number: ['Please enter your license number'],
      license_state: ['Please select the state that issued your license'],
      license_expires_at: ['License expiration date is required'],
      npi: ['Please enter your NPI number'],
      experience_started_at: ['Experience start date is required'],
    });
  });

  it('reports invalid values', () => {
    jest.useFakeTimers({ now: new Date('2025-03-10T12:00:00Z') });
    const errors = errorsOf(applicantDetailsSchema, {
      ...applicantDetails,
      license_state: 'PR',
      license_expires_at: '06/30/2030',
      npi: '123456789',
      linkedin_profile: 'twitter.com/jane',
      experience_started_at: '2025-04-01',
      role_type: 'RN',
      job_search_frequency_days: 30,
    });
    expect(errors).toEqual({
      license_state: ['Please enter a valid US state abbreviation (e.g., CA, NY, TX)'],
      license_expires_at: ['Please enter a valid date (YYYY-MM-DD)'],
      npi: ['NPI must be exactly 10 digits'],
      linkedin_profile: ['Please enter a LinkedIn username or a profile link like linkedin.com/in/username'],
      experience_started_at: ['Experience start date cannot be in the future'],
      role_type: ['Please select a role type (CRNA or Anesthesiologist)'],
      job_search_frequency_days: ['Please choose daily or weekly job alerts'],
    });
  });
});

describe('registrationPayloadSchema (POST /auth/register)', () => {
  const envelope = { email: 'Jane@Clinic.com', password: 'secret123', tos_accepted: true };
  const names = { first_name: 'Jane', last_name: 'Doe' };

  it('validates a facility registration against the facility profile_data', () => {
    const payload = parsed(registrationPayloadSchema, {
      ...envelope,
      role: 'facility_admin',
      profile_data: { ...names, ...facilityDetails },
    });
    expect(payload).toEqual({
      email: 'jane@clinic.com',
      password: 'secret123',
      tos_accepted: true,
      role: 'facility_admin',
      invite_token: null,
      profile_data: {
        first_name: 'Jane',
        last_name: 'Doe',
        name: 'Lakeside Surgery Center',
        facility_type: 'Ambulatory Surgery Center',
        npi: '1234567893',
        website: 'https://lakeside.example.com',
        address_line1: '1 Lake Rd',
        city: 'Austin',
        state: 'TX',
        zip_code: '78701',
        phone: '5125550100',
      },
    });
  });

  it('validates an applicant registration against the applicant profile_data, with defaults', () => {
    const payload = parsed(registrationPayloadSchema, {
      ...envelope,
      role: 'applicant',
      profile_data: { ...names, ...applicantDetails },
    });
    expect(payload.role).toBe('applicant');
    expect(payload.profile_data).toEqual({
      ...names,
      role_type: 'CRNA',
      license_number: 'RN-998877',
      license_state: 'CA',
      license_expires_at: '2030-06-30',
      npi: '1245319599',
      linkedin_profile: 'https://www.linkedin.com/in/jane-doe',
      experience_started_at: '2015-09-01',
      malpractice_provided: false,
      job_search_frequency_days: 7,
    });
  });

  it('does not accept applicant details for a facility', () => {
    const errors = errorsOf(registrationPayloadSchema, {
      ...envelope,
      role: 'facility_admin',
      profile_data: { ...names, ...applicantDetails },
    });
    expect(errors).toEqual({
      'profile_data.name': ['Facility name is required'],
      'profile_data.facility_type': ['Please select a facility type'],
      'profile_data.address_line1': ['Street address is required'],
      'profile_data.city': ['City is required'],
      'profile_data.state': ['State is required'],
      'profile_data.zip_code': ['ZIP code is required'],
      'profile_data.phone': ['Phone number is required'],
    });
  });

  it('does not accept facility details for an applicant', () => {
    const errors = errorsOf(registrationPayloadSchema, {
      ...envelope,
      role: 'applicant',
      profile_data: { ...names, ...facilityDetails },
    });
    expect(errors).toEqual({
      'profile_data.license_number': ['Please enter your license number'],
      'profile_data.license_state': ['Please select the state that issued your license'],
      'profile_data.license_expires_at': ['License expiration date is required'],
      'profile_data.experience_started_at': ['Experience start date is required'],
    });
  });

  it('takes only names from someone accepting an invitation', () => {
    const payload = parsed(registrationPayloadSchema, {
      ...envelope,
      role: 'facility_admin',
      invite_token: 'inv-123',
      profile_data: { ...names, name: 'ignored' },
    });
    expect(payload).toEqual({
      email: 'jane@clinic.com',
      password: 'secret123',
      tos_accepted: true,
      role: 'facility_admin',
      invite_token: 'inv-123',
      profile_data: names,
    });
  });

  it('still checks an invited person’s names', () => {
    expect(
      errorsOf(registrationPayloadSchema, {
        ...envelope,
        role: 'facility_admin',
        invite_token: 'inv-123',
        profile_data: { first_name: 'J', last_name: '' },
      }),
    ).toEqual({
      'profile_data.first_name': ['First name must be at least 2 characters'],
      'profile_data.last_name': ['Last name is required'],
    });
  });

  it('treats an empty invite token as no invitation', () => {
    const errors = errorsOf(registrationPayloadSchema, {
      ...envelope,
      role: 'facility_admin',
      invite_token: ' ',
      profile_data: names,
    });
    expect(errors['profile_data.name']).toEqual(['Facility name is required']);
  });

  it('refuses other roles, including system_admin', () => {
    for (const role of ['system_admin', 'facility', undefined]) {
      expect(errorsOf(registrationPayloadSchema, { ...envelope, role, profile_data: names })).toEqual({
        role: ['Please choose an account type'],
      });
    }
  });

  it('checks the envelope: email, password policy and terms', () => {
    const errors = errorsOf(registrationPayloadSchema, {
      email: 'nope',
      password: 'abcdefgh',
      tos_accepted: false,
      role: 'applicant',
      profile_data: { ...names, ...applicantDetails },
    });
    expect(errors).toEqual({
      email: ['Please enter a valid email address'],
      password: ['Password must contain at least one number'],
      tos_accepted: ['You must accept the terms of service to continue'],
    });
  });
});

describe('buildRegistrationPayload', () => {
  it('builds a facility registration the server accepts', () => {
    const step1 = parsed(registrationAccountSchema, account);
    const step2 = parsed(facilityDetailsSchema, facilityDetails);
    const body = buildRegistrationPayload(step1, step2);
    expect(body).toMatchObject({ role: 'facility_admin', email: 'jane@clinic.com', tos_accepted: true });
    expect(body).not.toHaveProperty('confirm_password');
    expect(parsed(registrationPayloadSchema, body).profile_data).toMatchObject({ first_name: 'Jane', state: 'TX' });
  });

  it('builds an applicant registration the server accepts', () => {
    const step1 = parsed(registrationAccountSchema, { ...account, account_type: 'applicant' });
    const step2 = parsed(applicantDetailsSchema, applicantDetails);
    const body = buildRegistrationPayload(step1, step2);
    expect(body.role).toBe('applicant');
    expect(parsed(registrationPayloadSchema, body).profile_data).toMatchObject({ license_state: 'CA' });
  });

  it('builds an invitation acceptance with names only', () => {
    const step1 = parsed(registrationAccountSchema, { ...account, account_type: 'applicant' });
    const body = buildRegistrationPayload(step1, undefined, 'inv-1');
    expect(body).toEqual({
      email: 'jane@clinic.com',
      password: 'secret123',
      tos_accepted: true,
      role: 'facility_admin',
      invite_token: 'inv-1',
      profile_data: { first_name: 'Jane', last_name: "O'Neil" },
    });
    expect(parsed(registrationPayloadSchema, body)).toMatchObject({ invite_token: 'inv-1', profile_data: { first_name: 'Jane' } });
  });
});
