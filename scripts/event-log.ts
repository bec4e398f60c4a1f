/**
 * A realistic event log for rebuild benchmarks and tests, written straight into the events
 * table: facilities registering, verified and buying credits, their teams inviting colleagues,
 * applicants registering and editing profiles, postings created, edited, published (with a
 * credit or a payment), withdrawn, reactivated, filled, reopened and expired, bids negotiated
 * through every move of the bid state machine, and people marking their inboxes read. Streams
 * interleave as they would in production; a seeded generator makes the same log every run.
 */
import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import type { FacilityPermissionFlags } from '../server/src/domain/accounts/facility-permissions';
import type { ApplicantEvent } from '../server/src/domain/applicants/applicant';
import type { SubscriptionEvent } from '../server/src/domain/billing/billing-events';
import type { BidEvent } from '../server/src/domain/bids';
import type { FacilityEvent } from '../server/src/domain/facilities/facility';
import type { FacilityMemberEvent } from '../server/src/domain/facility-members';
import type { InboxEvent } from '../server/src/domain/notifications';
import type { PostingEvent, PostingFields } from '../server/src/domain/postings';

type AnyDomainEvent = FacilityEvent | FacilityMemberEvent | ApplicantEvent | PostingEvent | BidEvent | SubscriptionEvent | InboxEvent;

export interface LogEvent {
  stream: string;
  version: number;
  event: AnyDomainEvent;
  actor: { user_id: string | null; side: 'applicant' | 'facility' | 'admin' | 'system'; name: string };
}

interface Facility {
  id: string;
  admin: string;
  version: number;
  verified: boolean;
  active: boolean;
  credits: number;
  members: string[];
  invitations: { id: string; email: string; status: 'pending' | 'accepted' | 'revoked' }[];
}
interface Applicant {
  id: string;
  user: string;
  version: number;
  verified: boolean;
  active: boolean;
}
interface Posting {
  id: string;
  facility: Facility;
  version: number;
  status: 'draft' | 'payment' | 'active' | 'filled' | 'withdrawn' | 'expired';
  hourly_rate: number;
  openings: number;
  connections: number;
}
interface Bid {
  id: string;
  posting: Posting;
  applicant: Applicant;
  version: number;
  state: string;
  rate: number;
}

const PLACES: [string, string][] = [
  ['Los Angeles', 'CA'],
  ['San Diego', 'CA'],
  ['Houston', 'TX'],
  ['Austin', 'TX'],
  ['Miami', 'FL'],
  ['Tampa', 'FL'],
  ['New York', 'NY'],
  ['Chicago', 'IL'],
  ['Phoenix', 'AZ'],
  ['Philadelphia', 'PA'],
  ['Columbus', 'OH'],
  ['Atlanta', 'GA'],
  ['Seattle', 'WA'],
  ['Denver', 'CO'],
  ['Boston', 'MA'],
];
const TITLES = [
  'CRNA for ambulatory surgery',
  'Locum anesthesiologist',
  'CRNA, GI endoscopy',
  'Cardiac anesthesia coverage',
  'OB anesthesia nights',
];
const FACILITY_TYPES = ['Hospital', 'Ambulatory Surgery Center', 'Clinic', 'Office-based surgery'];
const ALL: FacilityPermissionFlags = {
  can_create_jobs: true,
  can_edit_jobs: true,
  can_publish_jobs: true,
  can_manage_bids: true,
  can_manage_users: true,
  can_manage_billing: true,
};
const ADMIN = { user_id: null, side: 'admin' as const, name: 'Platform Admin' };
const DAY = 86_400_000;

/** mulberry32: small, fast and seeded. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Generates `total` events from `start` on, in the order they would have been appended. */
export function generateLog(total: number, seed = 42, start = Date.parse('2026-01-05T08:00:00.000Z')): LogEvent[] {
  return new LogGenerator(seed, start).run(total);
}

class LogGenerator {
  private readonly next: () => number;
  private readonly log: LogEvent[] = [];
  private readonly facilities: Facility[] = [];
  private readonly applicants: Applicant[] = [];
  private readonly postings: Posting[] = [];
  private readonly bids: Bid[] = [];
  private readonly openBids: Bid[] = [];
  /** The simulated clock: a little later for every event. */
  private now: number;

