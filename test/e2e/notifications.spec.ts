import { expect, test } from '@playwright/test';

import { applicantRegistration, facilityRegistration } from '../support/accounts';
import { jobForm } from '../support/postings';
import { ADMIN, bearer, logInThroughTheUi, login, ok, signUp, socketConnected } from './support/setup';

/**
 * The inbox, live: an applicant reading the job search hears of a facility's counter made
 * elsewhere as a bell count and a toast without a reload, opens it from the bell and lands on the
 * bid, which the notification's opening marks read. Accounts and the posting are set up through
 * the API.
 */

const JOB = 'CRNA for a busy ambulatory surgery center';

test.describe('notifications, live', () => {
  test('a counter made elsewhere reaches the applicant on the job search as a bell count and a toast, and opens the bid', async ({
    browser,
    request,
  }) => {
    test.slow();

    // --- Set-up through the API ---------------------------------------------------------------
    const admin = await login(request, ADMIN.email, ADMIN.password);
    const facility = await signUp(request, facilityRegistration());
    const applicant = await signUp(request, applicantRegistration({}, { first_name: 'Sam', last_name: 'Rivera' }));
    await ok(
      await request.put(`/api/admin/facilities/${facility.me.facility!.id}/verify?verification_status=verified`, {
        headers: bearer(admin),
      }),
      'verify facility',
    );
    await ok(
      await request.put(`/api/admin/applicants/${applicant.me.applicant!.id}/verify?verification_status=verified`, {
        headers: bearer(admin),
      }),
      'verify applicant',
    );
    await ok(await request.post(`/api/admin/facilities/${facility.me.facility!.id}/add-credit`, { headers: bearer(admin) }), 'add credit');
    const posting = await ok<{ id: string }>(
      await request.post('/api/job-postings', { headers: bearer(facility.token), data: jobForm({ hourly_rate: 185 }) }),
      'create posting',
    );
    await ok(await request.post(`/api/job-postings/${posting.id}/publish`, { headers: bearer(facility.token) }), 'publish');
    const bid = await ok<{ id: string }>(
      await request.post('/api/job-bids', { headers: bearer(applicant.token), data: { job_posting_id: posting.id, proposed_rate: 220 } }),
      'bid',
    );
    // The verification notice is read already: the bell starts at nothing unread.
    await ok(await request.post('/api/notifications/read-all', { headers: bearer(applicant.token) }), 'read all');

    // --- The applicant on the job search tab ---------------------------------------------------
    const page = await logInThroughTheUi(browser, applicant.email);
    // A push sent before the page's socket joins its rooms is lost (the page refetches on
    // connect instead): the counter is made once the socket is in.
    const connected = socketConnected(page);
    await page.goto('/jobs');
    await expect(page.getByRole('heading', { name: 'Job Search' })).toBeVisible();
    await connected;
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications');

    // --- The facility counters in another context ----------------------------------------------
    await ok(await request.put(`/api/job-bids/${bid.id}/counter?counter_rate=200`, { headers: bearer(facility.token) }), 'counter');
    const countered = Date.now();
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    const toast = page.getByRole('alert').filter({ hasText: `Counter offer on ${JOB}` });
    await expect(toast).toBeVisible();
    test.info().annotations.push({ type: 'counter seen on the job search after', description: `${Date.now() - countered} ms` });
    await expect(toast).toContainText('The facility countered at $200/hr.');
    await expect(page).toHaveURL(/\/jobs$/);

    // --- Opened from the bell, it lands on the bid and is read ---------------------------------
    await bell.click();
    const item = page.getByRole('menuitem', { name: new RegExp(`Counter offer on ${JOB}`) });
    await expect(item).toContainText('Unread');
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/jobs/${posting.id}$`));
    const yourBid = page.getByRole('region', { name: 'Your bid' });
    await expect(yourBid.getByText('Your response needed', { exact: true })).toBeVisible();
    await expect(bell).toHaveAccessibleName('Notifications');

    // The inbox page lists it, read.
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(`Counter offer on ${JOB}`) })).not.toContainText('Unread');
    await expect(page.getByRole('heading', { name: 'All read' })).toBeVisible();

    await page.context().close();
  });
});
