import { startTestApp, TestApp } from '../../support/app';
import type { CapturedEmail } from '../../support/smtp-sink';
import { bidsReactor } from '../../../server/src/bids/bids.reactor';
import { act, Applicant, Facility, facilityMember, facilityWithPosting, placedBid, quickApplicant, sleep } from './helpers';

jest.setTimeout(60000);

describe('bid emails', () => {
  let t: TestApp;
  let facility: Facility;
  let postingId: string;

  beforeAll(async () => {
    t = await startTestApp();
    ({ facility, postingId } = await facilityWithPosting(t));
  });
  afterAll(() => t.close());

  const matching = (address: string, subject: RegExp) => t.mail.to(address).filter((m) => subject.test(m.subject));
  const waitFor = (address: string, subject: RegExp) =>
    t.mail.waitFor((m) => m.to.toLowerCase() === address.toLowerCase() && subject.test(m.subject));

  it('introduces both parties once on a connection, even when the reactor replays', async () => {
    const applicant = await quickApplicant(t);
    const bidId = await placedBid(t, applicant.token, postingId, 220);

    const newBid = await waitFor(facility.email, /^New bid on /);
    expect(newBid.text).toContain('Sam Rivera bid $220/hr');

    await act(t, facility.token, bidId, 'counter', 200);
    const counter = await waitFor(applicant.email, /^Counter offer from Bayview Surgery Center/);
    expect(counter.text).toContain('$200/hr');

    await act(t, applicant.token, bidId, 'counter-by-applicant', 210);
    const applicantCounter = await waitFor(facility.email, /^Counter offer on /);
    expect(applicantCounter.text).toContain('Sam Rivera countered with $210/hr');

    await act(t, facility.token, bidId, 'accept');
    const toApplicant = await waitFor(applicant.email, /^Connection made with Bayview Surgery Center/);
    const toFacility = await waitFor(facility.email, /^Connection made with Sam Rivera/);
    expectDetails(toApplicant, [
      'Agreed rate: $210/hr',
      "Contact: Dana O'Neil",
      `Email: ${facility.email}`,
      'Phone: (619) 555-0100',
      'Dates: ',
    ]);
    expectDetails(toFacility, [
      'Agreed rate: $210/hr',
      'Applicant: Sam Rivera',
      `Email: ${applicant.email}`,
      'License state: CA',
      'Dates: ',
    ]);

    // Replay every bid event into the reactor from the start of the log.
    await t.db.query('DELETE FROM checkpoints WHERE name = $1', [`reactor:${bidsReactor(t.config).name}`]);
    await t.reactors.catchUp();
    // A later email goes through the same queue after any replayed job.
    const sentinel = await quickApplicant(t, { first_name: 'Sentinel', last_name: 'Bidder' });
    await placedBid(t, sentinel.token, postingId, 230);
    await t.mail.waitFor((m) => m.to.toLowerCase() === facility.email.toLowerCase() && m.text.includes('Sentinel Bidder bid'));
    await sleep(500);

    expect(matching(applicant.email, /^Connection made/)).toHaveLength(1);
    expect(matching(facility.email, /^Connection made/)).toHaveLength(1);
    expect(matching(applicant.email, /^Counter offer/)).toHaveLength(1);
    expect(matching(facility.email, /^Counter offer/)).toHaveLength(1);
    expect(matching(facility.email, /^New bid on /)).toHaveLength(2);
  });

  it('connects on an accepted counter and tells the applicant of a rejection', async () => {
    const applicant: Applicant = await quickApplicant(t, { first_name: 'Jo', last_name: 'Park' });
    const bidId = await placedBid(t, applicant.token, postingId, 240);
    await act(t, facility.token, bidId, 'counter', 215);
    await act(t, applicant.token, bidId, 'accept-counter');
    const toApplicant = await waitFor(applicant.email, /^Connection made with Bayview/);
    const toFacility = await waitFor(facility.email, /^Connection made with Jo Park/);
    expect(toApplicant.text).toContain('Agreed rate: $215/hr');
    expect(toFacility.text).toContain('Agreed rate: $215/hr');
    expect(toApplicant.text).toContain(`Email: ${facility.email}`);

    const declined = await quickApplicant(t, { first_name: 'Rae', last_name: 'Lind' });
    const declinedBid = await placedBid(t, declined.token, postingId, 400);
    await act(t, facility.token, declinedBid, 'reject');
    const rejection = await waitFor(declined.email, /^Update on your bid/);
    expect(rejection.text).toContain('Bayview Surgery Center declined your bid');
    expect(matching(declined.email, /^Connection made/)).toHaveLength(0);
  });

  it('goes to the members who handle bids, names the member who accepted, and to nobody else', async () => {
    const other = await facilityWithPosting(t);
    const manager = await facilityMember(t, other.facility.facilityId, { can_manage_bids: true });
    const bystander = await facilityMember(t, other.facility.facilityId, { can_manage_bids: false });
    const [managerEmail, bystanderEmail] = await Promise.all(
      [manager, bystander].map(
        async ({ userId }) => (await t.db.query('SELECT email FROM users WHERE id = $1', [userId]))[0].email as string,
      ),
    );
    await t.db.query(`UPDATE users SET first_name = 'Mia', last_name = 'Manager' WHERE id = $1`, [manager.userId]);
    const applicant = await quickApplicant(t, { first_name: 'Ada', last_name: 'Moss' });
    const bidId = await placedBid(t, applicant.token, other.postingId, 250);
    await waitFor(other.facility.email, /^New bid on /);
    await waitFor(managerEmail, /^New bid on /);
    expect((await act(t, manager.token, bidId, 'accept')).status).toBe(200);
    const toApplicant = await waitFor(applicant.email, /^Connection made with /);
    expectDetails(toApplicant, ['Agreed rate: $250/hr', 'Contact: Mia Manager', `Email: ${managerEmail}`]);
    await waitFor(managerEmail, /^Connection made with Ada Moss/);
    await waitFor(other.facility.email, /^Connection made with Ada Moss/);
    await sleep(300);
    expect(t.mail.to(bystanderEmail)).toEqual([]);
    expect(matching(managerEmail, /^New bid on /)).toHaveLength(1);
    expect(matching(other.facility.email, /^Connection made/)).toHaveLength(1);
    expect(matching(applicant.email, /^Connection made/)).toHaveLength(1);
  });
});

