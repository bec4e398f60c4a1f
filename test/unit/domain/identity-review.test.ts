import { applicantDecider, type ApplicantEvent, type ApplicantProfile } from '../../../server/src/domain/applicants/applicant';
import { facilityDecider, type FacilityEvent, type FacilityProfile } from '../../../server/src/domain/facilities/facility';
import { fold } from '../../../server/src/domain/shared/decider';
import { identityFieldList, identityMessages } from '../../../server/src/domain/shared/identity';
import { deciderSpec } from './shared/given-when-then';

const now = new Date('2026-11-22T10:00:00.000Z');
const at = now.toISOString();

const applicantProfile: ApplicantProfile = {
  first_name: 'Dana',
  last_name: 'Reyes',
  role_type: 'CRNA',
  license_number: 'RN12345',
  license_state: 'CA',
  license_expires_at: '2028-01-31',
  npi: '1234567893',
  linkedin_profile: null,
  experience_started_at: '2015-06-01',
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
  malpractice_provided: false,
  job_search_frequency_days: 7,
};

const facilityProfile: FacilityProfile = {
  name: 'Bayview Surgery Center',
  facility_type: 'Hospital',
  npi: '1234567893',
  description: null,
  phone: '6195550100',
  website: null,
  address_line1: '1 Main',
  address_line2: null,
  city: 'San Diego',
  state: 'CA',
  zip_code: '92101',
};

describe('an applicant changing identity', () => {
  const spec = deciderSpec(applicantDecider);
  const registered: ApplicantEvent = { type: 'ApplicantRegistered', data: { ...applicantProfile, applicant_id: 'a1', user_id: 'u1', at } };
  const verified: ApplicantEvent = { type: 'ApplicantVerified', data: { notes: 'ok', at } };
  const rejected: ApplicantEvent = { type: 'ApplicantRejected', data: { notes: 'no', at } };
  const edit = (change: Partial<ApplicantProfile>, by: 'owner' | 'admin' = 'owner') =>
    ({ type: 'UpdateApplicantProfile', data: { profile: { ...applicantProfile, ...change }, by, now } }) as const;
  const updated = (change: Partial<ApplicantProfile>): ApplicantEvent => ({
    type: 'ApplicantProfileUpdated',
    data: { ...applicantProfile, ...change, at },
  });

  it('sends a verified record back to review, naming the fields that changed', () => {
    const state = spec
      .given([registered, verified])
      .when(edit({ license_number: 'RN99999', npi: '1245319599' }))
      .then([
        updated({ license_number: 'RN99999', npi: '1245319599' }),
        {
          type: 'ApplicantVerificationReset',
          data: { fields: ['license_number', 'npi'], notes: 'Changed license number and NPI; back in review', at },
        },
      ]);
    expect(state.verification_status).toBe('pending');
  });

  it('counts each identity field: names, role and license state too', () => {
    for (const change of [
      { first_name: 'Danielle' },
      { last_name: 'Reyes-Ortiz' },
      { role_type: 'Anesthesiologist' as const },
      { license_state: 'NV' },
    ]) {
      const [, reset] = applicantDecider.decide(edit(change), fold(applicantDecider, [registered, verified]));
      expect(reset).toMatchObject({ type: 'ApplicantVerificationReset', data: { fields: Object.keys(change) } });
    }
  });

  it('compares with the latest recorded values, so saving them again changes nothing', () => {
    spec
      .given([registered, updated({ license_number: 'RN99999' }), verified])
      .when(edit({ license_number: 'RN99999' }))
      .then([updated({ license_number: 'RN99999' })]);
  });

  it('keeps verification when only other fields change', () => {
    const state = spec
      .given([registered, verified])
      .when(edit({ city: 'Reno', bio: 'Ten years of CRNA work', hourly_rate_min: 180, job_search_frequency_days: 1 }))
      .then([updated({ city: 'Reno', bio: 'Ten years of CRNA work', hourly_rate_min: 180, job_search_frequency_days: 1 })]);
    expect(state.verification_status).toBe('verified');
  });

  it('a name change alone (from account settings) resets a verified record', () => {
    spec
      .given([registered, verified])
      .when({ type: 'UpdateApplicantProfile', data: { profile: { first_name: 'Danielle', last_name: 'Reyes' }, by: 'owner', now } })
      .then([
        { type: 'ApplicantProfileUpdated', data: { first_name: 'Danielle', last_name: 'Reyes', at } },
        { type: 'ApplicantVerificationReset', data: { fields: ['first_name'], notes: 'Changed first name; back in review', at } },
      ]);
  });

  it('leaves a pending or rejected record as it is', () => {
    const pending = spec
      .given([registered])
      .when(edit({ license_number: 'RN99999' }))
      .then([updated({ license_number: 'RN99999' })]);
    expect(pending.verification_status).toBe('pending');
    const stillRejected = spec
      .given([registered, rejected])
      .when(edit({ license_number: 'RN99999' }))
      .then([updated({ license_number: 'RN99999' })]);
    expect(stillRejected.verification_status).toBe('rejected');
  });

  it("an admin's edit keeps verification: the admin is the verifier", () => {
    const state = spec
      .given([registered, verified])
      .when(edit({ license_number: 'RN99999' }, 'admin'))
      .then([updated({ license_number: 'RN99999' })]);
    expect(state.verification_status).toBe('verified');
  });

  it('once re-verified, the new values are the ones a later edit is compared with', () => {
    spec
      .given([
        registered,
        verified,
        updated({ npi: '1245319599' }),
        { type: 'ApplicantVerificationReset', data: { fields: ['npi'], notes: '', at } },
        verified,
      ])
      .when(edit({ npi: '1245319599' }))
      .then([updated({ npi: '1245319599' })]);
  });
});

