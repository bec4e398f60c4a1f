import type { Socket } from 'socket.io-client';
import { reviewReactor } from '../../../server/src/admin/review.reactor';
import { startTestApp, type TestApp } from '../../support/app';
import { listenFor, untilHeard } from '../../support/pushes';
import { adminToken, applicantRegistration, facilityRegistration, register } from '../../support/accounts';
import { SLOW, applicantIdOf, mailMark, nextEmail, sleep } from '../accounts/helpers';
import { quickApplicant, quickFacility } from '../bids/helpers';
import { bearer } from './helpers';

jest.setTimeout(SLOW);

const ADMIN_EMAIL = 'admin@tenens.test';

/**
 * Verification is communicated (issue #14): the owner of a record hears each admin decision by
 * email, the platform admins hear of each new registration, and the owner's open dashboard is
 * told over its socket.
 */
describe('verification emails and pushes', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    admin = bearer(await adminToken(t));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t?.close();
  });

  const listen = (token: string) => listenFor(t.url, token, 'account.changed', sockets);

  const sent = (to: string, subject: RegExp) => t.mail.to(to).filter((m) => subject.test(m.subject));

  it('tells an applicant once that they are verified, with a link to the dashboard, even when the reactor replays', async () => {
    const applicant = await quickApplicant(t, {}, { verified: false });
    const seen = mailMark(t);
    const verified = await t.http().put(`/api/admin/applicants/${applicant.applicantId}/verify?verification_status=verified`).set(admin);
    expect(verified.status).toBe(200);

    const email = await nextEmail(t, seen, applicant.email, /^Your Tenens account is verified$/);
    expect(email.text).toContain('You can now bid on jobs');
    expect(email.text).toContain(`${t.config.APP_URL}/dashboard`);
    expect(email.replyTo).toBe(ADMIN_EMAIL);

    await t.db.query('DELETE FROM checkpoints WHERE name = $1', [`reactor:${reviewReactor.name}`]);
    await t.reactors.catchUp();
    // A later decision's email goes through the same queue after any replayed job.
    const sentinel = await quickApplicant(t, { first_name: 'Sentinel' }, { verified: false });
    await t.http().put(`/api/admin/applicants/${sentinel.applicantId}/verify?verification_status=verified`).set(admin);
    await nextEmail(t, seen, sentinel.email, /^Your Tenens account is verified$/);
    await sleep(500);
    expect(sent(applicant.email, /^Your Tenens account is verified$/)).toHaveLength(1);
  });

  it("tells a rejected applicant the admin's reason and how to fix it", async () => {
    const applicant = await quickApplicant(t, {}, { verified: false });
    const seen = mailMark(t);
    const reason = encodeURIComponent('License number does not match the state board');
    const rejected = await t
      .http()
      .put(`/api/admin/applicants/${applicant.applicantId}/verify?verification_status=rejected&notes=${reason}`)
      .set(admin);
    expect(rejected.status).toBe(200);

    const email = await nextEmail(t, seen, applicant.email, /^We could not verify your Tenens account yet$/);
    expect(email.text).toContain("The admin's reason: License number does not match the state board");
    expect(email.text).not.toContain('Rejected by');
    expect(email.text).toContain(`${t.config.APP_URL}/applicant-profile`);
    expect(email.text).toContain('reply to this email');
    expect(email.replyTo).toBe(ADMIN_EMAIL);
  });

  it("tells a facility's admins when it is suspended and when it is reactivated", async () => {
    const facility = await quickFacility(t);
    const seen = mailMark(t);
    const suspended = await t
      .http()
      .put(`/api/admin/facilities/${facility.facilityId}/status`)
      .set(admin)
      .send({ is_active: false, notes: 'Expired malpractice insurance' });
    expect(suspended.status).toBe(200);
    const suspension = await nextEmail(t, seen, facility.email, /^Bayview Surgery Center is suspended on Tenens$/);
    expect(suspension.text).toContain("The admin's reason: Expired malpractice insurance");
    expect(suspension.text).toContain('cannot post, edit or publish jobs or answer bids');

    const activated = await t.http().put(`/api/admin/facilities/${facility.facilityId}/status`).set(admin).send({ is_active: true });
    expect(activated.status).toBe(200);
    const reactivation = await nextEmail(t, seen, facility.email, /^Bayview Surgery Center is active again on Tenens$/);
    expect(reactivation.text).toContain('can post jobs and answer bids again');
    expect(reactivation.text).toContain(`${t.config.APP_URL}/dashboard`);
  });

  it('tells the platform admins of a new facility awaiting review, with a link to it', async () => {
    const seen = mailMark(t);
    const payload = facilityRegistration({}, { name: 'Harbor Pain Clinic' });
    await register(t, payload);
    const [row] = await t.db.query(
      'SELECT m.facility_id FROM facility_members m JOIN users u ON u.id = m.user_id WHERE lower(u.email) = lower($1)',
      [payload.email],
    );
    const email = await nextEmail(t, seen, ADMIN_EMAIL, /^New facility awaiting review: Harbor Pain Clinic$/);
    expect(email.text).toContain(`${t.config.APP_URL}/admin/facilities/${row.facility_id}`);
  });

  it("tells a facility's admin that it is verified and may post jobs", async () => {
    const seen = mailMark(t);
    const facility = await quickFacility(t);
    const email = await nextEmail(t, seen, facility.email, /^Bayview Surgery Center is verified on Tenens$/);
    expect(email.text).toContain('You can now post jobs');
    expect(email.text).toContain(`${t.config.APP_URL}/dashboard`);
  });

  it('tells the platform admins of a new applicant awaiting review, with a link to it', async () => {
    const seen = mailMark(t);
    const payload = applicantRegistration({}, { first_name: 'Noor', last_name: 'Haddad' });
    const registered = await register(t, payload);
    const email = await nextEmail(t, seen, ADMIN_EMAIL, /^New applicant awaiting review: Noor Haddad$/);
    expect(email.text).toContain(`${t.config.APP_URL}/admin/applicants/${await applicantIdOf(t, registered.id)}`);
  });

  it('sends the owner nothing when their own identity change sends the record back to review', async () => {
    const applicant = await quickApplicant(t);
    await nextEmail(t, new Set(), applicant.email, /^Your Tenens account is verified$/);
    const seen = mailMark(t);
    const profile = (await t.http().get('/api/applicants/profile').set(bearer(applicant.token))).body;
    const saved = await t
      .http()
      .put('/api/applicants/profile')
      .set(bearer(applicant.token))
      .send({ ...profile, license_number: 'RN-CHANGED-14' });
    expect(saved.body.verification_status).toBe('pending');
    await nextEmail(t, seen, ADMIN_EMAIL, /the record is back in review$/);
    await sleep(500);
    expect(t.mail.to(applicant.email).filter((m) => !seen.has(m))).toEqual([]);
  });

  it("pushes account.changed to the applicant's own room when an admin decides, and to nobody else", async () => {
    const applicant = await quickApplicant(t, {}, { verified: false });
    const other = await quickApplicant(t, {}, { verified: false });
    const heard = await listen(applicant.token);
    const otherHeard = await listen(other.token);

    await t.http().put(`/api/admin/applicants/${applicant.applicantId}/verify?verification_status=verified`).set(admin);
    await untilHeard(() => heard.length > 0);
    expect(heard).toEqual([{ kind: 'applicant', id: applicant.applicantId }]);
    expect(otherHeard).toEqual([]);
  });

  it("pushes account.changed to the facility's room when it is suspended", async () => {
    const facility = await quickFacility(t);
    // The verification's own push must be out before the socket joins, or it is heard here too:
    // the command's bounded wait may have given up on a loaded machine before the projection ran.
    await t.projections.catchUp();
    const heard = await listen(facility.token);
    await t.http().put(`/api/admin/facilities/${facility.facilityId}/status`).set(admin).send({ is_active: false });
    await untilHeard(() => heard.length > 0);
    expect(heard).toEqual([{ kind: 'facility', id: facility.facilityId }]);
  });
});
