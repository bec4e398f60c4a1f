import { applicantActions } from '../../../server/src/domain/applicants/actions';
import { canReview, facilityActions } from '../../../server/src/domain/facilities/actions';
import type { VerificationStatus } from '../../../server/src/domain/accounts/constants';

const verifiedAdmin = { email_verified: true };
const unverifiedAdmin = { email_verified: false };

describe('facilityActions (part 2 section 4, as the facility decider decides)', () => {
  const facility = (verification_status: VerificationStatus, is_active = true, posting_credits = 0) => ({
    verification_status,
    is_active,
    posting_credits,
  });

  it.each`
    status        | active   | verify   | reject   | suspend  | activate
    ${'pending'}  | ${true}  | ${true}  | ${true}  | ${false} | ${false}
    ${'pending'}  | ${false} | ${true}  | ${true}  | ${false} | ${false}
    ${'rejected'} | ${true}  | ${true}  | ${false} | ${false} | ${false}
    ${'rejected'} | ${false} | ${true}  | ${false} | ${false} | ${true}
    ${'verified'} | ${true}  | ${false} | ${false} | ${true}  | ${false}
    ${'verified'} | ${false} | ${false} | ${false} | ${false} | ${true}
  `(
    '$status, active=$active: verify $verify, reject $reject, suspend $suspend, activate $activate',
    ({ status, active, verify, reject, suspend, activate }) => {
      expect(facilityActions(facility(status, active), verifiedAdmin)).toMatchObject({
        verify,
        reject,
        suspend,
        activate,
        reviewLocked: false,
      });
    },
  );

  it('offers removing a credit only while there is one; adding always', () => {
    expect(facilityActions(facility('verified', true, 0), verifiedAdmin)).toMatchObject({ addCredit: true, removeCredit: false });
    expect(facilityActions(facility('verified', true, -1), verifiedAdmin)).toMatchObject({ removeCredit: false });
    expect(facilityActions(facility('pending', true, 2), verifiedAdmin)).toMatchObject({ addCredit: true, removeCredit: true });
  });

  it('locks review for an admin whose own email is not verified, without hiding the buttons', () => {
    expect(facilityActions(facility('pending'), unverifiedAdmin)).toMatchObject({ verify: true, reject: true, reviewLocked: true });
    // Nothing to review: nothing locked. Suspend and credits do not depend on the admin's email.
    expect(facilityActions(facility('verified'), unverifiedAdmin)).toMatchObject({ reviewLocked: false, suspend: true, addCredit: true });
  });

  it('tells whether an admin may review at all', () => {
    expect(canReview(verifiedAdmin)).toBe(true);
    expect(canReview(unverifiedAdmin)).toBe(false);
  });
});

describe('applicantActions (part 2 section 4, as the applicant decider decides)', () => {
  const applicant = (verification_status: VerificationStatus, is_active = true) => ({ verification_status, is_active });

  it.each`
    status        | active   | verify   | reject   | deactivate | activate
    ${'pending'}  | ${true}  | ${true}  | ${true}  | ${false}   | ${false}
    ${'pending'}  | ${false} | ${true}  | ${true}  | ${false}   | ${false}
    ${'rejected'} | ${true}  | ${true}  | ${true}  | ${false}   | ${false}
    ${'rejected'} | ${false} | ${true}  | ${true}  | ${false}   | ${true}
    ${'verified'} | ${true}  | ${false} | ${false} | ${true}    | ${false}
    ${'verified'} | ${false} | ${false} | ${false} | ${false}   | ${true}
  `(
    '$status, active=$active: verify $verify, reject $reject, deactivate $deactivate, activate $activate',
    ({ status, active, verify, reject, deactivate, activate }) => {
      expect(applicantActions(applicant(status, active), verifiedAdmin)).toEqual({
        verify,
        reject,
        deactivate,
        activate,
        reviewLocked: false,
      });
    },
  );

  it('locks review for an admin whose own email is not verified', () => {
    expect(applicantActions(applicant('rejected'), unverifiedAdmin)).toMatchObject({ verify: true, reject: true, reviewLocked: true });
    expect(applicantActions(applicant('verified'), unverifiedAdmin)).toMatchObject({ reviewLocked: false, deactivate: true });
  });
});
