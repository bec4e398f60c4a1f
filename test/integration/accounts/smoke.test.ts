import { startTestApp, TestApp } from '../../support/app';
import { signedUp } from '../../support/accounts';

describe('accounts smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('registers a facility, verifies by email, signs in and reads /users/me', async () => {
    const facility = await signedUp(t, 'facility');
    expect(facility.me.role).toBe('facility_admin');
    expect(facility.me.facility).toMatchObject({ name: 'Bayview Surgery Center', verification_status: 'pending' });
  });

  it('registers an applicant the same way', async () => {
    const applicant = await signedUp(t, 'applicant');
    expect(applicant.me.applicant).toMatchObject({ verification_status: 'pending' });
  });
});
