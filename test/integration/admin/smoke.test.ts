import { startTestApp, TestApp } from '../../support/app';
import { login, signedUp } from '../../support/accounts';

describe('admin console smoke', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { ADMIN_EMAIL: 'root@tenens.test', ADMIN_PASSWORD: 'RootPass123' } });
    admin = await login(t, 'root@tenens.test', 'RootPass123');
  });
  afterAll(() => t.close());

  it('verifies a facility, adds a credit and shows the notes and history', async () => {
    const facility = await signedUp(t, 'facility');
    const id = facility.me.facility.id;
    const auth = { Authorization: `Bearer ${admin}` };
    const verified = await t.http().put(`/api/admin/facilities/${id}/verify?verification_status=verified&notes=docs%20ok`).set(auth);
    expect(verified.status).toBe(200);
    expect(verified.body.verification_status).toBe('verified');
    expect(verified.body.verification_notes).toMatch(/^\[\d{4}-\d\d-\d\dT[^\]]+\] Verified by Platform Admin \(docs ok\)$/);
    const credited = await t.http().post(`/api/admin/facilities/${id}/add-credit`).set(auth);
    expect(credited.body.posting_credits).toBe(1);
    const history = await t.http().get(`/api/admin/facilities/${id}/history`).set(auth);
    expect(history.body.map((e: { type: string }) => e.type)).toEqual(['FacilityRegistered', 'FacilityVerified', 'PostingCreditAdded']);
    expect(history.body[1].actor).toMatchObject({ side: 'admin', name: 'Platform Admin' });
    const refused = await t.http().get('/api/admin/facilities').set('Authorization', `Bearer ${facility.token}`);
    expect(refused.status).toBe(403);
  });
});