  constructor(seed: number, start: number) {
    this.next = random(seed);
    this.now = start;
  }

  run(total: number): LogEvent[] {
    while (this.log.length < total) this.step();
    // Exactly `total`: a step may append several events, and any prefix of a log is a log.
    return this.log.slice(0, total);
  }

  private chance = (p: number) => this.next() < p;
  private int = (min: number, max: number) => min + Math.floor(this.next() * (max - min + 1));
  private pick = <T>(items: readonly T[]): T => items[Math.floor(this.next() * items.length)];
  private at(): string {
    this.now += this.int(1, 90_000);
    return new Date(this.now).toISOString();
  }
  private day = (offsetDays: number) => new Date(this.now + offsetDays * DAY).toISOString().slice(0, 10);

  /** The next version of each posting's subscription stream (a posting may be paid for again). */
  private readonly subscriptionVersions = new Map<string, number>();

  private emit(stream: string, version: number, event: AnyDomainEvent, actor: LogEvent['actor']): number {
    this.log.push({ stream, version, event, actor });
    return version + 1;
  }

  /** One thing happening on the platform, chosen roughly as often as it happens in production. */
  private step(): void {
    const roll = this.next();
    const liveFacilities = this.facilities.filter((f) => f.verified && f.active);
    if (this.facilities.length < 5 || roll < 0.012) return this.registerFacility();
    if (this.applicants.length < 20 || roll < 0.05) return this.registerApplicant();
    if (roll < 0.15 && liveFacilities.length > 0) return this.createPosting(this.pick(liveFacilities));
    if (roll < 0.18 && this.postings.length > 0) return this.changePosting(this.pick(this.postings));
    if (roll < 0.2) return this.changeFacility(this.pick(this.facilities));
    if (roll < 0.22) return this.changeApplicant(this.pick(this.applicants));
    if (roll < 0.23) return this.readInbox();
    if (roll < 0.6 && this.openBids.length > 0) return this.moveBid(this.pick(this.openBids));
    this.submitBid();
  }

  /** The next version of each person's inbox stream. */
  private readonly inboxVersions = new Map<string, number>();

  /** Someone opens their inbox and marks everything read. */
  private readInbox(): void {
    const applicant = this.chance(0.5) && this.applicants.length > 0;
    const user = applicant ? this.pick(this.applicants).user : this.pick(this.facilities).admin;
    const stream = `inbox-${user}`;
    const version = this.inboxVersions.get(stream) ?? 0;
    const actor = { user_id: user, side: applicant ? ('applicant' as const) : ('facility' as const), name: 'Reader' };
    this.inboxVersions.set(
      stream,
      this.emit(stream, version, { type: 'AllNotificationsRead', data: { user_id: user, at: this.at() } }, actor),
    );
  }

  private registerFacility(): void {
    const [city, state] = this.pick(PLACES);
    const f: Facility = {
      id: randomUUID(),
      admin: randomUUID(),
      version: 0,
      verified: false,
      active: true,
      credits: 0,
      members: [],
      invitations: [],
    };
    const stream = `facility-${f.id}`;
    const self = { user_id: f.admin, side: 'facility' as const, name: 'Facility Admin' };
    const profile = {
      name: `${city} ${this.pick(FACILITY_TYPES)} ${this.facilities.length + 1}`,
      facility_type: this.pick(FACILITY_TYPES),
      npi: String(1_000_000_000 + this.int(0, 899_999_999)),
      description: this.chance(0.5) ? 'Busy surgical practice with modern ORs.' : null,
      phone: `555-${this.int(100, 999)}-${this.int(1000, 9999)}`,
      website: null,
      address_line1: `${this.int(1, 9999)} Main St`,
      address_line2: null,
      city,
      state,
      zip_code: String(this.int(10000, 99999)),
    };
    f.version = this.emit(
      stream,
      f.version,
      { type: 'FacilityRegistered', data: { ...profile, facility_id: f.id, admin_user_id: f.admin, at: this.at() } },
      self,
    );
    f.members.push(f.admin);
    this.facilities.push(f);
    if (this.chance(0.1)) {
      f.version = this.emit(
        stream,
        f.version,
        { type: 'FacilityVerificationRejected', data: { notes: 'NPI not found', at: this.at() } },
        ADMIN,
      );
      return;
    }
    f.verified = true;
    f.version = this.emit(
      stream,
      f.version,
      { type: 'FacilityVerified', data: { notes: 'Checked the NPI and license', at: this.at() } },
      ADMIN,
    );
    for (let i = this.int(2, 6); i > 0; i--) this.addCredit(f);
  }

