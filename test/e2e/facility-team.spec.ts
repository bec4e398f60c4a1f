import { expect, test, type Browser, type Page } from '@playwright/test';

import { PASSWORD, applicantRegistration, facilityRegistration, uniqueEmail } from '../support/accounts';
import { jobForm } from '../support/postings';
import { bearer, emailedLink, login, ok, signUp } from './support/setup';

/**
 * The facility team end to end: an admin invites a colleague as a user who may only manage bids;
 * the colleague registers through the emailed link, counters a bid, is offered no "post job" and
 * is refused by the server when posting directly; the admin grants can_create_jobs and the
 * colleague's open dashboard shows "post job" without signing in again.
 */

const ADMIN = { email: 'admin@tenens.test', password: 'AdminPass123' };

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

async function logIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

test.describe('facility team', () => {
  test('an invited colleague who may only manage bids counters a bid, and may post once granted, live', async ({ browser, request }) => {
    test.slow();

    // --- Set-up through the API: a verified facility with a live posting and one bid on it ------
    const admin = await login(request, ADMIN.email, ADMIN.password);
    const facility = await signUp(request, facilityRegistration());
    const applicant = await signUp(request, applicantRegistration({}, { first_name: 'Sam', last_name: 'Rivera' }));
    const facilityId = facility.me.facility!.id;
    await ok(
      await request.put(`/api/admin/facilities/${facilityId}/verify?verification_status=verified`, { headers: bearer(admin) }),
      'verify',
    );
    await ok(
      await request.put(`/api/admin/applicants/${applicant.me.applicant!.id}/verify?verification_status=verified`, {
        headers: bearer(admin),
      }),
      'verify applicant',
    );
    await ok(await request.post(`/api/admin/facilities/${facilityId}/add-credit`, { headers: bearer(admin) }), 'add credit');
    const posting = await ok<{ id: string }>(
      await request.post('/api/job-postings', { headers: bearer(facility.token), data: jobForm({ hourly_rate: 185 }) }),
      'create posting',
    );
    await ok(await request.post(`/api/job-postings/${posting.id}/publish`, { headers: bearer(facility.token) }), 'publish');
    await ok(
      await request.post('/api/job-bids', { headers: bearer(applicant.token), data: { job_posting_id: posting.id, proposed_rate: 220 } }),
      'bid',
    );

    // --- The admin invites a colleague who may only manage bids ---------------------------------
    const adminPage = await newPage(browser);
    await logIn(adminPage, facility.email);
    await adminPage.getByRole('button', { name: /Account menu/ }).click();
    await adminPage.getByRole('menuitem', { name: 'Facility Users' }).click();
    await expect(adminPage.getByRole('heading', { name: 'Facility Users', level: 1 })).toBeVisible();
    await adminPage.getByRole('button', { name: 'Invite User' }).click();
    const invite = adminPage.getByRole('dialog', { name: 'Invite User' });
    const colleagueEmail = uniqueEmail('colleague');
    await invite.getByRole('textbox', { name: 'Email' }).fill(colleagueEmail);
    for (const flag of ['Create jobs', 'Edit jobs', 'Publish jobs']) await invite.getByRole('checkbox', { name: flag }).uncheck();
    await expect(invite.getByRole('checkbox', { name: 'Manage bids' })).toBeChecked();
    await expect(invite.getByRole('button', { name: 'Send Invite' })).toBeEnabled();
    await invite.getByRole('button', { name: 'Send Invite' }).click();
    await expect(adminPage.getByText('Invitation sent successfully!')).toBeVisible();
    await expect(adminPage.getByRole('region', { name: 'Pending invitations' }).getByText(colleagueEmail)).toBeVisible();

    // --- The colleague opens the emailed link and registers -------------------------------------
    const link = await emailedLink(request, colleagueEmail, /https?:\/\/\S*\/register\?invite=\S+/);
    const colleaguePage = await newPage(browser);
    await colleaguePage.goto(link);
    await expect(colleaguePage.getByText(/invited you to join Bayview Surgery Center as a user/)).toBeVisible();
    await expect(colleaguePage.getByRole('textbox', { name: 'Email' })).toHaveValue(colleagueEmail);
    await expect(colleaguePage.getByRole('radio', { name: /^Facility/ })).toHaveCount(0);
    await colleaguePage.getByRole('textbox', { name: 'First name' }).fill('Casey');
    await colleaguePage.getByRole('textbox', { name: 'Last name' }).fill('Colleague');
    await colleaguePage.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await colleaguePage.getByRole('textbox', { name: 'Confirm password' }).fill(PASSWORD);
    await colleaguePage.getByRole('checkbox', { name: /I accept the/ }).check();
    await colleaguePage.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(colleaguePage.getByRole('heading', { name: 'Welcome to the team' })).toBeVisible();

    // --- Signed in: bids yes, posting no ---------------------------------------------------------
    await logIn(colleaguePage, colleagueEmail);
    await expect(colleaguePage.getByRole('heading', { name: 'Your Job Postings' })).toBeVisible();
    await expect(colleaguePage.getByRole('link', { name: 'Post job' })).toHaveCount(0);

    await colleaguePage.goto(`/jobs/${posting.id}`);
    const samRow = colleaguePage.getByRole('region', { name: 'Applicants' }).getByRole('article', { name: 'Sam Rivera' });
    await samRow.getByRole('button', { name: 'Counter' }).click();
    const counter = colleaguePage.getByRole('dialog', { name: "Counter Sam Rivera's bid" });
    await counter.getByRole('textbox', { name: /counter rate/i }).fill('200');
    await counter.getByRole('button', { name: 'Send counter' }).click();
    await expect(samRow.getByText('You countered')).toBeVisible();

    const colleagueToken = await login(request, colleagueEmail);
    const refused = await request.post('/api/job-postings', { headers: bearer(colleagueToken), data: jobForm() });
    expect(refused.status()).toBe(403);

    // --- The admin grants can_create_jobs; the colleague's open dashboard follows ---------------
    await colleaguePage.goto('/dashboard');
    await expect(colleaguePage.getByRole('heading', { name: 'Your Job Postings' })).toBeVisible();
    await expect(colleaguePage.getByRole('link', { name: 'Post job' })).toHaveCount(0);

    await expect(adminPage.getByRole('table', { name: 'Facility users' }).getByText(colleagueEmail)).toBeVisible();
    await adminPage.getByRole('button', { name: 'Edit permissions of Casey Colleague' }).click();
    const edit = adminPage.getByRole('dialog', { name: 'Casey Colleague' });
    await edit.getByRole('checkbox', { name: 'Create jobs' }).check();
    await edit.getByRole('button', { name: 'Update Permissions' }).click();
    await expect(adminPage.getByText('User permissions updated successfully!')).toBeVisible();

    await expect(colleaguePage.getByRole('link', { name: 'Post job' })).toBeVisible();
    const allowed = await request.post('/api/job-postings', { headers: bearer(colleagueToken), data: jobForm() });
    expect(allowed.status()).toBe(201);

    await adminPage.context().close();
    await colleaguePage.context().close();
  });
});
