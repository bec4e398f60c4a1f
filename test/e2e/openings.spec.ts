import { expect, test, type Page } from '@playwright/test';

import { applicantRegistration, facilityRegistration } from '../support/accounts';
import { jobForm } from '../support/postings';

import { ADMIN, bid, livePosting, login, logInThroughTheUi, signUp, verify } from './support/setup';

/**
 * What a new user tripped over (issue 14), end to end: a posting with one opening fills when the
 * facility accepts a bid (after a confirmation naming the rate), the other applicant's bid closes
 * as 'Position filled', the facility reopens it; the admin console opens on the review queue and
 * shows a posting's applicants. Screenshots go to SCREENSHOTS_DIR when it is set.
 */

async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('openings', () => {
  test('accepting the last opening asks first, fills the posting and closes the other bid; the facility reopens it', async ({
    browser,
    request,
  }) => {
    test.slow();
    const admin = await login(request, ADMIN.email, ADMIN.password);
    const facility = await signUp(request, facilityRegistration());
    const sam = await signUp(request, applicantRegistration({}, { first_name: 'Sam', last_name: 'Rivera' }));
    const jo = await signUp(request, applicantRegistration({}, { first_name: 'Jo', last_name: 'Park' }));
    for (const account of [facility, sam, jo]) await verify(request, admin, account);
    const postingId = await livePosting(request, admin, facility, jobForm({ hourly_rate: 185, openings: 1 }));
    await bid(request, sam, postingId, 220);
    await bid(request, jo, postingId, 210);

    const facilityPage = await logInThroughTheUi(browser, facility.email);
    await facilityPage.goto('/jobs/new');
    const openings = facilityPage.getByRole('textbox', { name: /Openings/ });
    await expect(openings).toHaveValue('1');
    await openings.scrollIntoViewIfNeeded();
    await shoot(facilityPage, 'job-form-openings');

    await facilityPage.goto(`/jobs/${postingId}`);
    const applicants = facilityPage.getByRole('region', { name: 'Applicants' });
    const samRow = applicants.getByRole('article', { name: 'Sam Rivera' });
    const joRow = applicants.getByRole('article', { name: 'Jo Park' });
    await samRow.getByRole('button', { name: 'Accept $220/hr' }).click();
    // Accepting emails both parties, so it asks first, with the rate.
    const confirm = facilityPage.getByRole('dialog', { name: "Accept Sam Rivera's bid?" });
    await expect(confirm.getByText(/\$220\/hr/).first()).toBeVisible();
    await confirm.getByRole('button', { name: 'Accept $220/hr' }).click();
    await expect(confirm).toBeHidden();
    await expect(samRow.getByText('Connection made')).toBeVisible();

    // The last opening is taken: filled, live, without reloading; the other bid closes.
    await expect(facilityPage.getByText(/Every opening has a connection \(1 of 1 opening filled\)/)).toBeVisible({ timeout: 15_000 });
    await expect(joRow.getByText('Position filled')).toBeVisible({ timeout: 15_000 });
    await expect(facilityPage.getByRole('group', { name: 'Posting actions' }).getByRole('button', { name: 'Reopen' })).toBeVisible();
    await shoot(facilityPage, 'filled-posting-facility');

    const joPage = await logInThroughTheUi(browser, jo.email);
    await joPage.goto(`/jobs/${postingId}`);
    const joBid = joPage.getByRole('region', { name: 'Your bid' });
    await expect(joBid.getByText('Position filled')).toBeVisible();
    await expect(joBid.getByText(/filled this position with other applicants/)).toBeVisible();
    await shoot(joPage, 'applicant-closed-bid');

    // The connection fell through: the facility reopens the posting, and it takes bids again.
    await facilityPage.getByRole('group', { name: 'Posting actions' }).getByRole('button', { name: 'Reopen' }).click();
    const reopen = facilityPage.getByRole('dialog', { name: 'Reopen this job posting?' });
    await expect(reopen.getByText(/Use this when a connection fell through/)).toBeVisible();
    await reopen.getByRole('button', { name: 'Reopen posting' }).click();
    await expect(facilityPage.getByText('Job posting reopened. It is back in search and takes applications.')).toBeVisible();
    await expect(facilityPage.getByText(/Every opening has a connection/)).toBeHidden();
    await expect(facilityPage.getByRole('group', { name: 'Posting actions' }).getByRole('button', { name: 'Withdraw' })).toBeVisible();
    // Bids that closed when it filled stay closed: their applicants were told.
    await joPage.reload();
    await expect(joBid.getByText('Position filled')).toBeVisible();
  });
});

test.describe('admin oversight', () => {
  test('the console opens on the review queue, an admin notes a record and sees the applicants of a posting', async ({
    browser,
    request,
  }) => {
    test.slow();
    const admin = await login(request, ADMIN.email, ADMIN.password);
    const pending = await signUp(request, facilityRegistration({}, { name: 'Harbor Pending Clinic' }));
    const facility = await signUp(request, facilityRegistration({}, { name: 'Lakeside Oversight Hospital' }));
    const sam = await signUp(request, applicantRegistration({}, { first_name: 'Avery', last_name: 'Quinn' }));
    for (const account of [facility, sam]) await verify(request, admin, account);
    const postingId = await livePosting(request, admin, facility, jobForm({ hourly_rate: 185 }));
    await bid(request, sam, postingId, 200);

    const page = await logInThroughTheUi(browser, ADMIN.email, ADMIN.password);
    await page.goto('/admin');
    await expect(page.getByRole('tab', { selected: true })).toContainText('Review queue');
    const queue = page.getByRole('region', { name: 'Facilities awaiting review' });
    await expect(queue.getByRole('link', { name: 'Harbor Pending Clinic' })).toBeVisible();
    await queue.getByRole('link', { name: 'Harbor Pending Clinic' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/facilities/${pending.me.facility!.id}`));

    // A free-form note lands beside the generated lines, naming the admin.
    const notes = page.getByRole('region', { name: 'Admin Notes' });
    await notes.getByRole('textbox', { name: 'Add a note' }).fill('Asked for the NPI letter by email');
    await notes.getByRole('button', { name: 'Add note' }).click();
    await expect(notes.getByText(/Note by .+: Asked for the NPI letter by email/)).toBeVisible();
    await expect(notes.getByRole('textbox', { name: 'Add a note' })).toHaveValue('');
    await shoot(page, 'admin-notes');

    await page.goto(`/jobs/${postingId}`);
    const applicants = page.getByRole('region', { name: 'Applicants' });
    const row = applicants.getByRole('article', { name: 'Avery Quinn' });
    await expect(row).toBeVisible();
    await expect(row.getByText('$200/hr').first()).toBeVisible();
    // An admin watches; only the facility answers bids.
    await expect(row.getByRole('button', { name: /Accept/ })).toHaveCount(0);
  });
});