  private addCredit(f: Facility): void {
    f.credits += 1;
    f.version = this.emit(`facility-${f.id}`, f.version, { type: 'PostingCreditAdded', data: { credits: 1, at: this.at() } }, ADMIN);
  }

  private registerApplicant(): void {
    const a: Applicant = { id: randomUUID(), user: randomUUID(), version: 0, verified: false, active: true };
    const stream = `applicant-${a.id}`;
    const self = { user_id: a.user, side: 'applicant' as const, name: 'Applicant' };
    const [city, state] = this.pick(PLACES);
    const profile = {
      first_name: this.pick(['Alex', 'Sam', 'Jordan', 'Taylor', 'Riley', 'Casey']),
      last_name: this.pick(['Nguyen', 'Garcia', 'Smith', 'Patel', 'Kim', 'Brown']),
      role_type: this.chance(0.8) ? ('CRNA' as const) : ('Anesthesiologist' as const),
      license_number: `RN${this.int(100000, 999999)}`,
      license_state: state,
      license_expires_at: this.day(this.int(100, 900)),
      npi: String(1_000_000_000 + this.int(0, 899_999_999)),
      linkedin_profile: null,
      experience_started_at: this.day(-this.int(400, 8000)),
      bio: this.chance(0.5) ? 'Experienced in regional and general anesthesia.' : null,
      hourly_rate_min: 150,
      hourly_rate_max: 250,
      preferred_radius_miles: this.pick([25, 50, 100]),
      address_line1: null,
      address_line2: null,
      city,
      state,
      zip_code: String(this.int(10000, 99999)),
      certifications: this.chance(0.5) ? ['ACLS', 'PALS'] : [],
      malpractice_provided: this.chance(0.3),
      job_search_frequency_days: this.pick([1, 7] as const),
    };
    a.version = this.emit(
      stream,
      a.version,
      { type: 'ApplicantRegistered', data: { ...profile, applicant_id: a.id, user_id: a.user, at: this.at() } },
      self,
    );
    this.applicants.push(a);
    if (this.chance(0.1)) {
      a.version = this.emit(
        stream,
        a.version,
        { type: 'ApplicantRejected', data: { notes: 'License could not be confirmed', at: this.at() } },
        ADMIN,
      );
      return;
    }
    a.verified = true;
    a.version = this.emit(stream, a.version, { type: 'ApplicantVerified', data: { notes: 'License verified', at: this.at() } }, ADMIN);
  }

  private fields(): PostingFields {
    const start = this.int(7, 60);
    const lodging = this.chance(0.4) ? this.int(500, 3000) : null;
    const weekDays = this.chance(0.6) ? [2, 3, 4, 5, 6] : [];
    return {
      title: this.pick(TITLES),
      role_type: this.chance(0.8) ? 'CRNA' : 'Anesthesiologist',
      start_date: this.day(start),
      end_date: this.day(start + this.int(3, 90)),
      week_days: weekDays,
      hourly_rate: this.int(120, 320),
      hours_per_day: this.pick([8, 10, 12, 7.5]),
      days_per_week: weekDays.length || this.int(2, 5),
      required_license_state: this.pick(PLACES)[1],
      procedure_type_ids: [this.int(1, 13), this.int(14, 26)],
      on_call_ratio: this.chance(0.3) ? this.int(2, 7) : null,
      supervision_type: this.chance(0.5) ? 'medically_directed' : null,
      malpractice_amount: this.chance(0.5) ? 12.5 : null,
      lodging_amount: lodging,
      lodging_frequency: lodging ? 'monthly' : null,
      travel_allowance_amount: this.chance(0.3) ? 500 : null,
      openings: this.chance(0.8) ? 1 : this.int(2, 4),
    };
  }

