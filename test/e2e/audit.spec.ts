import { readFile } from 'node:fs/promises';

import { expect, test } from '@playwright/test';

import { applicantRegistration, facilityRegistration } from '../support/accounts';
import { jobForm } from '../support/postings';
import { ADMIN, bearer, login, ok, signUp } from './support/setup';

/**
 * The platform audit end to end: negotiation set up through the API, then the admin filters the
 * audit by the facility's email, exports the view as CSV, opens the bid's counter and moves the
 * time slider back to the first counter.
 */

test('an admin filters the audit by a facility, exports it, and moves a bid back to its first counter', async ({ page, request }) => {
  test.slow();

  // --- A negotiation, through the API: bid $200, facility counters $190, applicant counters $195 ---
  const admin = await login(request, ADMIN.email, ADMIN.password);
  const facility = await signUp(request, facilityRegistration());
  const applicant = await signUp(request, applicantRegistration({}, { first_name: 'Avery', last_name: 'Timeline' }));
  const asAdmin = { headers: bearer(admin) };
  await ok(await request.put(`/api/admin/facilities/${facility.me.facility!.id}/verify?verification_status=verified`, asAdmin), 'verify');
  await ok(await request.put(`/api/admin/applicants/${applicant.me.applicant!.id}/verify?verification_status=verified`, asAdmin), 'verify');
  await ok(await request.post(`/api/admin/facilities/${facility.me.facility!.id}/add-credit`, asAdmin), 'add credit');
  const posting = await ok<{ id: string }>(
    await request.post('/api/job-postings', {
      headers: bearer(facility.token),
      data: jobForm({ title: 'Audit trail CRNA', hourly_rate: 185 }),
    }),
    'create posting',
  );
  await ok(await request.post(`/api/job-postings/${posting.id}/publish`, { headers: bearer(facility.token) }), 'publish');
  const bid = await ok<{ id: string }>(
    await request.post('/api/job-bids', { headers: bearer(applicant.token), data: { job_posting_id: posting.id, proposed_rate: 200 } }),
    'bid',
  );
  await ok(await request.put(`/api/job-bids/${bid.id}/counter?counter_rate=190`, { headers: bearer(facility.token) }), 'counter');
  await ok(
    await request.put(`/api/job-bids/${bid.id}/counter-by-applicant?counter_rate=195`, { headers: bearer(applicant.token) }),
    'counter back',
  );

  // --- The admin opens the audit from the console and filters by the facility's email ---------
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Actor' }).fill(facility.email);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`actor=${encodeURIComponent(facility.email).replace(/\./g, '\\.')}`));
  const table = page.getByRole('table');
  const rows = table.locator('tbody tr');
  // Registration, credit spent, posting created and published, its subscription, the counter.
  await expect(rows.first()).toContainText('FacilityCountered');
  await expect(rows).toHaveCount(7);
  for (const email of await rows.locator('td:nth-child(4)').allInnerTexts()) expect(email).toContain(facility.email);
  await expect(table.getByRole('button', { name: 'ApplicantCountered' })).toHaveCount(0);

  // The view is in the URL: a reload (or a colleague with the link) sees the same rows.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Actor' })).toHaveValue(facility.email);
  await expect(rows).toHaveCount(7);

  // --- Export: the same rows as CSV ----------------------------------------------------------
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^tenens-audit-\d{4}-\d\d-\d\d\.csv$/);
  const csv = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
  expect(csv[0]).toBe('position,at,stream_type,stream,version,event_type,actor_name,actor_email,actor_role,record_name,record_link,data');
  expect(csv).toHaveLength(8);
  expect(csv[1]).toContain(`,FacilityCountered,`);
  for (const line of csv.slice(1)) expect(line).toContain(`,${facility.email},facility,`);

  // --- The bid: open its counter and slide back to the first counter --------------------------
  await table.getByRole('button', { name: 'FacilityCountered' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('"counter_rate": 190')).toBeVisible();
  const asOf = drawer.getByRole('group', { name: 'The bid as of the chosen event' });
  // It opens on the latest event: the applicant's counter.
  await expect(asOf.getByText('Applicant countered')).toBeVisible();
  await expect(asOf.getByText('3 of 3 events')).toBeVisible();
  const slider = asOf.getByRole('slider', { name: 'Show the state as of this event' });
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(asOf.getByText('Submitted, awaiting the facility')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(asOf.getByText('1 of 3 events')).toHaveCount(0);
  await expect(asOf.getByText('2 of 3 events')).toBeVisible();
  await expect(asOf.getByText('Facility countered')).toBeVisible();
  await expect(asOf.getByText('$190/hr', { exact: true })).toBeVisible();
  await expect(asOf.getByText(/Had acted: .*\(applicant\), .*\(facility\)/)).toBeVisible();
  // The applicant's counter had not happened yet: it fades in the history below.
  await expect(drawer.locator('li[data-later]')).toHaveCount(1);
});
