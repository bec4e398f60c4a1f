import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomInt } from 'node:crypto';

import { isValidNpi } from '../../server/src/domain/accounts/npi';

/**
 * The admin console end to end: the bootstrap admin (playwright.config.ts) reviews accounts that
 * registered through the API moments before.
 */
const ADMIN = { email: 'admin@tenens.test', password: 'AdminPass123' };
const PASSWORD = 'Secret123';

/** A fresh NPI with a correct check digit (as test/support/accounts.ts makes them). */
function validNpi(): string {
  const body = String(randomInt(100_000_000, 999_999_999));
  for (let check = 0; check <= 9; check++) if (isValidNpi(body + check)) return body + check;
  throw new Error('unreachable: one check digit always fits');
}

/** Letters only (names may not hold digits), unique enough to find a record in the lists. */
function tag(length = 6): string {
  return Array.from({ length }, () => String.fromCharCode(97 + randomInt(0, 26))).join('');
}

async function register(request: APIRequestContext, payload: Record<string, unknown>) {
  const response = await request.post('/api/auth/register', { data: payload });
  expect(response.status(), await response.text()).toBe(201);
}

async function registerFacility(request: APIRequestContext) {
  const name = `Harborview ${tag().replace(/^./, (c) => c.toUpperCase())} Surgery Center`;
  await register(request, {
    email: `facility-${tag(8)}@example.test`,
    password: PASSWORD,
    role: 'facility_admin',
    tos_accepted: true,
    profile_data: {
      first_name: 'Dana',
      last_name: "O'Neil",
      name,
      facility_type: 'Ambulatory Surgery Center',
      npi: validNpi(),
      website: 'harborview.example',
      address_line1: '100 Harbor Way',
      city: 'San Diego',
      state: 'CA',
      zip_code: '92101',
      phone: '6195550100',
    },
  });
  return name;
}

async function registerApplicant(request: APIRequestContext, lastName: string) {
  await register(request, {
    email: `crna-${tag(8)}@example.test`,
    password: PASSWORD,
    role: 'applicant',
    tos_accepted: true,
    profile_data: {
      first_name: 'Sam',
      last_name: lastName,
      license_number: `RN${randomInt(100000, 999999)}`,
      license_state: 'CA',
      license_expires_at: '2028-06-30',
      npi: validNpi(),
      linkedin_profile: 'samrivera',
      experience_started_at: '2015-09-01',
      role_type: 'CRNA',
      malpractice_provided: true,
      job_search_frequency_days: 7,
    },
  });
  return `Sam ${lastName}`;
}

