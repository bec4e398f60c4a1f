import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';

import { PASSWORD, applicantRegistration, facilityRegistration } from '../support/accounts';
import { jobForm } from '../support/postings';

/**
 * The inbox, live: an applicant reading the job search hears of a facility's counter made
 * elsewhere as a bell count and a toast within a second, opens it from the bell and lands on the
 * bid, which the notification's opening marks read. Accounts and the posting are set up through
 * the API.
 */

const ADMIN = { email: 'admin@tenens.test', password: 'AdminPass123' };
const JOB = 'CRNA for a busy ambulatory surgery center';

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

async function login(request: APIRequestContext, email: string, password: string): Promise<string> {
  const body = await ok<{ access_token: string }>(
    await request.post('/api/auth/login', { form: { username: email, password } }),
    `login ${email}`,
  );
  return body.access_token;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Registers, follows the emailed verification link (the development mailbox), returns the user. */
async function signUp(request: APIRequestContext, payload: Record<string, unknown>) {
  await ok(await request.post('/api/auth/register', { data: payload }), 'register');
  const email = payload.email as string;
  let link: string | undefined;
  for (let attempt = 0; attempt < 50 && !link; attempt++) {
    const { messages } = await ok<{ messages: { text: string }[] }>(
      await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`),
      'mailbox',
    );
    link = messages.map((message) => message.text.match(/https?:\/\/\S*verify-email\S*/)?.[0]).find(Boolean);
    if (!link) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!link) throw new Error(`no verification email for ${email}`);
  const token = new URL(link).searchParams.get('token');
  await ok(await request.post(`/api/auth/verify-email?token=${token}`), 'verify email');
  const access = await login(request, email, PASSWORD);
  const me = await ok<{ facility: { id: string } | null; applicant: { id: string } | null }>(
    await request.get('/api/users/me', { headers: bearer(access) }),
    'me',
  );
  return { email, token: access, me };
}

/** Logs in through the UI and resolves once the page's socket has joined its rooms (Socket.IO's connect frame). */
async function logInThroughTheUi(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const socketJoined = new Promise<void>((resolve) =>
    page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => String(payload).startsWith('40') && resolve())),
  );
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await socketJoined;
  return page;
}

test.describe('notifications, live', () => {
  test('a counter made elsewhere reaches the applicant on the job search as a bell count and a toast, and opens the bid', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);

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
    await page.goto('/jobs');
    await expect(page.getByRole('heading', { name: 'Job Search' })).toBeVisible();
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications');

    // --- The facility counters in another context ----------------------------------------------
    await ok(await request.put(`/api/job-bids/${bid.id}/counter?counter_rate=200`, { headers: bearer(facility.token) }), 'counter');
    const countered = Date.now();
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 1_000 });
    const toast = page.getByRole('alert').filter({ hasText: `Counter offer on ${JOB}` });
    await expect(toast).toBeVisible({ timeout: 1_000 });
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
