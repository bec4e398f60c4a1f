import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CONFIG, Config } from '../config/config';
import { queryNamed } from '../database/named-statements';
import { experienceYears, type Bid } from '../domain/bids';
import { type Posting } from '../domain/postings';
import { addressLines, displayPhone, formatDatesWithWeeks, formatRate, personName, pluralize } from '../domain/shared/format';
import { renderEmail, type EmailContent } from '../mail/layout';
import { MailComposers } from '../mail/mail-composers';
import type { OutgoingEmail } from '../mail/mailer';
import { CALENDAR_CONTENT_TYPE, CALENDAR_FILE_NAME } from '../domain/bids/job-calendar';
import { BidCalendar } from './bid-calendar';
import { BidContext } from './bid-context';
import { BID_EMAILS, type BidEmailJob } from './bid-email-jobs';

interface Person {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
}

interface FacilityRow {
  name: string;
  phone: string | null;
  address_line1: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  admin_user_id: string | null;
}

interface PeopleRow {
  applicant: Person | null;
  facility: FacilityRow | null;
  facility_admin: Person | null;
  bid_managers?: (Person & { created_at: string })[];
  acted_by?: Person | null;
  profile?: { license_state: string | null; experience_started_at: string | null } | null;
}

interface People {
  applicant: Person | null;
  facility: FacilityRow | null;
  /** The facility's admin user, if active. */
  facilityAdmin: Person | null;
  /** Who hears of the bid on the facility's side (asked for with `recipients`). */
  recipients: Person[];
  actedBy: Person | null;
  profile: { license_state: string | null; experience_started_at: string | null } | null;
}

/** Undone (or undone and rejected again, which has its own email) means this email is void. */
function stillRejectedBy(bid: Bid, job: BidEmailJob): boolean {
  if (bid.current_state !== 'facility_rejected') return false;
  return job.rejected_at === undefined || bid.updated_at === job.rejected_at;
}

/** Whether the bid's latest move is the other side's counter, waiting on this side's answer. */
function counterWaitsOn(bid: Bid, side: 'facility' | 'applicant'): boolean {
  return bid.current_state === (side === 'facility' ? 'applicant_countered' : 'facility_countered');
}

const standingCounter = (bid: Bid) => bid.counter_rate ?? bid.proposed_rate;

/** One email per counter that stands, whichever of the jobs folded into it composes it. */
const counterKey = (bid: Bid, to: Person) => `counter:${bid.bid_id}:${bid.updated_at}:${to.id}`;

const fullName = (person: Person) => personName(person) || person.email;
const greeting = (person: Person) => (person.first_name ? `Hi ${person.first_name},` : 'Hi,');

/** "Jun 1, 2026 – Jun 28, 2026 (4 weeks)": the dates with their number of weeks, rounded up. */
function jobDates(posting: Posting): string {
  return formatDatesWithWeeks(posting.fields.start_date, posting.fields.end_date);
}

/**
 * Composes the bid emails at send time from the streams (bid and posting: never behind the log)
 * and the account tables (addresses and names as they are now). Each composer answers null when
 * there is nobody to write to, e.g. a deactivated account.
 */
