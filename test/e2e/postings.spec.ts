import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { randomInt, randomUUID } from 'node:crypto';

import { validNpi } from '../support/accounts';

/**
 * Job postings end to end: a verified facility with a posting credit posts a job and publishes it,
 * an applicant finds it with the search filters, and the facility withdraws and reactivates it.
 * Accounts are set up through the API; everything after that goes through the UI.
 */

const PASSWORD = 'Secret123';
const ADMIN = { email: 'admin@tenens.test', password: 'AdminPass123' };

/** Letters only: a city name nobody else's test uses, so the location filter finds just our job. */
const suffix = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + randomInt(26))).join('');

async function login(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/auth/login', { form: { username: email, password } });
  expect(response.ok(), `login ${email}: ${response.status()}`).toBeTruthy();
  return (await response.json()).access_token;
}

/** Waits for the newest email to `email` and follows its verification link. */
async function verifyEmail(request: APIRequestContext, email: string) {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
        const { messages } = (await response.json()) as { messages: { text: string }[] };
        link = messages[0]?.text.match(/https?:\/\/\S*verify-email\?token=[\w.%-]+/)?.[0];
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  const token = new URL(link!).searchParams.get('token');
  const verified = await request.post(`/api/auth/verify-email?token=${encodeURIComponent(token!)}`);
  expect(verified.ok(), `verify ${email}: ${verified.status()}`).toBeTruthy();
}

async function register(request: APIRequestContext, payload: Record<string, unknown>) {
  const response = await request.post('/api/auth/register', { data: payload });
  expect(response.status(), JSON.stringify(await response.json())).toBe(201);
  await verifyEmail(request, payload.email as string);
  const token = await login(request, payload.email as string, PASSWORD);
  const me = await (await request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } })).json();
  return { email: payload.email as string, me };
}

async function setUpAccounts(request: APIRequestContext, city: string) {
  const id = randomUUID().slice(0, 8);
  const facility = await register(request, {
    email: `facility-${id}@example.test`,
    password: PASSWORD,
    role: 'facility_admin',
    tos_accepted: true,
    profile_data: {
      first_name: 'Dana',
      last_name: "O'Neil",
      name: 'Harbor Surgery Center',
      facility_type: 'Ambulatory Surgery Center',
      npi: validNpi(),
      website: 'harbor.example',
      address_line1: '100 Harbor Way',
      city,
      state: 'CA',
      zip_code: '92101',
      phone: '6195550100',
    },
  });
  const applicant = await register(request, {
    email: `crna-${id}@example.test`,
    password: PASSWORD,
    role: 'applicant',
    tos_accepted: true,
    profile_data: {
      first_name: 'Sam',
      last_name: 'Rivera',
      license_number: `RN${randomInt(100000, 999999)}`,
      license_state: 'CA',
      license_expires_at: '2030-06-30',
      npi: validNpi(),
      linkedin_profile: 'samrivera',
      experience_started_at: '2015-09-01',
      role_type: 'CRNA',
      malpractice_provided: true,
      job_search_frequency_days: 7,
    },
  });

  const admin = { Authorization: `Bearer ${await login(request, ADMIN.email, ADMIN.password)}` };
  const facilityId = facility.me.facility.id;
  expect(
    (await request.put(`/api/admin/facilities/${facilityId}/verify?verification_status=verified`, { headers: admin })).ok(),
  ).toBeTruthy();
  // Two credits: one to publish, one to reactivate after the withdrawal (billing stops when it is withdrawn).
  for (let i = 0; i < 2; i++) {
    expect((await request.post(`/api/admin/facilities/${facilityId}/add-credit`, { headers: admin })).ok()).toBeTruthy();
  }
  const applicantId = applicant.me.applicant.id;
  expect(
    (await request.put(`/api/admin/applicants/${applicantId}/verify?verification_status=verified`, { headers: admin })).ok(),
  ).toBeTruthy();
  return { facility, applicant };
}

async function signIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

/** A local calendar date `days` from today (the browser runs in the same time zone). */
function dateFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