describe('the rejection email waits out the undo window', () => {
  let t: TestApp;
  let facility: Facility;
  let postingId: string;
  const WINDOW_SECONDS = 2;

  beforeAll(async () => {
    t = await startTestApp({ env: { REJECTION_EMAIL_DELAY_SECONDS: String(WINDOW_SECONDS) } });
    ({ facility, postingId } = await facilityWithPosting(t));
  });
  afterAll(() => t.close());

  const rejections = (address: string) => t.mail.to(address).filter((m) => /^Update on your bid/.test(m.subject));

  it('reject then undo within the window sends nothing; a rejection that stands is sent once', async () => {
    const undone = await quickApplicant(t, { first_name: 'Uma', last_name: 'Undone' });
    const undoneBid = await placedBid(t, undone.token, postingId, 300);
    expect((await act(t, facility.token, undoneBid, 'reject')).status).toBe(200);
    expect((await act(t, facility.token, undoneBid, 'undo')).status).toBe(200);

    const stands = await quickApplicant(t, { first_name: 'Sol', last_name: 'Stands' });
    const standsBid = await placedBid(t, stands.token, postingId, 310);
    expect((await act(t, facility.token, standsBid, 'reject')).status).toBe(200);
    // Not at once: the facility may still undo.
    expect(rejections(stands.email)).toHaveLength(0);

    const sent = await t.mail.waitFor((m) => m.to.toLowerCase() === stands.email.toLowerCase() && /^Update on your bid/.test(m.subject));
    expect(sent.text).toContain('Bayview Surgery Center declined your bid');
    // Both jobs were due at the same moment; give the undone one the same time again.
    await sleep(WINDOW_SECONDS * 1000);
    expect(rejections(undone.email)).toHaveLength(0);
    expect(rejections(stands.email)).toHaveLength(1);
  });

  it('reject, undo, reject again: one email, for the rejection that stands', async () => {
    const applicant = await quickApplicant(t, { first_name: 'Ren', last_name: 'Again' });
    const bidId = await placedBid(t, applicant.token, postingId, 320);
    await act(t, facility.token, bidId, 'reject');
    await act(t, facility.token, bidId, 'undo');
    await act(t, facility.token, bidId, 'reject');
    await t.mail.waitFor((m) => m.to.toLowerCase() === applicant.email.toLowerCase() && /^Update on your bid/.test(m.subject));
    await sleep(WINDOW_SECONDS * 1000 + 500);
    expect(rejections(applicant.email)).toHaveLength(1);
  });
});

