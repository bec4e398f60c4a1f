import { startTestApp, TestApp } from '../../support/app';
import { adminToken, signedUp } from '../../support/accounts';
import { activePosting } from '../../support/postings';
import { bearer, expectNotes, validation } from './helpers';

/**
 * Admin notes: an admin's free-form note lands beside the generated lines of a facility's or an
 * applicant's notes, naming the admin; a credit spent on a posting names the posting.
 */
describe('admin: free-form notes', () => {
  let t: TestApp;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp();
    auth = bearer(await adminToken(t));
  });
  afterAll(() => t.close());

  const note = (kind: 'facilities' | 'applicants', id: string, body: unknown, headers = auth) =>
    t
      .http()
      .post(`/api/admin/${kind}/${id}/notes`)
      .set(headers)
      .send(body as object);

  it("adds an admin's note to a facility beside the generated lines; a credit spent on a posting names it", async () => {
    const facility = await signedUp(t, 'facility');
    const id = facility.me.facility.id as string;
    await t.http().put(`/api/admin/facilities/${id}/verify?verification_status=verified`).set(auth);
    await t.http().post(`/api/admin/facilities/${id}/add-credit`).set(auth);

    const noted = await note('facilities', id, { notes: '  Called the office manager;\nNPI confirmed by phone.  ' });
    expect(noted.status).toBe(200);
    expect(noted.body).toMatchObject({ id, verification_status: 'verified', posting_credits: 1 });

    await activePosting(t, facility.token, { title: 'Spine CRNA nights' });
    const after = await t.http().get(`/api/admin/facilities/${id}`).set(auth);
    expectNotes(after.body.verification_notes, [
      'Verified by Platform Admin',
      'Posting credit added by Platform Admin',
      'Note by Platform Admin: Called the office manager; NPI confirmed by phone.',
      'Posting credit used to publish “Spine CRNA nights”',
    ]);
  });

  it("adds an admin's note to an applicant", async () => {
    const applicant = await signedUp(t, 'applicant');
    const id = applicant.me.applicant.id as string;
    const noted = await note('applicants', id, { notes: 'License lookup pending with the CA board' });
    expect(noted.status).toBe(200);
    expectNotes(noted.body.verification_notes, ['Note by Platform Admin: License lookup pending with the CA board']);
    expect(noted.body.verification_status).toBe('pending');
  });

  it('refuses an empty or overlong note with 422, an unknown record with 404, and anyone but an admin with 403', async () => {
    const applicant = await signedUp(t, 'applicant');
    const id = applicant.me.applicant.id as string;
    expect((await note('applicants', id, { notes: '   ' })).body).toEqual(validation(['body', 'notes', 'Write a note first']));
    const long = await note('applicants', id, { notes: 'x'.repeat(2001) });
    expect(long.status).toBe(422);
    expect(long.body).toEqual(validation(['body', 'notes', 'Notes are limited to 2000 characters']));
    expect((await note('applicants', '00000000-0000-4000-8000-000000000000', { notes: 'hi' })).status).toBe(404);
    expect((await note('applicants', id, { notes: 'hi' }, bearer(applicant.token))).status).toBe(403);
  });
});