  private createPosting(f: Facility): void {
    const fields = this.fields();
    const p: Posting = {
      id: randomUUID(),
      facility: f,
      version: 0,
      status: 'draft',
      hourly_rate: fields.hourly_rate,
      openings: fields.openings,
      connections: 0,
    };
    const actor = { user_id: this.pick(f.members), side: 'facility' as const, name: 'Facility Admin' };
    const at = this.at();
    const data = {
      ...fields,
      posting_id: p.id,
      facility_id: f.id,
      created_by: actor.user_id!,
      auto_expire_date: new Date(this.now + 30 * DAY).toISOString(),
      at,
    };
    p.version = this.emit(`posting-${p.id}`, p.version, { type: 'PostingCreated', data }, actor);
    this.postings.push(p);
    if (this.chance(0.1)) return;
    this.publish(p, actor);
  }

  private publish(p: Posting, actor: LogEvent['actor']): void {
    const stream = `posting-${p.id}`;
    const period = { published_at: new Date(this.now).toISOString(), auto_expire_date: new Date(this.now + 30 * DAY).toISOString() };
    if (p.facility.credits === 0 && this.chance(0.5)) this.addCredit(p.facility);
    if (p.facility.credits === 0) {
      p.version = this.emit(
        stream,
        p.version,
        { type: 'PostingPaymentRequired', data: { user_id: actor.user_id!, requested_auto_expire_date: null, at: this.at() } },
        actor,
      );
      p.status = 'payment';
      if (this.chance(0.3)) return;
      p.version = this.emit(
        stream,
        p.version,
        { type: 'PostingActivated', data: { user_id: null, ...period, at: this.at() } },
        { ...ADMIN, side: 'system' },
      );
      this.paid(p, period.published_at);
    } else {
      p.facility.credits -= 1;
      const credit = { posting_id: p.id, credits: 1, at: this.at() };
      p.facility.version = this.emit(
        `facility-${p.facility.id}`,
        p.facility.version,
        { type: 'PostingCreditConsumed', data: credit },
        actor,
      );
      p.version = this.emit(
        stream,
        p.version,
        { type: 'PostingPublished', data: { user_id: actor.user_id!, ...period, paid_with: 'credit', at: this.at() } },
        actor,
      );
    }
    p.status = 'active';
  }

  /** A checkout that paid: the posting's subscription starts with its initial payment, and may end. */
  private paid(p: Posting, start: string): void {
    const stream = `subscription-${p.id}`;
    const next = (version: number) => (this.subscriptionVersions.set(p.id, version), version);
    const system = { ...ADMIN, side: 'system' as const };
    const base = { posting_id: p.id, facility_id: p.facility.id };
    const end = new Date(Date.parse(start) + 30 * DAY).toISOString();
    const session = `cs_sandbox_${p.id.slice(0, 8)}`;
    let version = this.emit(
      stream,
      this.subscriptionVersions.get(p.id) ?? 0,
      {
        type: 'SubscriptionStarted',
        data: {
          ...base,
          provider: 'sandbox',
          provider_ref: session,
          checkout_session_id: session,
          monthly_rate_cents: 19900,
          period_start: start,
          period_end: end,
          at: this.at(),
        },
      },
      system,
    );
    const payment = { ...base, amount_cents: 19900, status: 'paid' as const, paid_at: this.at(), period_start: start, period_end: end };
    version = this.emit(
      stream,
      version,
      {
        type: 'PaymentRecorded',
        data: { ...payment, payment_id: randomUUID(), billing_type: 'initial', source_ref: session, at: this.at() },
      },
      system,
    );
    if (!this.chance(0.3)) return void next(version);
    next(this.emit(stream, version, { type: 'SubscriptionCanceled', data: { ...base, reason: 'withdrawn', at: this.at() } }, system));
  }