async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test.describe('admin console', () => {
  test('verifies a pending facility, suspends and reactivates it, and adjusts its credits', async ({ page, request }) => {
    const facilityName = await registerFacility(request);
    await signInAsAdmin(page);

    // Facilities is the default tab; find the new facility by name.
    await page.getByRole('tab', { name: /Facilities/ }).click();
    await page.getByRole('tabpanel').getByLabel('Search facilities').fill(facilityName);
    await page.getByRole('link', { name: facilityName }).click();
    await expect(page.getByRole('heading', { level: 1, name: facilityName })).toBeVisible();
    const actions = page.getByRole('group', { name: 'Actions' });
    await expect(actions.getByRole('button')).toHaveText(['Verify', 'Reject']);
    await expect(region(page, 'Admin Notes')).toContainText('No notes');
    await expect(region(page, 'History')).toContainText('Facility signed up');
    await expect(region(page, 'Facility Users')).toContainText("Dana O'Neil");

    // Verify with a note.
    await actions.getByRole('button', { name: 'Verify' }).click();
    const verifyDialog = page.getByRole('dialog', { name: 'Verify facility' });
    await verifyDialog.getByLabel('Notes (optional)').fill('License and NPI checked');
    await verifyDialog.getByRole('button', { name: 'Verify facility' }).click();
    await expect(toast(page, 'Facility verified successfully')).toBeVisible();
    await expect(actions.getByRole('button')).toHaveText(['Suspend']);
    await expect(region(page, 'Admin Notes')).toContainText(
      /\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM): Verified by Platform Admin \(License and NPI checked\)/,
    );
    await expect(region(page, 'History')).toContainText('Verified by Platform Admin');
    await expect(region(page, 'History')).toContainText('License and NPI checked');

    // Suspend, then activate again.
    await actions.getByRole('button', { name: 'Suspend' }).click();
    await page.getByRole('dialog', { name: 'Suspend facility' }).getByRole('button', { name: 'Suspend facility' }).click();
    await expect(toast(page, 'Facility suspended')).toBeVisible();
    await expect(actions.getByRole('button')).toHaveText(['Activate']);
    await expect(page.getByText('Inactive', { exact: true }).first()).toBeVisible();
    await expect(region(page, 'History')).toContainText('Suspended by Platform Admin');

    await actions.getByRole('button', { name: 'Activate' }).click();
    await page.getByRole('dialog', { name: 'Activate facility' }).getByRole('button', { name: 'Activate facility' }).click();
    await expect(toast(page, 'Facility activated')).toBeVisible();
    await expect(actions.getByRole('button')).toHaveText(['Suspend']);
    await expect(region(page, 'History')).toContainText('Activated by Platform Admin');
    await expect(region(page, 'Admin Notes')).toContainText('Activated by Platform Admin');

    // Credits: remove is disabled at 0; add one, then remove it.
    const credits = region(page, 'Posting Credits');
    await expect(credits.getByTestId('posting-credits')).toHaveText('0');
    await expect(credits.getByRole('button', { name: 'Remove posting credit' })).toBeDisabled();
    await credits.getByRole('button', { name: 'Add posting credit' }).click();
    await expect(toast(page, 'Posting credit added successfully')).toBeVisible();
    await expect(credits.getByTestId('posting-credits')).toHaveText('1');
    await expect(region(page, 'History')).toContainText('Posting credit added by Platform Admin');
    await credits.getByRole('button', { name: 'Remove posting credit' }).click();
    await expect(toast(page, 'Posting credit removed successfully')).toBeVisible();
    await expect(credits.getByTestId('posting-credits')).toHaveText('0');
    await expect(credits.getByRole('button', { name: 'Remove posting credit' })).toBeDisabled();
    await expect(region(page, 'History')).toContainText('Posting credit removed by Platform Admin');
    await expect(region(page, 'Admin Notes')).toContainText('Posting credit removed by Platform Admin');

    // The list shows the new state.
    await page.getByRole('link', { name: 'Admin dashboard' }).click();
    await page.getByRole('tabpanel').getByLabel('Search facilities').fill(facilityName);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: facilityName }) });
    await expect(row).toContainText('Verified');
    await expect(row).toContainText('Active');
  });

  test('verifies one pending applicant and rejects another with a reason', async ({ page, request }) => {
    const family = tag(7).replace(/^./, (c) => c.toUpperCase());
    const first = await registerApplicant(request, `${family}a`);
    const second = await registerApplicant(request, `${family}b`);
    await signInAsAdmin(page);

    await page.getByRole('tab', { name: /Applicants/ }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('button', { name: 'Modify filters' }).click();
    await panel.getByLabel('Applicant name').fill(family);
    await panel.getByRole('button', { name: 'Apply filters' }).click();
    await expect(panel.getByText('Showing 1-2 of 2 applicants')).toBeVisible();
    await expect(panel.getByRole('group', { name: 'Current search' })).toContainText(`Name: ${family}`);

    // Verify the first.
    await panel.getByRole('link', { name: first, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
    const actions = page.getByRole('group', { name: 'Actions' });
    await actions.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('dialog', { name: 'Verify applicant' }).getByRole('button', { name: 'Verify applicant' }).click();
    await expect(toast(page, 'Applicant verified successfully')).toBeVisible();
    await expect(actions.getByRole('button')).toHaveText(['Deactivate']);
    await expect(region(page, 'Admin Notes')).toContainText('Verified by Platform Admin');
    await expect(region(page, 'History')).toContainText('Verified by Platform Admin');

    // Reject the second; the reason is required.
    await page.getByRole('link', { name: 'Admin dashboard' }).click();
    await expect(page.getByRole('tab', { name: /Applicants/ })).toHaveAttribute('aria-selected', 'true');
    // Only this test's applicants: other tests register people meanwhile, and a row arriving
    // live above the link would move it under the click.
    const again = page.getByRole('tabpanel');
    await again.getByRole('button', { name: 'Modify filters' }).click();
    await again.getByLabel('Applicant name').fill(family);
    await again.getByRole('button', { name: 'Apply filters' }).click();
    await expect(again.getByText('Showing 1-2 of 2 applicants')).toBeVisible();
    await again.getByRole('link', { name: second, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: second })).toBeVisible();
    await actions.getByRole('button', { name: 'Reject' }).click();
    const rejectDialog = page.getByRole('dialog', { name: 'Reject applicant' });
    await expect(rejectDialog.getByRole('button', { name: 'Reject applicant' })).toBeDisabled();
    await rejectDialog.getByLabel(/Reason/).fill('License number not found in the CA registry');
    await rejectDialog.getByRole('button', { name: 'Reject applicant' }).click();
    await expect(toast(page, 'Applicant rejected')).toBeVisible();
    await expect(page.getByText('Rejected', { exact: true }).first()).toBeVisible();
    await expect(region(page, 'Admin Notes')).toContainText('Rejected by Platform Admin (License number not found in the CA registry)');
    await expect(region(page, 'History')).toContainText('Rejected by Platform Admin');
    await expect(region(page, 'History')).toContainText('License number not found in the CA registry');
    // A rejected applicant can still be verified or rejected again.
    await expect(actions.getByRole('button')).toHaveText(['Verify', 'Reject']);
  });
});
