import { applicantDecider, ApplicantEvent } from '../../../../server/src/domain/applicants/applicant';
import { facilityDecider, FacilityEvent, EMAIL_VERIFICATION_REQUIRED_FOR_REVIEW } from '../../../../server/src/domain/facilities/facility';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../../server/src/domain/shared/errors';
import { deciderSpec } from '../shared/given-when-then';

const now = new Date('2026-11-22T10:00:00.000Z');
const at = now.toISOString();
const admin = { email_verified: true };
const unverifiedAdmin = { email_verified: false };
const profile = {
  name: 'Bayview',
  facility_type: 'Hospital',
  npi: null,
  description: null,
  phone: '6195550100',
  website: null,
  address_line1: '1 Main',
  address_line2: null,
  city: 'San Diego',
  state: 'CA',
  zip_code: '92101',
};

const f = {
  registered: { type: 'FacilityRegistered', data: { ...profile, facility_id: 'f1', admin_user_id: 'u1', at } } as FacilityEvent,
  verified: { type: 'FacilityVerified', data: { notes: 'ok', at } } as FacilityEvent,
  rejected: { type: 'FacilityVerificationRejected', data: { notes: 'no', at } } as FacilityEvent,
  suspended: { type: 'FacilitySuspended', data: { notes: 'x', at } } as FacilityEvent,
  credit: { type: 'PostingCreditAdded', data: { credits: 1, at } } as FacilityEvent,
};

describe('facility lifecycle (admin rules of part 2 section 4)', () => {
  const spec = deciderSpec(facilityDecider);

  it('verifies a pending or rejected facility, never a verified one', () => {
    spec
      .given([f.registered])
      .when({ type: 'VerifyFacility', data: { admin, notes: 'ok', now } })
      .then([f.verified]);
    spec
      .given([f.registered, f.rejected])
      .when({ type: 'VerifyFacility', data: { admin, notes: 'ok', now } })
      .then([f.verified]);
    spec
      .given([f.registered, f.verified])
      .when({ type: 'VerifyFacility', data: { admin, notes: 'ok', now } })
      .thenThrows(ConflictError);
  });

  it('rejects only a pending facility', () => {
    spec
      .given([f.registered])
      .when({ type: 'RejectFacility', data: { admin, notes: 'no', now } })
      .then([f.rejected]);
    spec
      .given([f.registered, f.rejected])
      .when({ type: 'RejectFacility', data: { admin, notes: 'no', now } })
      .thenThrows(ConflictError);
    spec
      .given([f.registered, f.verified])
      .when({ type: 'RejectFacility', data: { admin, notes: 'no', now } })
      .thenThrows(ConflictError);
  });

  it('refuses review by an admin whose own email is unverified', () => {
    spec
      .given([f.registered])
      .when({ type: 'VerifyFacility', data: { admin: unverifiedAdmin, notes: '', now } })
      .thenThrows(ForbiddenError, EMAIL_VERIFICATION_REQUIRED_FOR_REVIEW);
    spec
      .given([f.registered])
      .when({ type: 'RejectFacility', data: { admin: unverifiedAdmin, notes: 'x', now } })
      .thenThrows(ForbiddenError);
  });

  it('suspends only a verified active facility and activates only an inactive, non-pending one', () => {
    spec
      .given([f.registered])
      .when({ type: 'SuspendFacility', data: { notes: 'x', now } })
      .thenThrows(ConflictError);
    spec
      .given([f.registered, f.verified])
      .when({ type: 'SuspendFacility', data: { notes: 'x', now } })
      .then([f.suspended]);
    spec
      .given([f.registered, f.verified, f.suspended])
      .when({ type: 'SuspendFacility', data: { notes: 'x', now } })
      .thenThrows(ConflictError);
    spec
      .given([f.registered, f.verified, f.suspended])
      .when({ type: 'ActivateFacility', data: { notes: 'y', now } })
      .then([{ type: 'FacilityActivated', data: { notes: 'y', at } }]);
    spec
      .given([f.registered, f.verified])
      .when({ type: 'ActivateFacility', data: { notes: 'y', now } })
      .thenThrows(ConflictError);
  });

  it('adds credits and refuses to remove or consume one at zero', () => {
    spec.given([f.registered]).when({ type: 'AddPostingCredit', data: { now } }).then([f.credit]);
    spec.given([f.registered]).when({ type: 'RemovePostingCredit', data: { now } }).thenThrows(ConflictError);
    spec
      .given([f.registered, f.credit])
      .when({ type: 'RemovePostingCredit', data: { now } })
      .then([{ type: 'PostingCreditRemoved', data: { credits: 1, at } }]);
    spec
      .given([f.registered])
      .when({ type: 'ConsumePostingCredit', data: { posting_id: 'p1', posting_title: 'Spine CRNA', now } })
      .thenThrows(ConflictError);
    spec
      .given([f.registered, f.credit])
      .when({ type: 'ConsumePostingCredit', data: { posting_id: 'p1', posting_title: 'Spine CRNA', now } })
      .then([{ type: 'PostingCreditConsumed', data: { posting_id: 'p1', posting_title: 'Spine CRNA', credits: 1, at } }]);
  });

  it("records an admin's free-form note and changes nothing else", () => {
    const state = spec
      .given([f.registered, f.credit])
      .when({ type: 'AddFacilityNote', data: { notes: 'Called them about the NPI', now } })
      .then([{ type: 'FacilityNoteAdded', data: { notes: 'Called them about the NPI', at } }]);
    expect(state.posting_credits).toBe(1);
    expect(state.verification_status).toBe('pending');
  });

  it('knows no commands for a facility that does not exist, and registers once', () => {
    spec.given([]).when({ type: 'AddPostingCredit', data: { now } }).thenThrows(NotFoundError, 'Facility not found');
    spec
      .given([f.registered])
      .when({ type: 'RegisterFacility', data: { facility_id: 'f1', admin_user_id: 'u1', profile, now } })
      .thenThrows(ConflictError);
  });
});