  private changePosting(p: Posting): void {
    const stream = `posting-${p.id}`;
    const actor = { user_id: p.facility.admin, side: 'facility' as const, name: 'Facility Admin' };
    const roll = this.next();
    if (roll < 0.4 && p.status !== 'withdrawn') {
      const fields = this.fields();
      const changes = this.chance(0.5)
        ? { hourly_rate: fields.hourly_rate, title: fields.title }
        : { start_date: fields.start_date, end_date: fields.end_date, week_days: fields.week_days, days_per_week: fields.days_per_week };
      p.version = this.emit(stream, p.version, { type: 'PostingEdited', data: { user_id: actor.user_id, changes, at: this.at() } }, actor);
    } else if (roll < 0.6 && p.status === 'active') {
      p.status = 'withdrawn';
      p.version = this.emit(stream, p.version, { type: 'PostingWithdrawn', data: { user_id: actor.user_id, at: this.at() } }, actor);
    } else if (roll < 0.7 && p.status === 'withdrawn') {
      p.status = 'active';
      p.version = this.emit(stream, p.version, { type: 'PostingReactivated', data: { user_id: actor.user_id, at: this.at() } }, actor);
    } else if (roll < 0.75 && p.status === 'filled') {
      p.status = 'active';
      p.version = this.emit(stream, p.version, { type: 'PostingReopened', data: { user_id: actor.user_id, at: this.at() } }, actor);
    } else if (roll < 0.85 && p.status === 'active') {
      p.status = 'expired';
      const data = { auto_expire_date: new Date(this.now).toISOString(), at: this.at() };
      p.version = this.emit(stream, p.version, { type: 'PostingExpired', data }, { ...ADMIN, side: 'system', name: 'Tenens' });
    } else if (p.status === 'draft' || p.status === 'expired') {
      this.publish(p, actor);
    }
  }

  private changeFacility(f: Facility): void {
    const stream = `facility-${f.id}`;
    const roll = this.next();
    const self = { user_id: f.admin, side: 'facility' as const, name: 'Facility Admin' };
    if (roll < 0.3) {
      const [city, state] = this.pick(PLACES);
      const data = this.chance(0.5)
        ? { phone: `555-${this.int(100, 999)}-${this.int(1000, 9999)}`, at: this.at() }
        : { city, state, at: this.at() };
      f.version = this.emit(stream, f.version, { type: 'FacilityProfileUpdated', data }, self);
    } else if (roll < 0.4 && f.verified) {
      f.active = !f.active;
      const type = f.active ? 'FacilityActivated' : 'FacilitySuspended';
      f.version = this.emit(
        stream,
        f.version,
        { type, data: { notes: f.active ? 'Back in good standing' : 'Billing dispute', at: this.at() } },
        ADMIN,
      );
    } else if (roll < 0.5 && f.credits > 0) {
      f.credits -= 1;
      f.version = this.emit(stream, f.version, { type: 'PostingCreditRemoved', data: { credits: 1, at: this.at() } }, ADMIN);
    } else if (roll < 0.55) {
      const data = { notes: 'Called the office manager about their NPI', at: this.at() };
      f.version = this.emit(stream, f.version, { type: 'FacilityNoteAdded', data }, ADMIN);
    } else {
      this.changeTeam(f, self);
    }
  }

  private changeTeam(f: Facility, self: LogEvent['actor']): void {
    const stream = `facility-${f.id}`;
    const at = this.at();
    const pending = f.invitations.filter((invitation) => invitation.status === 'pending');
    const flags = { ...ALL, can_manage_users: false, can_manage_billing: this.chance(0.3) };
    const expires_at = new Date(this.now + 7 * DAY).toISOString();
    const roll = this.next();
    if (pending.length === 0 || roll < 0.3) {
      const invitation = { id: randomUUID(), email: `colleague-${randomUUID().slice(0, 8)}@example.test`, status: 'pending' as const };
      f.invitations.push(invitation);
      const data = {
        user_id: f.admin,
        role: 'user' as const,
        permissions: flags,
        invitation_id: invitation.id,
        email: invitation.email,
        expires_at,
        at,
      };
      f.version = this.emit(stream, f.version, { type: 'FacilityMemberInvited', data }, self);
      return;
    }
    const invitation = this.pick(pending);
    if (roll < 0.4) {
      const data = { user_id: f.admin, role: 'user' as const, permissions: flags, invitation_id: invitation.id, expires_at, at };
      f.version = this.emit(stream, f.version, { type: 'FacilityInvitationResent', data }, self);
    } else if (roll < 0.5) {
      invitation.status = 'revoked';
      f.version = this.emit(
        stream,
        f.version,
        { type: 'FacilityInvitationRevoked', data: { user_id: f.admin, invitation_id: invitation.id, at } },
        self,
      );
    } else if (roll < 0.8) {
      invitation.status = 'accepted';
      const member = randomUUID();
      f.members.push(member);
      const data = {
        user_id: member,
        role: 'user' as const,
        permissions: flags,
        invitation_id: invitation.id,
        email: invitation.email,
        invited_by: f.admin,
        at,
      };
      f.version = this.emit(
        stream,
        f.version,
        { type: 'FacilityInvitationAccepted', data },
        { user_id: member, side: 'facility', name: 'Colleague' },
      );
    } else if (f.members.length > 1) {
      const member = this.pick(f.members.slice(1));
      if (this.chance(0.5)) {
        const data = { user_id: f.admin, role: 'user' as const, permissions: { ...flags, can_manage_bids: false }, member_id: member, at };
        f.version = this.emit(stream, f.version, { type: 'FacilityMemberPermissionsChanged', data }, self);
      } else {
        f.members = f.members.filter((id) => id !== member);
        f.version = this.emit(
          stream,
          f.version,
          { type: 'FacilityMemberRemoved', data: { user_id: f.admin, member_id: member, at } },
          self,
        );
      }
    }
  }