describe('a facility changing identity', () => {
  const spec = deciderSpec(facilityDecider);
  const registered: FacilityEvent = {
    type: 'FacilityRegistered',
    data: { ...facilityProfile, facility_id: 'f1', admin_user_id: 'u1', at },
  };
  const verified: FacilityEvent = { type: 'FacilityVerified', data: { notes: 'ok', at } };
  const rejected: FacilityEvent = { type: 'FacilityVerificationRejected', data: { notes: 'no', at } };
  const edit = (change: Partial<FacilityProfile>, by: 'owner' | 'admin' = 'owner') =>
    ({ type: 'UpdateFacilityProfile', data: { profile: { ...facilityProfile, ...change }, by, now } }) as const;
  const updated = (change: Partial<FacilityProfile>): FacilityEvent => ({
    type: 'FacilityProfileUpdated',
    data: { ...facilityProfile, ...change, at },
  });

  it('sends a verified facility back to review when its name or NPI changes', () => {
    const state = spec
      .given([registered, verified])
      .when(edit({ name: 'Bayview Health' }))
      .then([
        updated({ name: 'Bayview Health' }),
        { type: 'FacilityVerificationReset', data: { fields: ['name'], notes: 'Changed facility name; back in review', at } },
      ]);
    expect(state.verification_status).toBe('pending');
    spec
      .given([registered, verified])
      .when(edit({ npi: null }))
      .then([
        updated({ npi: null }),
        { type: 'FacilityVerificationReset', data: { fields: ['npi'], notes: 'Changed NPI; back in review', at } },
      ]);
  });

  it('keeps verification for phone, address, description and website', () => {
    const change = { phone: '6195550199', address_line1: '2 Harbor Dr', description: 'Day surgery', website: 'https://bayview.example' };
    const state = spec
      .given([registered, verified])
      .when(edit(change))
      .then([updated(change)]);
    expect(state.verification_status).toBe('verified');
  });

  it('leaves a pending or rejected facility as it is, and an admin edit never resets', () => {
    spec
      .given([registered])
      .when(edit({ name: 'Bayview Health' }))
      .then([updated({ name: 'Bayview Health' })]);
    spec
      .given([registered, rejected])
      .when(edit({ name: 'Bayview Health' }))
      .then([updated({ name: 'Bayview Health' })]);
    spec
      .given([registered, verified])
      .when(edit({ name: 'Bayview Health' }, 'admin'))
      .then([updated({ name: 'Bayview Health' })]);
  });
});

describe('identity wording', () => {
  it('lists the fields as people read them', () => {
    expect(identityFieldList(['npi'])).toBe('NPI');
    expect(identityFieldList(['first_name', 'last_name'])).toBe('first name and last name');
    expect(identityFieldList(['name', 'license_number', 'npi'])).toBe('facility name, license number and NPI');
    expect(identityMessages.adminNotice('Dana Reyes', ['license_number'])).toBe(
      'Dana Reyes changed license number; the record is back in review',
    );
  });
});
