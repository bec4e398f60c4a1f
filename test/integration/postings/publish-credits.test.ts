import type { QueryRunner } from 'typeorm';
import { startTestApp, TestApp } from '../../support/app';
import { adminToken, verifiedFacility } from '../../support/accounts';
import { draftPosting } from '../../support/postings';
import { bearer, postingCredits, streamEvents } from './helpers';

jest.setTimeout(30000);

/**
 * Publishing spends a credit the facility's stream holds, whatever the facilities read model
 * says: here that read model lags behind (its projection's lock is held elsewhere, as another
 * instance in the middle of a long batch would hold it).
 */
describe('publishing while the facilities read model lags', () => {
  let t: TestApp;
  let facility: Awaited<ReturnType<typeof verifiedFacility>>;
  let admin: string;
  let lockHolder: QueryRunner;

  beforeAll(async () => {
    // Production's read-your-writes wait (3 s), not the tests' longer one: the held facilities
    // model costs two full waits. A shorter one failed the draft's creation on a busy CI machine.
    t = await startTestApp({ env: { READ_YOUR_WRITES_TIMEOUT_MS: '3000' } });
    [facility, admin] = await Promise.all([verifiedFacility(t), adminToken(t)]);
  });
  afterAll(async () => {
    await lockHolder?.release();
    await t.close();
  });

  const holdFacilitiesProjection = async () => {
    lockHolder = t.db.createQueryRunner();
    await lockHolder.connect();
    await lockHolder.query(`SELECT pg_advisory_lock(hashtext('projection:facilities'))`);
  };
  const releaseFacilitiesProjection = () => lockHolder.query(`SELECT pg_advisory_unlock(hashtext('projection:facilities'))`);

  it('uses the credit the admin just added and goes live', async () => {
    const id = await draftPosting(t, facility.token);
    await holdFacilitiesProjection();

    const added = await t.http().post(`/api/admin/facilities/${facility.facilityId}/add-credit`).set(bearer(admin));
    expect(added.status).toBe(200);
    // The read model has not seen the credit yet.
    expect(await postingCredits(t, facility.token)).toBe(0);

    const response = await t.http().post(`/api/job-postings/${id}/publish`).set(bearer(facility.token));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id, status: 'active', requires_payment: false });
    expect((await streamEvents(t, `posting-${id}`)).map((event) => event.type)).toEqual(['PostingCreated', 'PostingPublished']);
    const facilityEvents = (await streamEvents(t, `facility-${facility.facilityId}`)).map((event) => event.type);
    expect(facilityEvents.slice(-2)).toEqual(['PostingCreditAdded', 'PostingCreditConsumed']);

    await releaseFacilitiesProjection();
    await t.projections.catchUp();
    expect(await postingCredits(t, facility.token)).toBe(0);
  });
});

describe('publishing one draft twice at once', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('publishes it once and spends one credit', async () => {
    const facility = await verifiedFacility(t, { credits: 2 });
    const id = await draftPosting(t, facility.token);
    const publish = () => t.http().post(`/api/job-postings/${id}/publish`).set(bearer(facility.token));
    const answers = await Promise.all([publish(), publish()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body).toEqual({ detail: 'This job posting is already active.' });
    expect((await streamEvents(t, `posting-${id}`)).map((event) => event.type)).toEqual(['PostingCreated', 'PostingPublished']);
    await t.projections.catchUp();
    expect(await postingCredits(t, facility.token)).toBe(1);
  });
});