describe('applicant lifecycle', () => {
  const spec = deciderSpec(applicantDecider);
  const registered = { type: 'ApplicantRegistered', data: { applicant_id: 'a1', user_id: 'u2', at } } as unknown as ApplicantEvent;
  const verified = { type: 'ApplicantVerified', data: { notes: 'ok', at } } as ApplicantEvent;
  const rejected = { type: 'ApplicantRejected', data: { notes: 'no', at } } as ApplicantEvent;
  const deactivated = { type: 'ApplicantDeactivated', data: { notes: 'x', at } } as ApplicantEvent;

  it('verifies or rejects while pending or rejected', () => {
    spec
      .given([registered])
      .when({ type: 'VerifyApplicant', data: { admin, notes: 'ok', now } })
      .then([verified]);
    spec
      .given([registered])
      .when({ type: 'RejectApplicant', data: { admin, notes: 'no', now } })
      .then([rejected]);
    spec
      .given([registered, rejected])
      .when({ type: 'RejectApplicant', data: { admin, notes: 'no', now } })
      .then([rejected]);
    spec
      .given([registered, verified])
      .when({ type: 'RejectApplicant', data: { admin, notes: 'no', now } })
      .thenThrows(ConflictError);
    spec
      .given([registered])
      .when({ type: 'VerifyApplicant', data: { admin: unverifiedAdmin, notes: '', now } })
      .thenThrows(ForbiddenError);
  });

  it('deactivates a verified active applicant and activates an inactive, non-pending one', () => {
    spec
      .given([registered])
      .when({ type: 'DeactivateApplicant', data: { notes: 'x', now } })
      .thenThrows(ConflictError);
    spec
      .given([registered, verified])
      .when({ type: 'DeactivateApplicant', data: { notes: 'x', now } })
      .then([deactivated]);
    spec
      .given([registered, verified, deactivated])
      .when({ type: 'ActivateApplicant', data: { notes: 'y', now } })
      .then([{ type: 'ApplicantActivated', data: { notes: 'y', at } }]);
    spec
      .given([registered, verified])
      .when({ type: 'ActivateApplicant', data: { notes: 'y', now } })
      .thenThrows(ConflictError);
  });
});
