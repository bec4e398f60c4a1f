import { startTestApp, TestApp } from '../../support/app';
import { adminToken } from '../../support/accounts';
import { activePosting } from '../../support/postings';
import { JobAlertDigests } from '../../../server/src/alerts/digests';
import { digestSchedulerId } from '../../../server/src/alerts/job-alert-schedules';
import { Queues } from '../../../server/src/queues/queues';
import { bearer, Facility, quickApplicant, quickFacility, sleep, waitUntil } from '../bids/helpers';

jest.setTimeout(60000);

const DAY = 86_400_000;

describe('job alerts', () => {
  let t: TestApp;
  let facility: Facility;

  beforeAll(async () => {
    t = await startTestApp();
    facility = await quickFacility(t, { credits: 10 });
  });
  afterAll(() => t.close());

  const digests = () => t.app.get(JobAlertDigests);
  const alertsTo = (email: string) => t.mail.to(email).filter((m) => /matching your search$/.test(m.subject));
  const scheduler = (applicantId: string) => t.app.get(Queues).queue('alerts').getJobScheduler(digestSchedulerId(applicantId));

  describe('the setting', () => {
    it('is weekly by default, with the next digest date, and is scheduled in BullMQ at that frequency', async () => {
      const applicant = await quickApplicant(t);
      const response = await t.http().get('/api/applicants/job-alerts').set(bearer(applicant.token));
      expect(response.status).toBe(200);
      expect(response.body.frequency).toBe('weekly');
      const next = Date.parse(response.body.next_digest_at);
      expect(next).toBeGreaterThan(Date.now());
      expect(next - Date.now()).toBeLessThanOrEqual(7 * DAY);
      // The registration's sync job puts the scheduler in place.
      await waitUntil(async () => (await scheduler(applicant.applicantId))?.every === 7 * DAY, 10000, 'the weekly scheduler');
      expect((await scheduler(applicant.applicantId))?.next).toBe(next);
    });

    it('moves to daily (the profile frequency too), then off (no scheduler, no next date)', async () => {
      const applicant = await quickApplicant(t);
      const daily = await t.http().put('/api/applicants/job-alerts').set(bearer(applicant.token)).send({ frequency: 'daily' });
      expect(daily.status).toBe(200);
      expect(daily.body.frequency).toBe('daily');
      expect(Date.parse(daily.body.next_digest_at) - Date.now()).toBeLessThanOrEqual(DAY);
      expect((await scheduler(applicant.applicantId))?.every).toBe(DAY);
      const profile = await t.http().get('/api/applicants/profile').set(bearer(applicant.token));
      expect(profile.body.job_search_frequency_days).toBe(1);

      const off = await t.http().put('/api/applicants/job-alerts').set(bearer(applicant.token)).send({ frequency: 'off' });
      expect(off.body).toEqual({ frequency: 'off', next_digest_at: null });
      expect(await scheduler(applicant.applicantId)).toBeUndefined();
      expect((await t.http().get('/api/applicants/job-alerts').set(bearer(applicant.token))).body.frequency).toBe('off');

      const weekly = await t.http().put('/api/applicants/job-alerts').set(bearer(applicant.token)).send({ frequency: 'weekly' });
      expect(weekly.body.frequency).toBe('weekly');
      expect((await scheduler(applicant.applicantId))?.every).toBe(7 * DAY);
    });

    it('refuses anything but daily, weekly or off with 422, and anyone but an applicant', async () => {
      const applicant = await quickApplicant(t);
      const bad = await t.http().put('/api/applicants/job-alerts').set(bearer(applicant.token)).send({ frequency: 'hourly' });
      expect(bad.status).toBe(422);
      expect(bad.body.detail[0]).toMatchObject({ loc: ['body', 'frequency'], msg: 'frequency must be one of daily, weekly, off' });
      expect((await t.http().put('/api/applicants/job-alerts').set(bearer(applicant.token))).status).toBe(422);
      expect((await t.http().get('/api/applicants/job-alerts')).status).toBe(401);
      const asFacility = await t.http().put('/api/applicants/job-alerts').set(bearer(facility.token)).send({ frequency: 'off' });
      expect(asFacility.status).toBe(403);
      expect(
        (
          await t
            .http()
            .get('/api/applicants/job-alerts')
            .set(bearer(await adminToken(t)))
        ).status,
      ).toBe(403);
    });
  });

  describe('the digest', () => {
    it('emails only the matching postings published since the last digest, once per period, and nothing when nothing matched', async () => {
      const applicant = await quickApplicant(t, { first_name: 'Ada', license_state: 'OR' });
      const saved = await t
        .http()
        .put('/api/applicants/search-filters')
        .set(bearer(applicant.token))
        .send({ procedureTypes: [3], supervision: 'any' });
      expect(saved.status).toBe(200);
      await activePosting(t, facility.token, {
        title: 'Oregon CRNA, cardiac',
        required_license_state: 'OR',
        procedure_type_ids: [3, 4],
      });
      await activePosting(t, facility.token, { title: 'Washington CRNA', required_license_state: 'WA', procedure_type_ids: [3] });
      await activePosting(t, facility.token, {
        title: 'Oregon anesthesiologist',
        role_type: 'Anesthesiologist',
        required_license_state: 'OR',
        procedure_type_ids: [3],
      });
      await activePosting(t, facility.token, {
        title: 'Oregon CRNA, other procedures',
        required_license_state: 'OR',
        procedure_type_ids: [1],
      });

      const now = new Date(Date.now() + 1000);
      expect(await digests().run(applicant.applicantId, now)).toBe('queued');
      const email = await t.mail.waitFor((m) => m.to === applicant.email.toLowerCase() && /matching your search$/.test(m.subject));
      expect(email.subject).toBe('1 new job matching your search');
      expect(email.text).toContain('Hi Ada,');
      expect(email.text).toContain('Oregon CRNA, cardiac: Bayview Surgery Center, San Diego, CA · $185/hr');
      expect(email.text).not.toMatch(/Washington CRNA|Oregon anesthesiologist|other procedures/);
      expect(email.text).toMatch(/See the jobs: http:\/\/127\.0\.0\.1:\d+\/jobs\n/);
      expect(email.headers['list-unsubscribe']).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/job-alerts\/unsubscribe\?token=[^>]+>$/);
      expect(email.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

      // The same period again (a retried or doubled scheduler run): nothing more.
      expect(await digests().run(applicant.applicantId, new Date(now.getTime() + 1000))).toBe('already_sent');
      // The next period: nothing published since the last digest, so nothing is sent.
      expect(await digests().run(applicant.applicantId, new Date(now.getTime() + 7 * DAY))).toBe('nothing_new');
      await sleep(500);
      expect(alertsTo(applicant.email)).toHaveLength(1);
    });

    it('follows the license state when no license filter is saved, and sends nothing to an applicant with alerts off', async () => {
      const applicant = await quickApplicant(t, { license_state: 'NV' });
      const quiet = await quickApplicant(t, { license_state: 'NV' });
      await t.http().put('/api/applicants/job-alerts').set(bearer(quiet.token)).send({ frequency: 'off' });
      await activePosting(t, facility.token, { title: 'Nevada CRNA one', required_license_state: 'NV' });
      await activePosting(t, facility.token, { title: 'Nevada CRNA two', required_license_state: 'NV' });

      const now = new Date(Date.now() + 1000);
      expect(await digests().run(quiet.applicantId, now)).toBe('off');
      expect(await digests().run(applicant.applicantId, now)).toBe('queued');
      const email = await t.mail.waitFor((m) => m.to === applicant.email.toLowerCase() && /matching your search$/.test(m.subject));
      expect(email.subject).toBe('2 new jobs matching your search');
      expect(email.text).toContain('Nevada CRNA one');
      expect(email.text).toContain('Nevada CRNA two');
      expect(alertsTo(quiet.email)).toHaveLength(0);
    });

    it('sends nothing when nothing matched', async () => {
      const applicant = await quickApplicant(t, { license_state: 'ME' });
      expect(await digests().run(applicant.applicantId, new Date(Date.now() + 1000))).toBe('nothing_new');
      await sleep(300);
      expect(alertsTo(applicant.email)).toHaveLength(0);
    });
  });

  describe('unsubscribe by link', () => {
    it('turns alerts off with one POST to the link of the email, without signing in', async () => {
      const applicant = await quickApplicant(t, { license_state: 'UT' });
      await activePosting(t, facility.token, { title: 'Utah CRNA', required_license_state: 'UT' });
      expect(await digests().run(applicant.applicantId, new Date(Date.now() + 1000))).toBe('queued');
      const email = await t.mail.waitFor((m) => m.to === applicant.email.toLowerCase() && /matching your search$/.test(m.subject));
      const page = email.text.match(/Unsubscribe from job alerts: (\S+)/)?.[1];
      expect(page).toMatch(/\/unsubscribe\?token=/);
      const oneClick = email.headers['list-unsubscribe'].slice(1, -1);
      expect(new URL(oneClick).searchParams.get('token')).toBe(new URL(page!).searchParams.get('token'));

      // What a mail client does for RFC 8058: POST the header's address with this form body.
      const response = await t
        .http()
        .post(new URL(oneClick).pathname + new URL(oneClick).search)
        .type('form')
        .send('List-Unsubscribe=One-Click');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: 'You will no longer receive job alert emails. You can turn them back on in your profile.' });
      expect((await t.http().get('/api/applicants/job-alerts').set(bearer(applicant.token))).body).toEqual({
        frequency: 'off',
        next_digest_at: null,
      });
      expect(await t.app.get(Queues).queue('alerts').getJobScheduler(digestSchedulerId(applicant.applicantId))).toBeUndefined();
      await activePosting(t, facility.token, { title: 'Utah CRNA again', required_license_state: 'UT' });
      expect(await digests().run(applicant.applicantId, new Date(Date.now() + 8 * DAY))).toBe('off');
      // A second click is harmless.
      expect((await t.http().post(new URL(oneClick).pathname + new URL(oneClick).search)).status).toBe(200);
    });

    it('refuses a forged or missing token', async () => {
      const applicant = await quickApplicant(t);
      const forged = await t.http().post(`/api/job-alerts/unsubscribe?token=${applicant.applicantId}.AAAA`);
      expect(forged.status).toBe(400);
      expect(forged.body).toEqual({ detail: 'This unsubscribe link is invalid.' });
      expect((await t.http().post('/api/job-alerts/unsubscribe?token=nonsense')).status).toBe(400);
      const missing = await t.http().post('/api/job-alerts/unsubscribe');
      expect(missing.status).toBe(422);
      expect(missing.body.detail[0].loc).toEqual(['query', 'token']);
      expect((await t.http().get('/api/applicants/job-alerts').set(bearer(applicant.token))).body.frequency).toBe('weekly');
    });
  });
});
