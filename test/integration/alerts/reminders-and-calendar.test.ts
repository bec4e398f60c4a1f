import { startTestApp, TestApp } from '../../support/app';
import { adminToken } from '../../support/accounts';
import { dateFromToday } from '../../support/postings';
import { LicenseReminders } from '../../../server/src/alerts/license-reminders';
import { act, bearer, Facility, facilityWithPosting, placedBid, quickApplicant, quickFacility, sleep, submitBid } from '../bids/helpers';

jest.setTimeout(60000);

const DAY = 86_400_000;

/** The value of a property in an iCalendar file, after unfolding its lines (RFC 5545 3.1). */
function icsValue(ics: string, name: string): string | undefined {
  const unfolded = ics.replace(/\r\n[ \t]/g, '');
  return unfolded
    .split('\r\n')
    .find((line) => line.split(/[:;]/)[0] === name)
    ?.replace(/^[^:]*:/, '');
}

describe('license reminders, the expired-license refusal and calendar invites', () => {
  let t: TestApp;
  let facility: Facility;
  let postingId: string;
  /** The day the posting was made on: its dates, and the invite's, count from it even past midnight. */
  let postedOn: number;

  beforeAll(async () => {
    t = await startTestApp();
    postedOn = Date.now();
    const dates = { start_date: dateFromToday(14, postedOn), end_date: dateFromToday(41, postedOn) };
    ({ facility, postingId } = await facilityWithPosting(t, dates, { quick: true }));
  });
  afterAll(() => t.close());

  describe('license reminders', () => {
    it('emails 60, 30 and 7 days before the expiry and on the day, each once', async () => {
      // The sweeps count from the day the license date was written, even if midnight passes meanwhile.
      const today = Date.now();
      const applicant = await quickApplicant(t, { first_name: 'Lee', license_expires_at: dateFromToday(60, today) });
      const sweep = (daysLater: number) => t.app.get(LicenseReminders).sweep(new Date(today + daysLater * DAY));
      const reminders = () => t.mail.to(applicant.email).filter((m) => /^Your license expires/.test(m.subject));
      const expect1 = async (subject: string, count: number) => {
        await t.mail.waitFor((m) => m.to === applicant.email.toLowerCase() && m.subject === subject);
        expect(reminders()).toHaveLength(count);
      };

      await sweep(0);
      await expect1('Your license expires in 60 days', 1);
      const first = reminders()[0];
      expect(first.text).toContain('Hi Lee,');
      expect(first.text).toContain('Update your profile: ');
      await sweep(0); // the same day again
      await sweep(10); // nothing due between thresholds
      await sweep(30);
      await expect1('Your license expires in 30 days', 2);
      await sweep(31);
      await sweep(53);
      await expect1('Your license expires in 7 days', 3);
      await sweep(60);
      await expect1('Your license expires today', 4);
      await sweep(60);
      await sweep(61); // expired: no more reminders
      await sleep(500);
      expect(reminders().map((m) => m.subject)).toEqual([
        'Your license expires in 60 days',
        'Your license expires in 30 days',
        'Your license expires in 7 days',
        'Your license expires today',
      ]);
    });

    it('sends the nearest reminder only for a license first seen close to its expiry', async () => {
      const applicant = await quickApplicant(t, { license_expires_at: dateFromToday(5) });
      await t.app.get(LicenseReminders).sweep(new Date());
      await t.mail.waitFor((m) => m.to === applicant.email.toLowerCase() && m.subject === 'Your license expires in 7 days');
      await sleep(300);
      expect(t.mail.to(applicant.email).filter((m) => /^Your license expires/.test(m.subject))).toHaveLength(1);
    });
  });

  describe('an expired license', () => {
    it('cannot bid (403 with the message), and the admins find it under the expired filter', async () => {
      const expired = await quickApplicant(t, { license_expires_at: dateFromToday(-1) });
      const response = await submitBid(t, expired.token, postingId);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ detail: 'Your license has expired. Update it in your profile to keep bidding.' });
      const expiring = await quickApplicant(t, { license_expires_at: dateFromToday(20) });
      // A license valid through today still bids.
      const today = await quickApplicant(t, { license_expires_at: dateFromToday(0) });
      expect((await submitBid(t, today.token, postingId)).status).toBe(201);

      const admin = await adminToken(t);
      const list = async (license?: string) => {
        const answer = await t
          .http()
          .get(`/api/admin/applicants${license ? `?license=${license}` : ''}`)
          .set(bearer(admin));
        expect(answer.status).toBe(200);
        return answer;
      };
      const expiredList = await list('expired');
      expect(expiredList.body.map((a: { id: string }) => a.id)).toContain(expired.applicantId);
      expect(expiredList.body.map((a: { id: string }) => a.id)).not.toContain(expiring.applicantId);
      expect(Number(expiredList.headers['x-total-count'])).toBe(expiredList.body.length);
      const expiringList = await list('expiring');
      const ids = expiringList.body.map((a: { id: string }) => a.id);
      expect(ids).toEqual(expect.arrayContaining([expiring.applicantId, today.applicantId]));
      expect(ids).not.toContain(expired.applicantId);
      // Soonest expiry first.
      expect(ids.indexOf(today.applicantId)).toBeLessThan(ids.indexOf(expiring.applicantId));
      expect(expiringList.body.find((a: { id: string }) => a.id === expiring.applicantId).license_expires_at).toBe(dateFromToday(20));
      const bad = await t.http().get('/api/admin/applicants?license=soon').set(bearer(admin));
      expect(bad.status).toBe(422);
      expect(bad.body.detail[0]).toMatchObject({ loc: ['query', 'license'], msg: 'license must be one of expiring, expired' });
      expect((await t.http().get('/api/admin/applicants?license=expired').set(bearer(facility.token))).status).toBe(403);
    });
  });

  describe('calendar invites', () => {
    it('attaches the .ics to both connection emails and serves it to both parties only', async () => {
      const applicant = await quickApplicant(t);
      const bidId = await placedBid(t, applicant.token, postingId, 200);
      const early = await t.http().get(`/api/job-bids/${bidId}/calendar.ics`).set(bearer(applicant.token));
      expect(early.status).toBe(409);
      expect(early.body.detail).toBe('This bid is not connected yet: the calendar invite comes with the connection.');
      expect((await act(t, facility.token, bidId, 'accept')).status).toBe(200);

      const toApplicant = await t.mail.waitFor((m) => m.to === applicant.email.toLowerCase() && /^Connection made/.test(m.subject));
      const toFacility = await t.mail.waitFor(
        (m) => m.to === facility.email.toLowerCase() && /^Connection made with Sam Rivera/.test(m.subject),
      );
      for (const email of [toApplicant, toFacility]) {
        expect(email.attachments).toHaveLength(1);
        const [invite] = email.attachments;
        expect(invite.filename).toBe('tenens-assignment.ics');
        expect(invite.contentType).toBe('text/calendar');
        const ics = invite.content;
        expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
        expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
        expect(icsValue(ics, 'SUMMARY')).toBe('CRNA for a busy ambulatory surgery center at Bayview Surgery Center');
        expect(icsValue(ics, 'LOCATION')).toBe('100 Harbor Way\\, San Diego\\, CA 92101');
        // The job's working days (Mon-Fri: week_days 2-6) from the first one on or after the start, until the end.
        const start = icsValue(ics, 'DTSTART')!;
        expect(start >= dateFromToday(14, postedOn).replace(/-/g, '')).toBe(true);
        expect(start <= dateFromToday(20, postedOn).replace(/-/g, '')).toBe(true);
        expect(icsValue(ics, 'RRULE')).toBe(`FREQ=WEEKLY;UNTIL=${dateFromToday(41, postedOn).replace(/-/g, '')};BYDAY=MO,TU,WE,TH,FR`);
        expect(icsValue(ics, 'UID')).toBe(`${bidId}@tenens`);
      }

      const served = await t.http().get(`/api/job-bids/${bidId}/calendar.ics`).set(bearer(applicant.token));
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toMatch(/^text\/calendar/);
      expect(served.headers['content-disposition']).toBe('attachment; filename="tenens-assignment.ics"');
      expect(icsValue(served.text, 'SUMMARY')).toBe(icsValue(toApplicant.attachments[0].content, 'SUMMARY'));
      expect((await t.http().get(`/api/job-bids/${bidId}/calendar.ics`).set(bearer(facility.token))).status).toBe(200);

      const other = await quickApplicant(t);
      const otherFacility = await quickFacility(t);
      for (const token of [other.token, otherFacility.token, await adminToken(t)]) {
        const refused = await t.http().get(`/api/job-bids/${bidId}/calendar.ics`).set(bearer(token));
        expect(refused.status).toBe(403);
        expect(refused.body.detail).toBe('Only the applicant and the facility of this bid can add it to their calendar.');
      }
      expect((await t.http().get(`/api/job-bids/${bidId}/calendar.ics`)).status).toBe(401);
      const unknown = await t.http().get('/api/job-bids/00000000-0000-4000-8000-000000000000/calendar.ics').set(bearer(applicant.token));
      expect(unknown.status).toBe(404);
      expect((await t.http().get('/api/job-bids/not-an-id/calendar.ics').set(bearer(applicant.token))).status).toBe(404);
    });
  });
});