describe('a counter offer email waits for its answer', () => {
  let t: TestApp;
  let facility: Facility;
  let postingId: string;
  const WINDOW_SECONDS = 2;

  beforeAll(async () => {
    t = await startTestApp({ env: { COUNTER_EMAIL_DELAY_SECONDS: String(WINDOW_SECONDS) } });
    ({ facility, postingId } = await facilityWithPosting(t));
  });
  afterAll(() => t.close());

  const counters = (address: string) => t.mail.to(address).filter((m) => /^Counter offer/.test(m.subject));
  const nextCounterTo = (address: string) =>
    t.mail.waitFor((m) => m.to.toLowerCase() === address.toLowerCase() && /^Counter offer/.test(m.subject));

  it('a back-and-forth within the window sends one email, naming the counter that waits, and none for a counter answered', async () => {
    const applicant = await quickApplicant(t, { first_name: 'Liv', last_name: 'Live' });
    const bidId = await placedBid(t, applicant.token, postingId, 300);
    expect((await act(t, facility.token, bidId, 'counter', 280)).status).toBe(200);
    expect((await act(t, applicant.token, bidId, 'counter-by-applicant', 295)).status).toBe(200);
    expect((await act(t, facility.token, bidId, 'counter', 285)).status).toBe(200);
    // Not at once: the other side may be answering on the page.
    expect(counters(applicant.email)).toHaveLength(0);

    const sent = await nextCounterTo(applicant.email);
    expect(sent.text).toContain('with a counter offer of $285/hr');
    await sleep(WINDOW_SECONDS * 1000 + 500);
    expect(counters(applicant.email)).toHaveLength(1);
    // The applicant's counter was answered before its email was due.
    expect(counters(facility.email)).toHaveLength(0);

    // A counter after the window is its own email.
    expect((await act(t, applicant.token, bidId, 'counter-by-applicant', 290)).status).toBe(200);
    const toFacility = await nextCounterTo(facility.email);
    expect(toFacility.text).toContain('Liv Live countered with $290/hr');
    await sleep(WINDOW_SECONDS * 1000 + 500);
    expect(counters(facility.email)).toHaveLength(1);
    expect(counters(applicant.email)).toHaveLength(1);
  });

  it('a counter accepted before its email is due sends no counter email', async () => {
    const applicant = await quickApplicant(t, { first_name: 'Quin', last_name: 'Quick' });
    const bidId = await placedBid(t, applicant.token, postingId, 310);
    expect((await act(t, facility.token, bidId, 'counter', 300)).status).toBe(200);
    expect((await act(t, applicant.token, bidId, 'accept-counter')).status).toBe(200);
    await t.mail.waitFor((m) => m.to.toLowerCase() === applicant.email.toLowerCase() && /^Connection made/.test(m.subject));
    await sleep(WINDOW_SECONDS * 1000 + 500);
    expect(counters(applicant.email)).toHaveLength(0);
  });
});

function expectDetails(email: CapturedEmail, lines: string[]): void {
  for (const line of lines) expect(email.text).toContain(line);
}