async function pick(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a facility posts and publishes a job, an applicant finds it, the facility withdraws and reactivates it', async ({
  browser,
  request,
}) => {
  test.slow();
  const city = `Harborview ${suffix()}`;
  const title = `CRNA for outpatient spine ${suffix()}`;
  const { facility, applicant } = await setUpAccounts(request, city);

  // --- The facility posts a job.
  const facilityPage = await signIn(browser, facility.email);
  await expect(facilityPage.getByRole('heading', { name: 'Your Job Postings' })).toBeVisible();
  await expect(facilityPage.getByText('No job postings found. To post a job, click "post job" button above')).toBeVisible();
  await facilityPage.getByRole('link', { name: 'Post job' }).click();
  await expect(facilityPage.getByRole('heading', { name: 'Post New Job' })).toBeVisible();

  await facilityPage.getByLabel(/^Job title/).fill(title);
  await facilityPage.getByRole('radio', { name: 'CRNA' }).check();
  await pick(facilityPage, /^Required license state/, 'California (CA)');
  await facilityPage.getByLabel(/^Start date/).fill(dateFromToday(14));
  // The end date follows the start date.
  await expect(facilityPage.getByLabel(/^End date/)).toHaveValue(dateFromToday(21));
  await facilityPage.getByLabel(/^End date/).fill(dateFromToday(41));
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
    await facilityPage.getByRole('checkbox', { name: day }).check();
  }
  await expect(facilityPage.getByLabel(/^Days per week/)).toHaveValue('5');
  await facilityPage.getByLabel(/^Hours per day/).fill('10');
  await facilityPage.getByLabel(/^Hourly rate/).fill('185');
  await expect(facilityPage.getByText('Estimated contract value')).toBeVisible();
  await pick(facilityPage, /^Procedure types/, 'Spine');
  await facilityPage.keyboard.press('Escape');
  await pick(facilityPage, /^Supervision/, 'Medically directed');
  await facilityPage.getByRole('button', { name: 'Save draft' }).click();

  await expect(facilityPage).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
  const jobUrl = new URL(facilityPage.url()).pathname;
  await expect(facilityPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(facilityPage.getByText('Publish this posting to get applications')).toBeVisible();

  // --- It publishes with its posting credit.
  const actions = facilityPage.getByRole('group', { name: 'Posting actions' });
  await actions.getByRole('button', { name: 'Publish' }).click();
  const publishDialog = facilityPage.getByRole('dialog', { name: 'Publish this job posting?' });
  await expect(publishDialog.getByText(/uses one posting credit/)).toBeVisible();
  await publishDialog.getByRole('button', { name: 'Publish with a credit' }).click();
  await expect(facilityPage.getByText(/Job posting published/)).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Withdraw' })).toBeVisible();
  await expect(facilityPage.getByText('Publish this posting to get applications')).toHaveCount(0);

  // --- An applicant finds it with the filters.
  const applicantPage = await signIn(browser, applicant.email);
  await applicantPage.getByRole('tab', { name: 'Job Search' }).click();
  await applicantPage.getByRole('button', { name: 'Modify search' }).click();
  await applicantPage.getByLabel(/^Location/).fill(city);
  await pick(applicantPage, /^License state/, 'California (CA)');
  await pick(applicantPage, /^Procedure types/, 'Spine');
  await applicantPage.keyboard.press('Escape');
  await applicantPage.getByRole('button', { name: 'Apply and save' }).click();
  await expect(applicantPage.getByText('Search filters saved')).toBeVisible();
  await expect(applicantPage.getByText('1 job found')).toBeVisible();
  const results = applicantPage.getByRole('table', { name: 'Job search results' });
  await expect(results.getByRole('link', { name: title })).toBeVisible();
  await expect(results.getByText('$185/hr')).toBeVisible();

  // A filter that excludes it finds nothing.
  await applicantPage.getByRole('button', { name: 'Modify search' }).click();
  await pick(applicantPage, /^Supervision/, 'Independent');
  await applicantPage.getByRole('button', { name: 'Apply and save' }).click();
  await expect(applicantPage.getByText('No jobs found matching your criteria.')).toBeVisible();
  await applicantPage.getByRole('button', { name: 'Remove filter: Independent' }).click();
  await results.getByRole('link', { name: title }).click();
  await expect(applicantPage).toHaveURL(new RegExp(`${jobUrl}$`));
  await expect(applicantPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(
    applicantPage.getByRole('region', { name: 'Job details' }).getByText('Monday, Tuesday, Wednesday, Thursday, Friday'),
  ).toBeVisible();
  await expect(applicantPage.getByRole('group', { name: 'Posting actions' })).toHaveCount(0);

  // The saved filters come back on the next visit.
  await applicantPage.goto('/jobs');
  await expect(applicantPage.getByRole('list', { name: 'Current filters' }).getByText(`Near “${city}”`)).toBeVisible();

  // --- The facility withdraws it: it leaves the search.
  await actions.getByRole('button', { name: 'Withdraw' }).click();
  const withdrawDialog = facilityPage.getByRole('dialog', { name: 'Withdraw this job posting?' });
  await expect(withdrawDialog.getByText(/days? remains? in the current posting period/)).toBeVisible();
  await withdrawDialog.getByRole('button', { name: 'Withdraw posting' }).click();
  await expect(facilityPage.getByText('Job posting withdrawn')).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Reactivate' })).toBeVisible();

  await applicantPage.reload();
  await expect(applicantPage.getByText('No jobs found matching your criteria.')).toBeVisible();

  // --- And reactivates it: it is back.
  await actions.getByRole('button', { name: 'Reactivate' }).click();
  const reactivateDialog = facilityPage.getByRole('dialog', { name: 'Reactivate this job posting?' });
  await expect(reactivateDialog.getByText(/uses one posting credit/)).toBeVisible();
  await reactivateDialog.getByRole('button', { name: 'Reactivate with a credit' }).click();
  await expect(facilityPage.getByText('Job posting reactivated')).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Withdraw' })).toBeVisible();

  await applicantPage.reload();
  await expect(applicantPage.getByRole('table', { name: 'Job search results' }).getByRole('link', { name: title })).toBeVisible();

  // --- The facility dashboard lists it as active.
  await facilityPage.goto('/dashboard');
  await expect(facilityPage.getByRole('list', { name: 'Active job postings' }).getByRole('link', { name: title })).toBeVisible();
});
