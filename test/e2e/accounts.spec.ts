import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The accounts pages in a real browser against the real server: registration of both kinds of
 * account, the verification link from the captured email (the e2e server has no SMTP_URL, so
 * mail lands in GET /api/dev/mailbox), signing in, changing the password, the forgot/reset flow
 * and the return to a guarded page after signing in. Every test makes its own accounts.
 */

const PASSWORD = 'Passw0rd!';

function unique(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A random NPI with a correct check digit (Luhn over 80840 + the first nine digits). */
function randomNpi(): string {
  const body = `${1 + Math.floor(Math.random() * 9)}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const digits = `80840${body}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** The link of the newest email to `email` whose subject contains `subject` (mail is sent by a worker, so wait). */
async function linkFromMail(request: APIRequestContext, email: string, subject: string, path: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
        const { messages } = (await response.json()) as { messages: MailMessage[] };
        const message = messages.find((candidate) => candidate.subject.includes(subject));
        link = message?.text.match(new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`))?.[0] ?? '';
        return link;
      },
      { message: `a "${subject}" email to ${email}`, timeout: 20_000 },
    )
    .not.toBe('');
  return link;
}

/** A verified account made through the API, for tests that are not about registering. */
async function verifiedApplicant(request: APIRequestContext, email: string, password = PASSWORD): Promise<void> {
  const response = await request.post('/api/auth/register', {
    data: {
      email,
      password,
      tos_accepted: true,
      role: 'applicant',
      profile_data: {
        first_name: 'Avery',
        last_name: 'Stone',
        license_number: `RN${Math.floor(Math.random() * 1e9)}`,
        license_state: 'WA',
        license_expires_at: '2029-06-30',
        npi: randomNpi(),
        linkedin_profile: null,
        experience_started_at: '2016-02-01',
        role_type: 'CRNA',
        malpractice_provided: false,
        job_search_frequency_days: 7,
      },
    },
  });
  expect(response.status()).toBe(201);
  const link = await linkFromMail(request, email, 'Verify', '/verify-email');
  const token = new URL(link).searchParams.get('token');
  expect((await request.post(`/api/auth/verify-email?token=${token}`)).ok()).toBeTruthy();
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Log in to Tenens' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function logOut(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Account menu for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
}

async function fillAccountStep(page: Page, kind: 'facility' | 'applicant', email: string, first: string, last: string) {
  await page.getByRole('radio', { name: kind === 'facility' ? /^Facility/ : /CRNA or anesthesiologist/ }).click();
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I accept the/ }).check();
  // Enabled once the email is confirmed free (checked 500 ms after typing stops).
  await expect(page.getByText('This email is available')).toBeAttached();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Opens the verification link, sees it confirmed, and lands on the login page 3 seconds later. */
async function verifyFromMail(page: Page, email: string): Promise<void> {
  const link = await linkFromMail(page.request, email, 'Verify', '/verify-email');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
}

test.describe('accounts', () => {
  test('a facility registers, verifies its email from the link, and signs in', async ({ page }) => {
    const email = unique('facility');
    await page.goto('/register');
    await fillAccountStep(page, 'facility', email, 'Morgan', 'Lee');

    await expect(page.getByRole('heading', { name: 'Your facility' })).toBeVisible();
    await page.getByLabel('Facility name').fill('Lakeside Surgery Center');
    await page.getByRole('combobox', { name: 'Facility type' }).click();
    await page.getByRole('option', { name: 'Ambulatory Surgery Center' }).click();
    await page.getByLabel('NPI number').fill(randomNpi());
    await page.getByLabel('Website').fill('lakeside.example.com');
    await page.getByLabel('Street address').fill('12 Harbor Way');
    await page.getByLabel('City').fill('Portland');
    await page.getByLabel('State').fill('or');
    await page.getByLabel('ZIP code').fill('97201');
    await page.getByLabel('Phone').fill('5035550134');
    await expect(page.getByLabel('Phone')).toHaveValue('(503) 555-0134');
    await expect(page.getByText('This NPI is available')).toBeAttached();
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await expect(page.getByRole('main').getByText(email)).toBeVisible();

    await verifyFromMail(page, email);
    await logIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Account menu for Morgan Lee' })).toBeVisible();

    await page.goto('/facility-profile');
    await expect(page.getByLabel('Facility name')).toHaveValue('Lakeside Surgery Center');
    await expect(page.getByLabel('Website')).toHaveValue('https://lakeside.example.com');
    await expect(page.getByLabel('State')).toHaveValue('OR');
  });

  test('an applicant registers, verifies, signs in and finds their profile pending confirmation', async ({ page }) => {
    const email = unique('applicant');
    await page.goto('/register');
    await fillAccountStep(page, 'applicant', email, 'Casey', 'Rivera');

    await expect(page.getByRole('heading', { name: 'Your professional details' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'CRNA' })).toBeChecked();
    await page.getByLabel('License number').fill(`RN${Date.now()}`);
    await page.getByRole('combobox', { name: 'License state' }).fill('Calif');
    await page.getByRole('option', { name: /California/ }).click();
    await page.getByLabel('License expiration date').fill('2029-01-31');
    await page.getByLabel('Experience start date').fill('2014-05-01');
    await page.getByLabel('NPI number').fill(randomNpi());
    await page.getByLabel('LinkedIn profile').fill('casey-rivera');
    await page.getByLabel('LinkedIn profile').blur();
    await expect(page.getByLabel('LinkedIn profile')).toHaveValue('https://www.linkedin.com/in/casey-rivera');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await verifyFromMail(page, email);
    await logIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/applicant-profile');
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await expect(page.getByText('pending identity confirmation').first()).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'License state' })).toHaveValue('California (CA)');
  });

  test('changing the password on /user-profile keeps the session, and the new password signs in', async ({ page }) => {
    const email = unique('changer');
    await verifiedApplicant(page.request, email);
    await page.goto('/login');
    await logIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/user-profile');
    await expect(page.getByText('Healthcare Professional')).toBeVisible();
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByLabel('Current password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('Changed123');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Changed123');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile and password updated successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit profile' })).toBeVisible();

    // The old token no longer works; the stored one is the new one, so a reload stays signed in.
    await page.reload();
    await expect(page).toHaveURL(/\/user-profile$/);
    await expect(page.getByRole('button', { name: 'Edit profile' })).toBeVisible();

    await logOut(page, 'Avery Stone');
    await page.goto('/login');
    await logIn(page, email, PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('Incorrect email or password');
    await page.getByLabel('Password', { exact: true }).fill('Changed123');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('forgot password: the emailed link resets it once, and the new password signs in', async ({ page }) => {
    const email = unique('forgetful');
    await verifiedApplicant(page.request, email);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

    const link = await linkFromMail(page.request, email, 'Reset your Tenens password', '/reset-password');
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('resetme1');
    await page.getByLabel('Confirm new password', { exact: true }).fill('resetme1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Password must contain at least one uppercase letter, one lowercase letter, and one number')).toBeVisible();

    await page.getByLabel('New password', { exact: true }).fill('ResetMe123');
    await page.getByLabel('Confirm new password', { exact: true }).fill('ResetMe123');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('heading', { name: 'Password reset' })).toBeVisible();

    // The link works once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('Another123');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Another123');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
    await expect(page.getByText('Invalid reset link. Please request a new password reset.')).toBeVisible();

    await page.goto('/login');
    await logIn(page, email, 'ResetMe123');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a signed-out visit to a guarded page lands on /login and returns there after sign-in', async ({ page }) => {
    const email = unique('returning');
    await verifiedApplicant(page.request, email);

    await page.goto('/user-profile');
    await expect(page).toHaveURL(/\/login\?from=%2Fuser-profile$/);
    await logIn(page, email, PASSWORD);

    await expect(page).toHaveURL(/\/user-profile$/);
    await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
    await expect(page.getByRole('main').getByText(email)).toBeVisible();
  });

  test('verification links: no token, and a used or unknown token', async ({ page }) => {
    await page.goto('/verify-email');
    await expect(page.getByText('No verification token provided')).toBeVisible();
    await page.goto('/verify-email?token=not-a-real-token');
    await expect(page.getByRole('heading', { name: "We couldn't verify your email" })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });
});
