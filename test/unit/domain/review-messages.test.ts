import { adminReason, reviewMessages } from '../../../server/src/domain/shared/review-messages';

describe("the admin's reason as an owner reads it", () => {
  test.each([
    ['Rejected by Dana Admin (Blurry license)', 'Dana Admin', 'Blurry license'],
    ['Rejected by Dana (Ops) Admin (NPI (type 2) missing)', 'Dana (Ops) Admin', 'NPI (type 2) missing'],
    ['Suspended by admin (Expired insurance)', 'admin', 'Expired insurance'],
    // A note the client wrote in full with another spelling of the name.
    ['Rejected by D. Admin (Wrong state)', 'Dana Admin', 'Wrong state'],
  ])('%s gives the text in brackets', (notes, name, reason) => {
    expect(adminReason(notes, name)).toBe(reason);
  });

  test('a note without text in brackets has no reason', () => {
    expect(adminReason('Verified by Dana Admin', 'Dana Admin')).toBeNull();
    expect(adminReason('Suspended by Dana Admin ()', 'Dana Admin')).toBeNull();
  });

  test('a note that is not an admin action is the reason itself', () => {
    expect(adminReason('Blurry license', null)).toBe('Blurry license');
  });

  test('the admins hear of a new record by kind and name', () => {
    expect(reviewMessages.awaitingReview('facility', 'Harbor Pain Clinic')).toBe('New facility awaiting review: Harbor Pain Clinic');
    expect(reviewMessages.awaitingReview('applicant', 'Sam Rivera')).toBe('New applicant awaiting review: Sam Rivera');
  });
});