  private changeApplicant(a: Applicant): void {
    const stream = `applicant-${a.id}`;
    if (this.chance(0.7) || !a.verified) {
      const data = this.chance(0.5)
        ? { bio: 'Now also covering pediatric cases.', at: this.at() }
        : { hourly_rate_min: this.int(100, 200), malpractice_provided: this.chance(0.5), at: this.at() };
      a.version = this.emit(
        stream,
        a.version,
        { type: 'ApplicantProfileUpdated', data },
        { user_id: a.user, side: 'applicant', name: 'Applicant' },
      );
      return;
    }
    a.active = !a.active;
    const type = a.active ? 'ApplicantActivated' : 'ApplicantDeactivated';
    a.version = this.emit(stream, a.version, { type, data: { notes: a.active ? 'Reinstated' : 'License lapsed', at: this.at() } }, ADMIN);
  }

  private submitBid(): void {
    const posting = this.pick(this.postings.length > 0 ? this.postings : [null]);
    const applicant = this.pick(this.applicants);
    if (!posting || posting.status !== 'active' || !posting.facility.active || !applicant.verified || !applicant.active) return;
    const bid: Bid = {
      id: randomUUID(),
      posting,
      applicant,
      version: 0,
      state: 'applicant_submitted',
      rate: posting.hourly_rate + this.int(-20, 40),
    };
    const at = this.at();
    const data = {
      bid_id: bid.id,
      job_posting_id: posting.id,
      applicant_id: applicant.id,
      applicant_user_id: applicant.user,
      facility_id: posting.facility.id,
      proposed_rate: bid.rate,
      submitted_at: at,
      user_id: applicant.user,
      at,
    };
    bid.version = this.emit(
      `bid-${bid.id}`,
      bid.version,
      { type: 'BidSubmitted', data },
      { user_id: applicant.user, side: 'applicant', name: 'Applicant' },
    );
    this.bids.push(bid);
    this.openBids.push(bid);
  }

