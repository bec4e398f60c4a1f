import {
  applicantProfileSchema,
  facilityProfileSchema,
  isPasswordChangeRequested,
  ownProfileFormSchema,
  ownProfileSchema,
  passwordChangePayloadSchema,
  passwordChangeSchema,
} from '../../../../server/src/domain/accounts';
import { errorsOf, parsed } from './support';

describe('ownProfileSchema (PUT /users/me)', () => {
  it('trims names and sends empty ones as null', () => {
    expect(parsed(ownProfileSchema, { first_name: '  Ann ', last_name: '   ', email: 'Ann@X.org' })).toEqual({
      first_name: 'Ann',
      last_name: null,
      email: 'ann@x.org',
    });
  });

  it('requires a valid email', () => {
    expect(errorsOf(ownProfileSchema, { first_name: '', last_name: '', email: '' })).toEqual({
      email: ['Email is required'],
    });
    expect(errorsOf(ownProfileSchema, { email: 'ann' })).toEqual({ email: ['Please enter a valid email address'] });
  });

  it('applies the name rules to names that are given', () => {
    expect(errorsOf(ownProfileSchema, { first_name: 'A', last_name: 'B4', email: 'ann@x.org' })).toEqual({
      first_name: ['First name must be at least 2 characters'],
      last_name: ['Last name may contain only letters, spaces, hyphens and apostrophes'],
    });
  });
});

describe('passwordChangeSchema', () => {
  const all = { current_password: 'oldpass1', new_password: 'newpass12', confirm_password: 'newpass12' };

  it('is optional: all three empty means no change', () => {
    expect(errorsOf(passwordChangeSchema, { current_password: '', new_password: '', confirm_password: '' })).toEqual({});
    expect(errorsOf(passwordChangeSchema, {})).toEqual({});
    expect(isPasswordChangeRequested({})).toBe(false);
    expect(isPasswordChangeRequested({ confirm_password: 'x' })).toBe(true);
  });

  it('accepts a complete change', () => {
    expect(errorsOf(passwordChangeSchema, all)).toEqual({});
  });

  it('requires all three once any is filled, on each empty field', () => {
    const message = 'All password fields are required when changing password';
    expect(errorsOf(passwordChangeSchema, { current_password: 'oldpass1', new_password: '', confirm_password: '' })).toEqual({
      new_password: [message],
      confirm_password: [message],
    });
    expect(errorsOf(passwordChangeSchema, { ...all, current_password: '' })).toEqual({ current_password: [message] });
  });

  it('needs the confirmation to match', () => {
    expect(errorsOf(passwordChangeSchema, { ...all, confirm_password: 'newpass13' })).toEqual({
      confirm_password: ['New passwords do not match'],
    });
  });

  it('applies the registration password rules to the new password', () => {
    expect(errorsOf(passwordChangeSchema, { ...all, new_password: 'short', confirm_password: 'short' })).toEqual({
      new_password: ['Password must be at least 8 characters long', 'Password must contain at least one number'],
    });
    expect(errorsOf(passwordChangeSchema, { ...all, new_password: '12345678', confirm_password: '12345678' })).toEqual({
      new_password: ['Password must contain at least one letter'],
    });
  });

  it('combines with the profile in the own-profile form', () => {
    const values = { first_name: 'Ann', last_name: '', email: 'bad', current_password: 'x', new_password: '', confirm_password: '' };
    expect(errorsOf(ownProfileFormSchema, values)).toEqual({
      email: ['Please enter a valid email address'],
      new_password: ['All password fields are required when changing password'],
      confirm_password: ['All password fields are required when changing password'],
    });
    expect(parsed(ownProfileFormSchema, { first_name: ' Ann ', email: 'ann@x.org' })).toEqual({
      first_name: 'Ann',
      last_name: null,
      email: 'ann@x.org',
      current_password: '',
      new_password: '',
      confirm_password: '',
    });
  });

  it('server payload: current and new password', () => {
    expect(parsed(passwordChangePayloadSchema, { current_password: 'x', new_password: 'newpass12' })).toEqual({
      current_password: 'x',
      new_password: 'newpass12',
    });
    expect(errorsOf(passwordChangePayloadSchema, { current_password: '', new_password: 'abcdefgh' })).toEqual({
      current_password: ['Current password is required'],
      new_password: ['Password must contain at least one number'],
    });
  });
});

