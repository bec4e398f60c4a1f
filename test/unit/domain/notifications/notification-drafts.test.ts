import type { ApplicantEvent } from '../../../../server/src/domain/applicants/applicant';
import type { BidEvent } from '../../../../server/src/domain/bids';
import {
  applicantNotifications,
  bidNotifications,
  facilityNotifications,
  paymentFailedNotifications,
  type BidParties,
} from '../../../../server/src/domain/notifications';

const AT = '2026-03-02T10:00:00.000Z';
const APPLICANT = 'applicant-user';
const ADMIN = 'facility-admin';
const MANAGER = 'bid-manager';
const POSTING = 'posting-1';

const bid: BidParties = {
  posting_id: POSTING,
  posting_title: 'CRNA for day surgery',
  applicant_user_id: APPLICANT,
  applicant_name: 'Avery Stone',
  bid_managers: [ADMIN, MANAGER],
};
const byApplicant = { user_id: APPLICANT, at: AT };
const byAdmin = { user_id: ADMIN, at: AT };
const link = `/jobs/${POSTING}`;

/** Who hears of an event and what kind: the event -> recipients half of the read model. */
const recipients = (event: BidEvent) => bidNotifications(event, bid).map((n) => [n.user_id, n.kind]);

describe('bid notifications', () => {
  it("tell the facility's bid managers of a new bid and an applicant's counter", () => {
    const submitted: BidEvent = {
      type: 'BidSubmitted',
      data: {
        ...byApplicant,
        bid_id: 'bid-1',
        job_posting_id: POSTING,
        applicant_id: 'applicant-1',
        applicant_user_id: APPLICANT,
        facility_id: 'facility-1',
        proposed_rate: 190,
        submitted_at: AT,
      },
    };
    expect(bidNotifications(submitted, bid)).toEqual([
      { user_id: ADMIN, kind: 'bid_submitted', title: 'New bid on CRNA for day surgery', body: 'Avery Stone bid $190/hr.', link },
      { user_id: MANAGER, kind: 'bid_submitted', title: 'New bid on CRNA for day surgery', body: 'Avery Stone bid $190/hr.', link },
    ]);
    expect(recipients({ type: 'ApplicantCountered', data: { ...byApplicant, counter_rate: 185 } })).toEqual([
      [ADMIN, 'applicant_countered'],
      [MANAGER, 'applicant_countered'],
    ]);
  });

  it("tell the applicant of the facility's counter, rejection and undo, never the member who acted", () => {
    expect(bidNotifications({ type: 'FacilityCountered', data: { ...byAdmin, counter_rate: 180 } }, bid)).toEqual([
      {
        user_id: APPLICANT,
        kind: 'facility_countered',
        title: 'Counter offer on CRNA for day surgery',
        body: 'The facility countered at $180/hr. Accept, decline or counter on the job page.',
        link,
      },
    ]);
    expect(recipients({ type: 'FacilityRejected', data: byAdmin })).toEqual([[APPLICANT, 'bid_rejected']]);
    expect(recipients({ type: 'RejectionUndone', data: byAdmin })).toEqual([[APPLICANT, 'rejection_undone']]);
  });

  it('tell both sides of a connection, except whoever made it', () => {
    expect(recipients({ type: 'FacilityAccepted', data: { ...byAdmin, rate: 185 } })).toEqual([
      [APPLICANT, 'connection'],
      [MANAGER, 'connection'],
    ]);
    const accepted = bidNotifications({ type: 'CounterAccepted', data: { ...byApplicant, rate: 180 } }, bid);
    expect(accepted.map((n) => n.user_id)).toEqual([ADMIN, MANAGER]);
    expect(accepted[0]).toMatchObject({ title: 'Connected with Avery Stone', body: expect.stringContaining('$180/hr') });
  });

  it('say nothing of a withdrawal or a declined counter', () => {
    expect(recipients({ type: 'BidWithdrawn', data: byApplicant })).toEqual([]);
    expect(recipients({ type: 'CounterRejected', data: byApplicant })).toEqual([]);
  });
});

describe('account notifications', () => {
  it('tell an applicant of their verification decisions and suspensions, linking their profile', () => {
    const of = (event: ApplicantEvent) => applicantNotifications(event, APPLICANT).map((n) => [n.user_id, n.kind, n.title, n.link]);
    expect(of({ type: 'ApplicantVerified', data: { notes: '', at: AT } })).toEqual([
      [APPLICANT, 'verification', 'Your profile is verified', '/applicant-profile'],
    ]);
    expect(of({ type: 'ApplicantRejected', data: { notes: '', at: AT } })[0][1]).toBe('verification');
    expect(of({ type: 'ApplicantDeactivated', data: { notes: '', at: AT } })[0][1]).toBe('account_status');
    expect(of({ type: 'ApplicantProfileUpdated', data: { at: AT } })).toEqual([]);
  });

  it("tell a facility's admins of its verification, suspension and new members (not the member who joined)", () => {
    const admins = [ADMIN, 'second-admin'];
    expect(facilityNotifications({ type: 'FacilityVerified', data: { notes: '', at: AT } }, admins).map((n) => n.user_id)).toEqual(admins);
    expect(facilityNotifications({ type: 'FacilitySuspended', data: { notes: '', at: AT } }, admins)[0].kind).toBe('account_status');
    const joined = facilityNotifications(
      {
        type: 'FacilityInvitationAccepted',
        data: {
          user_id: 'second-admin',
          at: AT,
          invitation_id: 'invitation-1',
          email: 'casey@example.test',
          invited_by: ADMIN,
          role: 'admin',
          permissions: {
            can_create_jobs: true,
            can_edit_jobs: true,
            can_publish_jobs: true,
            can_manage_bids: true,
            can_manage_users: true,
            can_manage_billing: true,
          },
        },
      },
      admins,
    );
    expect(joined).toEqual([
      {
        user_id: ADMIN,
        kind: 'member_joined',
        title: 'casey@example.test joined your team',
        body: 'They accepted your invitation.',
        link: '/facility-users',
      },
    ]);
  });

  it("tell a facility's admins of a failed payment, in dollars", () => {
    const failed = paymentFailedNotifications(
      {
        type: 'PaymentFailed',
        data: { posting_id: POSTING, facility_id: 'facility-1', amount_cents: 19900, source_ref: 'renewal-1', reason: 'declined', at: AT },
      },
      'CRNA for day surgery',
      [ADMIN],
    );
    expect(failed).toEqual([
      {
        user_id: ADMIN,
        kind: 'payment_failed',
        title: 'Payment failed: CRNA for day surgery',
        body: 'The monthly charge of $199 did not go through. The posting stays live until the end of the unpaid month.',
        link: '/payment-history',
      },
    ]);
  });
});