@Injectable()
export class BidEmails implements OnModuleInit {
  constructor(
    private readonly db: DataSource,
    private readonly composers: MailComposers,
    private readonly context: BidContext,
    private readonly calendar: BidCalendar,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  onModuleInit(): void {
    this.composers.register(BID_EMAILS.received, (job: BidEmailJob) => this.toFacility(job, 'received'));
    this.composers.register(BID_EMAILS.applicantCountered, (job: BidEmailJob) => this.toFacility(job, 'countered'));
    this.composers.register(BID_EMAILS.facilityCountered, (job: BidEmailJob) => this.toApplicant(job, 'countered'));
    this.composers.register(BID_EMAILS.rejected, (job: BidEmailJob) => this.toApplicant(job, 'rejected'));
    this.composers.register(BID_EMAILS.connectionForApplicant, (job: BidEmailJob) => this.connectionForApplicant(job));
    this.composers.register(BID_EMAILS.connectionForFacility, (job: BidEmailJob) => this.connectionForFacility(job));
    this.composers.register(BID_EMAILS.positionFilled, (job: BidEmailJob) => this.toApplicant(job, 'filled'));
  }

  private async load(bidId: string) {
    // The bid and (its link once known) its posting in one read.
    const streams = await this.context.prefetch([], { bidId });
    const bid = await this.context.bid(bidId, streams);
    const posting = await this.context.posting(bid.job_posting_id, streams);
    return { bid, posting, link: `${this.config.APP_URL}/jobs/${bid.job_posting_id}` };
  }

  /**
   * The people and records an email names, as the account tables hold them now, in one
   * statement: the applicant (if active), the facility, the members who handle its bids (admins
   * hold every permission; the facility's admin user if there are none), the person who acted
   * and the applicant's profile, each only when asked for.
   */
  private async people(bid: Bid, wanted: { recipients?: boolean; actedBy?: string | null; profile?: boolean }): Promise<People> {
    const parts = [
      `(SELECT row_to_json(u) FROM (SELECT id, email, first_name, last_name FROM users WHERE id = $1 AND is_active) u) AS applicant`,
      `(SELECT row_to_json(f) FROM (SELECT name, phone, address_line1, city, state, zip_code, admin_user_id FROM facilities WHERE id = $2) f) AS facility`,
      `(SELECT row_to_json(u) FROM (SELECT u.id, u.email, u.first_name, u.last_name FROM facilities f JOIN users u ON u.id = f.admin_user_id
                                    WHERE f.id = $2 AND u.is_active) u) AS facility_admin`,
    ];
    const values: unknown[] = [bid.applicant_user_id, bid.facility_id];
    if (wanted.recipients) {
      parts.push(`(SELECT coalesce(json_agg(m ORDER BY m.created_at, m.id), '[]') FROM (
                     SELECT u.id, u.email, u.first_name, u.last_name, u.created_at
                       FROM facility_members m JOIN users u ON u.id = m.user_id
                      WHERE m.facility_id = $2 AND m.is_active AND u.is_active
                        AND (m.is_legacy_admin OR m.role = 'admin' OR m.can_manage_bids)) m) AS bid_managers`);
    }
    if (wanted.actedBy) {
      values.push(wanted.actedBy);
      parts.push(
        `(SELECT row_to_json(u) FROM (SELECT id, email, first_name, last_name FROM users WHERE id = $${values.length} AND is_active) u) AS acted_by`,
      );
    }
    if (wanted.profile) {
      parts.push(`(SELECT row_to_json(a) FROM (SELECT license_state, to_char(experience_started_at, 'YYYY-MM-DD') AS experience_started_at
                                                 FROM applicants WHERE id = $${values.push(bid.applicant_id)}) a) AS profile`);
    }
    // A named statement: one text per combination of parts, each planned once per connection.
    const [row] = await queryNamed<PeopleRow>(this.db, `SELECT ${parts.join(',\n')}`, values);
    const managers = (row.bid_managers ?? []).map(({ id, email, first_name, last_name }) => ({ id, email, first_name, last_name }));
    return {
      applicant: row.applicant,
      facility: row.facility,
      facilityAdmin: row.facility_admin,
      recipients: managers.length > 0 ? managers : row.facility_admin ? [row.facility_admin] : [],
      actedBy: row.acted_by ?? null,
      profile: row.profile ?? null,
    };
  }

  private email(to: Person, content: EmailContent): OutgoingEmail {
    return { to: to.email, ...renderEmail({ greeting: greeting(to), ...content }) };
  }

  /** The connection's calendar invite, the same file GET /job-bids/{id}/calendar.ics serves. */
  private async invite(bid: Bid, posting: Posting): Promise<NonNullable<OutgoingEmail['attachments']>> {
    return [{ filename: CALENDAR_FILE_NAME, content: await this.calendar.ics(bid, posting), contentType: CALENDAR_CONTENT_TYPE }];
  }

  private async toFacility(job: BidEmailJob, what: 'received' | 'countered'): Promise<OutgoingEmail[] | null> {
    const { bid, posting, link } = await this.load(job.bid_id);
    if (what === 'countered' && !counterWaitsOn(bid, 'facility')) return null;
    const { applicant, recipients } = await this.people(bid, { recipients: true });
    if (recipients.length === 0) return null;
    const who = applicant ? fullName(applicant) : 'An applicant';
    const title = posting.fields.title;
    const rate = what === 'countered' ? standingCounter(bid) : (job.rate ?? bid.proposed_rate);
    const content: EmailContent =
      what === 'received'
        ? {
            subject: `New bid on ${title}`,
            heading: 'You have a new bid',
            paragraphs: [
              `${who} bid ${formatRate(rate)} on your posting "${title}".`,
              'Accept it, counter it or decline it from the posting page.',
            ],
          }
        : {
            subject: `Counter offer on ${title}`,
            heading: `${who} made a counter offer`,
            paragraphs: [
              `${who} countered with ${formatRate(rate)} on your posting "${title}".`,
              'Accept it, counter it or decline it from the posting page.',
            ],
          };
    return recipients.map((to) => ({
      ...this.email(to, {
        ...content,
        details: [
          ['Job', title],
          ['Posted rate', formatRate(posting.fields.hourly_rate)],
          ['Dates', jobDates(posting)],
        ],
        action: { label: 'Review the bid', url: link },
        footnote: 'You receive this email because you manage bids for your facility on Tenens.',
      }),
      onceKey: what === 'countered' ? counterKey(bid, to) : undefined,
    }));
  }

  private async toApplicant(job: BidEmailJob, what: 'countered' | 'rejected' | 'filled'): Promise<OutgoingEmail | null> {
    const { bid, posting, link } = await this.load(job.bid_id);
    if (what === 'rejected' && !stillRejectedBy(bid, job)) return null;
    if (what === 'countered' && !counterWaitsOn(bid, 'applicant')) return null;
    const { applicant, facility } = await this.people(bid, {});
    if (!applicant) return null;
    const facilityName = facility?.name ?? 'The facility';
    const title = posting.fields.title;
    const content: EmailContent =
      what === 'filled'
        ? {
            subject: `${title} has been filled`,
            heading: 'This position has been filled',
            paragraphs: [
              `Thank you for your interest in "${title}". ${facilityName} has filled this position, so your bid is now closed.`,
              'Nothing was held against you: other postings are waiting for you on Tenens.',
            ],
            action: { label: 'Find other jobs', url: `${this.config.APP_URL}/jobs` },
          }
        : what === 'countered'
          ? {
              subject: `Counter offer from ${facilityName}`,
              heading: 'Your response is needed',
              paragraphs: [
                `${facilityName} answered your bid on "${title}" with a counter offer of ${formatRate(standingCounter(bid))}.`,
                'Accept or decline it from your applications.',
              ],
              action: { label: 'Respond to the counter offer', url: link },
            }
          : {
              subject: `Update on your bid for ${title}`,
              heading: 'Your bid was declined',
              paragraphs: [`${facilityName} declined your bid on "${title}". Other postings are waiting for you on Tenens.`],
              action: { label: 'Find other jobs', url: `${this.config.APP_URL}/jobs` },
            };
    const email = this.email(applicant, {
      ...content,
      details: [
        ['Job', title],
        ['Your bid', formatRate(bid.proposed_rate)],
        ['Dates', jobDates(posting)],
      ],
    });
    return what === 'countered' ? { ...email, onceKey: counterKey(bid, applicant) } : email;
  }

  /** The applicant meets the facility: its contact person, email, phone and address. */
  private async connectionForApplicant(job: BidEmailJob): Promise<OutgoingEmail | null> {
    const { bid, posting, link } = await this.load(job.bid_id);
    // The member who accepted, or (when the applicant accepted a counter) the facility's admin.
    const accepterId = job.acted_by && job.acted_by !== bid.applicant_user_id ? job.acted_by : null;
    const { applicant, facility, actedBy, facilityAdmin } = await this.people(bid, { actedBy: accepterId });
    if (!applicant || !facility) return null;
    const contact = actedBy ?? facilityAdmin;
    const rate = job.rate ?? bid.agreed_rate ?? bid.proposed_rate;
    const address = addressLines(facility).join(', ');
    const details: [string, string][] = [
      ['Job', posting.fields.title],
      ['Agreed rate', formatRate(rate)],
      ['Dates', jobDates(posting)],
      ['Facility', facility.name],
    ];
    if (contact) details.push(['Contact', fullName(contact)], ['Email', contact.email]);
    if (facility.phone) details.push(['Phone', displayPhone(facility.phone)]);
    if (address) details.push(['Address', address]);
    const attachments = await this.invite(bid, posting);
    const email = this.email(applicant, {
      subject: `Connection made with ${facility.name}`,
      heading: "You're connected",
      paragraphs: [
        `${facility.name} and you agreed on ${formatRate(rate)} for "${posting.fields.title}".`,
        'Here is how to reach them to settle the details of your assignment.',
      ],
      details,
      action: { label: 'View the job', url: link },
      footnote: 'The attached calendar invite holds the working days at the facility.',
    });
    return { ...email, attachments };
  }

  /** The facility meets the applicant: name, email, license state and experience. */
  private async connectionForFacility(job: BidEmailJob): Promise<OutgoingEmail[] | null> {
    const { bid, posting, link } = await this.load(job.bid_id);
    const { applicant, recipients, profile } = await this.people(bid, { recipients: true, profile: true });
    if (!applicant || recipients.length === 0) return null;
    const rate = job.rate ?? bid.agreed_rate ?? bid.proposed_rate;
    const name = fullName(applicant);
    const details: [string, string][] = [
      ['Job', posting.fields.title],
      ['Agreed rate', formatRate(rate)],
      ['Dates', jobDates(posting)],
      ['Applicant', name],
      ['Email', applicant.email],
    ];
    if (profile?.license_state) details.push(['License state', profile.license_state]);
    if (profile?.experience_started_at) {
      details.push(['Experience', pluralize(experienceYears(profile.experience_started_at, new Date()), 'year')]);
    }
    const attachments = await this.invite(bid, posting);
    return recipients.map((to) => ({
      attachments,
      ...this.email(to, {
        subject: `Connection made with ${name}`,
        heading: "You're connected",
        paragraphs: [
          `${name} and your facility agreed on ${formatRate(rate)} for "${posting.fields.title}".`,
          'Here is how to reach them to settle the details of the assignment.',
        ],
        details,
        action: { label: 'View the posting', url: link },
        footnote: 'The attached calendar invite holds the working days at the facility.',
      }),
    }));
  }
}
