import type { Response } from 'supertest';
import { FACILITY_PERMISSION_FLAGS, type FacilityPermissionFlag } from '../../../server/src/domain/accounts/facility-permissions';
import { startTestApp, type TestApp } from '../../support/app';
import { uniqueEmail } from '../../support/accounts';
import { activePosting, draftPosting, jobForm } from '../../support/postings';
import { SLOW } from '../accounts/helpers';
import { act, placedBid, quickApplicant, quickFacility, type Facility } from '../bids/helpers';
import { bearer, inviteBody, joinedMember, setPermissions, type Member } from './helpers';

jest.setTimeout(SLOW * 3);

/**
 * For each of the six flags: a member holding every flag but that one is refused (403) at every
 * endpoint that needs it, and a member holding only that one succeeds there. The grant changes
 * between the two halves through PUT /facility-users/{id}, without a new sign-in.
 */
let t: TestApp;
let admin: Facility;
let member: Member;

beforeAll(async () => {
  t = await startTestApp();
  admin = await quickFacility(t, { credits: 10 });
  member = await joinedMember(t, admin);
});

afterAll(async () => {
  await t?.close();
});

const profile = {
  name: 'Bayview Surgery Center',
  address_line1: '1 Bay St',
  city: 'San Diego',
  state: 'CA',
  zip_code: '92101',
  phone: '6195550100',
};

type Call = (token: string) => Promise<Response>;

/** Endpoints needing one flag, each built fresh (new postings and bids) for every attempt. */
const ENDPOINTS: Record<FacilityPermissionFlag, () => Promise<[string, Call, number][]>> = {
  can_create_jobs: async () => [
    ['POST /job-postings', (token) => t.http().post('/api/job-postings').set(bearer(token)).send(jobForm()), 201],
  ],
  can_edit_jobs: async () => {
    const id = await draftPosting(t, admin.token);
    return [
      [
        'PUT /job-postings/{id}',
        (token) =>
          t
            .http()
            .put(`/api/job-postings/${id}`)
            .set(bearer(token))
            .send(jobForm({ title: 'Renamed' })),
        200,
      ],
    ];
  },
  can_publish_jobs: async () => {
    const draft = await draftPosting(t, admin.token);
    const active = await activePosting(t, admin.token);
    const withdrawn = await activePosting(t, admin.token);
    await t.http().delete(`/api/job-postings/${withdrawn}`).set(bearer(admin.token)).expect(200);
    return [
      ['POST /job-postings/{id}/publish', (token) => t.http().post(`/api/job-postings/${draft}/publish`).set(bearer(token)), 200],
      ['DELETE /job-postings/{id}', (token) => t.http().delete(`/api/job-postings/${active}`).set(bearer(token)), 200],
      ['POST /job-postings/{id}/reactivate', (token) => t.http().post(`/api/job-postings/${withdrawn}/reactivate`).set(bearer(token)), 200],
    ];
  },
  can_manage_bids: async () => {
    const posting = await activePosting(t, admin.token);
    const bid = async () => placedBid(t, (await quickApplicant(t)).token, posting, 180);
    const [toAccept, toReject, toUndo, toCounter] = [await bid(), await bid(), await bid(), await bid()];
    expect((await act(t, admin.token, toUndo, 'reject')).status).toBe(200);
    return [
      ['PUT /job-bids/{id}/accept', (token) => act(t, token, toAccept, 'accept'), 200],
      ['PUT /job-bids/{id}/reject', (token) => act(t, token, toReject, 'reject'), 200],
      ['PUT /job-bids/{id}/undo', (token) => act(t, token, toUndo, 'undo'), 200],
      ['PUT /job-bids/{id}/counter', (token) => act(t, token, toCounter, 'counter', 175), 200],
    ];
  },
  can_manage_users: async () => [
    ['GET /facility-users', (token) => t.http().get('/api/facility-users').set(bearer(token)), 200],
    ['GET /facility-user-invites', (token) => t.http().get('/api/facility-user-invites').set(bearer(token)), 200],
    [
      'POST /facility-user-invites',
      (token) =>
        t
          .http()
          .post('/api/facility-user-invites')
          .set(bearer(token))
          .send(inviteBody(uniqueEmail('matrix'))),
      201,
    ],
  ],
  can_manage_billing: async () => [
    ['PUT /facilities/profile', (token) => t.http().put('/api/facilities/profile').set(bearer(token)).send(profile), 200],
  ],
};

const allBut = (flag: FacilityPermissionFlag) => Object.fromEntries(FACILITY_PERMISSION_FLAGS.map((f) => [f, f !== flag]));

describe.each(FACILITY_PERMISSION_FLAGS)('%s', (flag) => {
  it('is required: refused without it, allowed with only it', async () => {
    expect((await setPermissions(t, admin.token, member.userId, allBut(flag))).status).toBe(200);
    for (const [name, call] of await ENDPOINTS[flag]()) {
      const response = await call(member.token);
      expect({ name, status: response.status }).toEqual({ name, status: 403 });
      expect(typeof response.body.detail).toBe('string');
    }
    expect((await setPermissions(t, admin.token, member.userId, { [flag]: true })).status).toBe(200);
    for (const [name, call, status] of await ENDPOINTS[flag]()) {
      const response = await call(member.token);
      expect({ name, status: response.status }).toEqual({ name, status });
    }
  });
});
