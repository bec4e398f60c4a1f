import { readFile } from 'node:fs/promises';

import { expect, test } from '@playwright/test';

import { applicantRegistration, facilityRegistration } from '../support/accounts';
import { jobForm } from '../support/postings';
import { ADMIN, bearer, logInThroughTheUi, login, ok, signUp } from './support/setup';

/**
 * A connection in the browser: the applicant adds the assignment to their calendar (an .ics file
 * with the job's working days at the facility), then turns job alerts off on their profile.
 * Accounts, verification, posting, bid and acceptance are set up through the API.
 */

test('a connected applicant adds the assignment to their calendar and turns job alerts off', async ({ browser, request }) => {
  test.slow();
  const admin = await login(request, ADMIN.email, ADMIN.password);
  const facility = await signUp(request, facilityRegistration());
  const applicant = await signUp(request, applicantRegistration({}, { first_name: 'Sam', last_name: 'Rivera' }));
  const verify = (kind: string, id: string) =>
    request.put(`/api/admin/${kind}/${id}/verify?verification_status=verified`, { headers: bearer(admin) });
  await ok(await verify('facilities', facility.me.facility!.id), 'verify facility');
  await ok(await verify('applicants', applicant.me.applicant!.id), 'verify applicant');
  await ok(await request.post(`/api/admin/facilities/${facility.me.facility!.id}/add-credit`, { headers: bearer(admin) }), 'credit');
  const form = jobForm({ title: 'CRNA for cataract days', week_days: [2, 4] });
  const posting = await ok<{ id: string }>(
    await request.post('/api/job-postings', { headers: bearer(facility.token), data: form }),
    'post',
  );
  await ok(await request.post(`/api/job-postings/${posting.id}/publish`, { headers: bearer(facility.token) }), 'publish');
  const bid = await ok<{ id: string }>(
    await request.post('/api/job-bids', { headers: bearer(applicant.token), data: { job_posting_id: posting.id, proposed_rate: 185 } }),
    'bid',
  );
  await ok(await request.put(`/api/job-bids/${bid.id}/accept`, { headers: bearer(facility.token) }), 'accept');

  const page = await logInThroughTheUi(browser, applicant.email);
  await page.goto(`/jobs/${posting.id}`);
  const yourBid = page.getByRole('region', { name: 'Your bid' });
  await expect(yourBid.getByText('Connection made')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), yourBid.getByRole('button', { name: 'Add to calendar' }).click()]);
  expect(download.suggestedFilename()).toBe('tenens-assignment.ics');
  const ics = (await readFile(await download.path(), 'utf8')).replace(/\r\n /g, '');
  expect(ics).toContain('SUMMARY:CRNA for cataract days at Bayview Surgery Center\r\n');
  expect(ics).toContain(`RRULE:FREQ=WEEKLY;UNTIL=${String(form.end_date).replace(/-/g, '')};BYDAY=MO,WE\r\n`);
  expect(ics).toContain('LOCATION:100 Harbor Way\\, San Diego\\, CA 92101\r\n');

  await page.goto('/applicant-profile');
  await expect(page.getByText(/Next digest: /)).toBeVisible();
  // The segmented control's radios are visually hidden: a person clicks the label.
  await page.locator('label', { hasText: /^Off$/ }).click();
  await expect(page.getByText('Job alerts are off. Turn them on to hear of new jobs matching your saved search.')).toBeVisible();
  // Saved at once: nothing is left for the form to save.
  await expect(page.getByRole('button', { name: 'Discard' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Off' })).toBeChecked();
});