  /** The next move of an open bid, by whichever side's turn it is. */
  private moveBid(bid: Bid): void {
    const facility = { user_id: bid.posting.facility.admin, side: 'facility' as const, name: 'Facility Admin' };
    const applicant = { user_id: bid.applicant.user, side: 'applicant' as const, name: 'Applicant' };
    const roll = this.next();
    const acted = (user: string) => ({ user_id: user, at: this.at() });
    let event: BidEvent;
    let actor: LogEvent['actor'] = facility;
    if (bid.state === 'facility_rejected') {
      event = { type: 'RejectionUndone', data: acted(facility.user_id) };
    } else if (bid.state === 'facility_countered') {
      actor = applicant;
      if (roll < 0.4) event = { type: 'CounterAccepted', data: { ...acted(applicant.user_id), rate: bid.rate } };
      else if (roll < 0.6) event = { type: 'CounterRejected', data: acted(applicant.user_id) };
      else if (roll < 0.9) event = { type: 'ApplicantCountered', data: { ...acted(applicant.user_id), counter_rate: (bid.rate += 5) } };
      else event = { type: 'BidWithdrawn', data: acted(applicant.user_id) };
    } else if (roll < 0.3) {
      event = { type: 'FacilityAccepted', data: { ...acted(facility.user_id), rate: bid.rate } };
    } else if (roll < 0.45) {
      event = { type: 'FacilityRejected', data: acted(facility.user_id) };
    } else if (roll < 0.9) {
      event = { type: 'FacilityCountered', data: { ...acted(facility.user_id), counter_rate: (bid.rate -= 5) } };
    } else {
      actor = applicant;
      event = { type: 'BidWithdrawn', data: acted(applicant.user_id) };
    }
    bid.state = NEXT_STATE[event.type];
    bid.version = this.emit(`bid-${bid.id}`, bid.version, event, actor);
    if (!['applicant_submitted', 'applicant_countered', 'facility_countered', 'facility_rejected'].includes(bid.state)) {
      this.openBids.splice(this.openBids.indexOf(bid), 1);
    }
    if (event.type === 'FacilityAccepted' || event.type === 'CounterAccepted') this.connect(bid);
  }

  /** As the openings job does: the connection counts; the one reaching the openings fills the posting and closes its open bids. */
  private connect(bid: Bid): void {
    const p = bid.posting;
    const system = { user_id: null, side: 'system' as const, name: 'Tenens' };
    const made: PostingEvent = { type: 'PostingConnectionMade', data: { bid_id: bid.id, at: this.at() } };
    p.version = this.emit(`posting-${p.id}`, p.version, made, system);
    p.connections += 1;
    if (p.status !== 'active' || p.connections < p.openings) return;
    const filled: PostingEvent = { type: 'PostingFilled', data: { openings: p.openings, connections: p.connections, at: this.at() } };
    p.version = this.emit(`posting-${p.id}`, p.version, filled, system);
    p.status = 'filled';
    const open = ['applicant_submitted', 'applicant_countered', 'facility_countered'];
    for (const other of this.openBids.filter((b) => b.posting === p && open.includes(b.state))) {
      const closed: BidEvent = { type: 'BidClosedPositionFilled', data: { job_posting_id: p.id, at: this.at() } };
      other.version = this.emit(`bid-${other.id}`, other.version, closed, system);
      other.state = NEXT_STATE[closed.type];
      this.openBids.splice(this.openBids.indexOf(other), 1);
    }
  }
}

const NEXT_STATE: Record<BidEvent['type'], string> = {
  BidSubmitted: 'applicant_submitted',
  FacilityCountered: 'facility_countered',
  ApplicantCountered: 'applicant_countered',
  FacilityAccepted: 'facility_accepted',
  FacilityRejected: 'facility_rejected',
  RejectionUndone: 'applicant_submitted',
  CounterAccepted: 'applicant_counter_accepted',
  CounterRejected: 'applicant_counter_rejected',
  BidWithdrawn: 'applicant_withdrawn',
  BidClosedPositionFilled: 'position_filled',
};

/** Rows per INSERT: each its own transaction, as appends are. */
const APPEND_CHUNK = 2_000;

/** Appends the log to the events table in bulk (a few thousand events per statement). */
export async function appendLog(client: Client, log: readonly LogEvent[]): Promise<void> {
  for (let start = 0; start < log.length; start += APPEND_CHUNK) {
    const chunk = log.slice(start, start + APPEND_CHUNK);
    await client.query(
      `INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata, created_at)
       SELECT e.stream_id, e.stream_version, e.event_id, e.type, e.data, e.metadata, (e.data->>'at')::timestamptz
         FROM unnest($1::text[], $2::int[], $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[])
              WITH ORDINALITY AS e(stream_id, stream_version, event_id, type, data, metadata, ordinal)
        ORDER BY e.ordinal`,
      [
        chunk.map((e) => e.stream),
        chunk.map((e) => e.version),
        chunk.map(() => randomUUID()),
        chunk.map((e) => e.event.type),
        chunk.map((e) => JSON.stringify(e.event.data)),
        chunk.map((e) => JSON.stringify({ actor: e.actor })),
      ],
    );
  }
}
