import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';

import { PASSWORD, facilityRegistration } from '../support/accounts';
import { jobForm } from '../support/postings';
import { ADMIN, bearer, emailedLink, login, ok } from './support/setup';

/**
 * Paying for a posting end to end, with the built-in sandbox checkout (no Stripe keys): a
 * verified facility without credits publishes, pays with 4242 4242 4242 4242 in the dialog, sees
 * the posting live with its billing history and the payment in Payment History; a declined card
 * (4000 0000 0000 0002) ends in 'Payment Error' and the posting stays unpublished.
 */

const TERMS = /^\$[\d,]+\.\d{2} per month, billed monthly until the posting is withdrawn or expires; no refunds$/;
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

/** A verified facility with no posting credits and two draft postings. */
async function facilityWithDrafts(request: APIRequestContext) {
  const admin = await login(request, ADMIN.email, ADMIN.password);
  const registration = facilityRegistration();
  await ok(await request.post('/api/auth/register', { data: registration }), 'register');
  const link = await emailedLink(request, registration.email, /https?:\/\/\S*verify-email\S*/);
  await ok(await request.post(`/api/auth/verify-email?token=${new URL(link).searchParams.get('token')}`), 'verify email');
  const token = await login(request, registration.email);
  const me = await ok<{ facility: { id: string } }>(await request.get('/api/users/me', { headers: bearer(token) }), 'me');
  await ok(
    await request.put(`/api/admin/facilities/${me.facility.id}/verify?verification_status=verified`, { headers: bearer(admin) }),
    'verify facility',
  );
  const draft = async (title: string) =>
    (
      await ok<{ id: string }>(
        await request.post('/api/job-postings', { headers: bearer(token), data: jobForm({ title }) }),
        'create posting',
      )
    ).id;
  return { email: registration.email, token, paid: await draft('Paid CRNA locum'), declined: await draft('Declined CRNA locum') };
}

async function logIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  return page;
}

/** Publish, read the charge, continue to the sandbox checkout and pay with `card`. */
async function publishAndPay(page: Page, postingId: string, card: string) {
  await page.goto(`/jobs/${postingId}`);
  await page.getByRole('group', { name: 'Posting actions' }).getByRole('button', { name: 'Publish' }).click();
  const confirm = page.getByRole('dialog', { name: 'Publish this job posting?' });
  await expect(confirm.getByText(TERMS)).toBeVisible();
  await confirm.getByRole('button', { name: 'Continue to payment' }).click();

  const checkout = page.getByRole('dialog', { name: 'Pay for your job posting' });
  await expect(checkout.getByText('Sandbox — no real charge')).toBeVisible();
  await checkout.getByRole('textbox', { name: 'Card number' }).fill(card);
  await checkout.getByRole('textbox', { name: 'Month' }).fill('12');
  await checkout.getByRole('textbox', { name: 'Year' }).fill(nextYear);
  await checkout.getByRole('textbox', { name: 'CVC' }).fill('123');
  await checkout.getByRole('button', { name: /^Pay \$/ }).click();
}

test.describe('paying for a posting (sandbox checkout)', () => {
  test('a facility without credits pays by card and the posting goes live; a declined card leaves it unpublished', async ({
    browser,
    request,
  }) => {
    test.slow();
    const facility = await facilityWithDrafts(request);
    const page = await logIn(browser, facility.email);

    // --- A good card -------------------------------------------------------------------------
    await publishAndPay(page, facility.paid, '4242 4242 4242 4242');
    const success = page.getByRole('dialog', { name: 'Payment Successful!' });
    await expect(success.getByText('“Paid CRNA locum” is live.')).toBeVisible();
    await expect(success).toBeHidden({ timeout: 5_000 });
    await expect(page.getByRole('region', { name: 'Posting status' }).getByText('Active')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Posting actions' }).getByRole('button', { name: 'Withdraw' })).toBeVisible();
    const history = page.getByRole('region', { name: 'Billing history' });
    await expect(history.getByRole('table', { name: 'Billing records' }).getByRole('row', { name: /Initial/ })).toContainText('Paid');

    // The payment is in Payment History, reached from the account menu.
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Payments' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment History' })).toBeVisible();
    const row = page.getByRole('table', { name: 'Payments' }).getByRole('row', { name: /Paid CRNA locum/ });
    await expect(row).toContainText('Initial');
    await expect(row).toContainText('Paid');
    await expect(row.getByRole('link', { name: 'Paid CRNA locum' })).toHaveAttribute('href', `/jobs/${facility.paid}`);

    // --- A declined card ---------------------------------------------------------------------
    await publishAndPay(page, facility.declined, '4000 0000 0000 0002');
    const error = page.getByRole('dialog', { name: 'Payment Error' });
    await expect(error.getByText('Your card was declined.')).toBeVisible();
    await error.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(error).toBeHidden();
    await expect(page.getByText('Publish this posting to get applications')).toBeVisible();
    const posting = await ok<{ status: string }>(
      await request.get(`/api/job-postings/${facility.declined}`, { headers: bearer(facility.token) }),
      'posting',
    );
    expect(posting.status).toBe('draft');
  });
});