describe('facilityProfileSchema (PUT /facilities/profile)', () => {
  const profile = {
    name: 'Lakeside Surgery Center',
    facility_type: 'Hospital',
    address_line1: '1 Lake Rd',
    address_line2: '',
    city: 'Austin',
    state: 'tx',
    zip_code: '78701-1234',
    phone: '(512) 555-0100',
    website: 'lakeside.example.com',
    npi: '',
    description: '  Outpatient surgery.  ',
  };

  it('normalises and nulls the optional fields', () => {
    expect(parsed(facilityProfileSchema, profile)).toEqual({
      name: 'Lakeside Surgery Center',
      facility_type: 'Hospital',
      address_line1: '1 Lake Rd',
      address_line2: null,
      city: 'Austin',
      state: 'TX',
      zip_code: '78701-1234',
      phone: '5125550100',
      website: 'https://lakeside.example.com',
      npi: null,
      description: 'Outpatient surgery.',
    });
  });

  it('says "Please fill in all required fields" on each missing required field', () => {
    const message = 'Please fill in all required fields';
    const errors = errorsOf(facilityProfileSchema, {
      ...profile,
      name: '',
      address_line1: ' ',
      city: '',
      state: '',
      zip_code: '',
      phone: '',
    });
    expect(errors).toEqual({
      name: [message],
      address_line1: [message],
      city: [message],
      state: [message],
      zip_code: [message],
      phone: [message],
    });
  });

  it('checks phone, state, ZIP, NPI and website', () => {
    const errors = errorsOf(facilityProfileSchema, {
      ...profile,
      phone: '012-555-0100',
      state: 'TXX',
      zip_code: '787',
      npi: '12345',
      website: 'mailto:me@x.com',
    });
    expect(errors).toEqual({
      phone: ["Please enter a valid 10-digit phone number that doesn't start with 0 or 1"],
      state: ['Please enter a valid US state abbreviation (e.g., CA, NY, TX)'],
      zip_code: ['Please enter a valid ZIP code (12345 or 12345-6789)'],
      npi: ['NPI must be exactly 10 digits'],
      website: ['Please enter a valid website URL starting with http:// or https://'],
    });
  });

  it('checks a given NPI’s check digit', () => {
    expect(errorsOf(facilityProfileSchema, { ...profile, npi: '1234567890' })).toEqual({
      npi: ['This NPI is not valid. Please check the number.'],
    });
    expect(parsed(facilityProfileSchema, { ...profile, npi: '1234567893' }).npi).toBe('1234567893');
  });

  it('keeps facility type optional but known, including the admin list', () => {
    expect(parsed(facilityProfileSchema, { ...profile, facility_type: '' }).facility_type).toBeNull();
    expect(parsed(facilityProfileSchema, { ...profile, facility_type: 'Medical Center' }).facility_type).toBe('Medical Center');
    expect(errorsOf(facilityProfileSchema, { ...profile, facility_type: 'Spa' })).toEqual({
      facility_type: ['Please select a facility type'],
    });
  });
});

describe('applicantProfileSchema (PUT /applicants/profile)', () => {
  afterEach(() => jest.useRealTimers());

  const profile = {
    first_name: 'Jane',
    last_name: 'Doe',
    license_number: 'RN-1',
    license_state: 'ny',
    license_expires_at: '2030-01-31',
    npi: '1234567893',
    experience_started_at: '2012-05-01',
  };

  it('fills the defaults', () => {
    expect(parsed(applicantProfileSchema, profile)).toEqual({
      first_name: 'Jane',
      last_name: 'Doe',
      role_type: 'CRNA',
      license_number: 'RN-1',
      license_state: 'NY',
      license_expires_at: '2030-01-31',
      npi: '1234567893',
      linkedin_profile: null,
      experience_started_at: '2012-05-01',
      malpractice_provided: false,
      job_search_frequency_days: 7,
      bio: null,
      hourly_rate_min: null,
      hourly_rate_max: null,
      preferred_radius_miles: 50,
      address_line1: null,
      address_line2: null,
      city: null,
      state: null,
      zip_code: null,
      certifications: [],
    });
  });

  it('keeps the optional fields when given', () => {
    const full = parsed(applicantProfileSchema, {
      ...profile,
      role_type: 'Anesthesiologist',
      bio: ' Ten years in ASCs. ',
      hourly_rate_min: 150,
      hourly_rate_max: 150,
      preferred_radius_miles: 120,
      city: 'Albany',
      state: 'ny',
      zip_code: '12207',
      certifications: [' ACLS ', 'PALS'],
      malpractice_provided: true,
      job_search_frequency_days: 1,
    });
    expect(full).toMatchObject({
      role_type: 'Anesthesiologist',
      bio: 'Ten years in ASCs.',
      hourly_rate_min: 150,
      hourly_rate_max: 150,
      preferred_radius_miles: 120,
      city: 'Albany',
      state: 'NY',
      zip_code: '12207',
      certifications: ['ACLS', 'PALS'],
      malpractice_provided: true,
      job_search_frequency_days: 1,
    });
  });

  it('checks rates, radius, address and certifications', () => {
    const errors = errorsOf(applicantProfileSchema, {
      ...profile,
      hourly_rate_min: 150.5,
      hourly_rate_max: -5,
      preferred_radius_miles: 0,
      state: 'QQ',
      zip_code: '1',
      certifications: ['ACLS', '  '],
    });
    expect(errors).toEqual({
      hourly_rate_min: ['Minimum hourly rate must be a whole number of dollars, 0 or more'],
      hourly_rate_max: ['Maximum hourly rate must be a whole number of dollars, 0 or more'],
      preferred_radius_miles: ['Preferred travel radius must be a whole number of miles, at least 1'],
      state: ['Please enter a valid US state abbreviation (e.g., CA, NY, TX)'],
      zip_code: ['Please enter a valid ZIP code (12345 or 12345-6789)'],
      'certifications.1': ['Certifications cannot be blank'],
    });
  });

  it('refuses a maximum rate below the minimum', () => {
    expect(errorsOf(applicantProfileSchema, { ...profile, hourly_rate_min: 200, hourly_rate_max: 150 })).toEqual({
      hourly_rate_max: ['Maximum hourly rate cannot be less than the minimum hourly rate'],
    });
    expect(errorsOf(applicantProfileSchema, { ...profile, hourly_rate_min: 200, hourly_rate_max: '' })).toEqual({});
  });

  it('applies the registration rules to names and credentials', () => {
    jest.useFakeTimers({ now: new Date('2025-03-10T12:00:00Z') });
    const errors = errorsOf(applicantProfileSchema, {
      ...profile,
      first_name: '',
      license_number: '',
      npi: '1234567890',
      experience_started_at: '2026-01-01',
    });
    expect(errors).toEqual({
      first_name: ['First name is required'],
      license_number: ['Please enter your license number'],
      npi: ['This NPI is not valid. Please check the number.'],
      experience_started_at: ['Experience start date cannot be in the future'],
    });
  });
});
