import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';

import { PASSWORD, applicantRegistration, facilityRegistration, uniqueEmail } from '../support/accounts';
import { jobForm } from '../support/postings';
import { ADMIN, bearer, emailedLink, login, ok, signUp as signUpThroughTheApi } from './support/setup';

/**
 * axe-core on every page of the spec's route table (part 1 §2), signed out and in each role, at
 * desktop and phone widths, with the key dialogs and menus open: any violation fails. Rules are
 * axe's defaults (WCAG 2.x A/AA and best practices) plus the experimental
 * label-content-name-mismatch (a button's name must contain its visible text).
 *
 * To check a new page, add a line to PAGES.
 */

type Role = 'visitor' | 'pendingApplicant' | 'applicant' | 'pendingFacility' | 'facility' | 'admin';

/** The records the pages show, made through the API once per worker. */
interface Seed {
  /** A live posting the applicant bid on (the facility sees the bid, with its buttons). */
  posting: string;
  /** A live posting without the applicant's bid (the applicant sees the bid form). */
  openPosting: string;
  /** A draft posting of a facility without credits (publishing asks for payment). */
  draft: string;
  facility: string;
  pendingFacility: string;
  applicant: string;
  pendingApplicant: string;
  /** An invitation to the facility's team (/register?invite=). */
  invite: string;
  /** A password-reset link's token (/reset-password?token=). */
  resetToken: string;
  /** Sessions to put in local storage, by role. */
  sessions: Record<Exclude<Role, 'visitor'>, { token: string; user: unknown }>;
}

interface PageCheck {
  /** The address; `:name` is replaced by seed[name] (e.g. /jobs/:posting). */
  path: string;
  /** Who looks at it. */
  as: readonly Role[];
  /** What is being checked beyond the page itself (a dialog, a state), for the report. */
  state?: string;
  /** Brings the page into that state (opens a dialog, a menu, a tab). */
  open?: (page: Page) => Promise<void>;
  /** Only at this width (e.g. the burger menu exists only on phones). */
  only?: Viewport['name'];
  /** Where the page settles when it is not `path` (a redirect). */
  landsOn?: RegExp;
}

const SIGNED_IN: readonly Role[] = ['pendingApplicant', 'applicant', 'pendingFacility', 'facility', 'admin'];
const EVERYONE: readonly Role[] = ['visitor', ...SIGNED_IN];

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
const bidCard = (page: Page) => page.getByRole('region', { name: 'Applicants' }).getByRole('article', { name: 'Sam Rivera' });

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

/** Fills registration step 1 as `type` and continues to step 2. */
async function registerStepTwo(page: Page, type: string) {
  await page.getByRole('radio', { name: new RegExp(type) }).click();
  await page.getByRole('textbox', { name: 'First name' }).fill('Riley');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Morgan');
  await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('a11y'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I accept the/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
}

async function openDialog(page: Page, trigger: () => Promise<void>, name: string | RegExp) {
  await trigger();
  await expect(dialog(page, name)).toBeVisible();
}

/** Every page of the route table, and the states worth a look. */
const PAGES: PageCheck[] = [
  // Public
  { path: '/', as: ['visitor', 'applicant', 'facility'] },
  { path: '/', as: ['visitor'], only: 'phone', state: 'menu', open: (page) => page.getByRole('button', { name: 'Open menu' }).click() },
  { path: '/login', as: ['visitor'] },
  {
    path: '/login',
    as: ['visitor'],
    state: 'wrong password',
    open: async (page) => {
      await page.getByRole('textbox', { name: 'Email' }).fill('nobody@example.test');
      await page.getByRole('textbox', { name: 'Password' }).fill('Wrong123');
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
    },
  },
  { path: '/register', as: ['visitor'] },
  {
    path: '/register',
    as: ['visitor'],
    state: 'errors',
    open: async (page) => {
      await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
      await page.getByLabel('Password', { exact: true }).fill('short');
      await page.getByLabel('Confirm password').fill('different');
      await page.getByRole('textbox', { name: 'First name' }).focus();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    },
  },
  { path: '/register', as: ['visitor'], state: 'facility details', open: (page) => registerStepTwo(page, 'Facility') },
  { path: '/register', as: ['visitor'], state: 'professional details', open: (page) => registerStepTwo(page, 'CRNA or anesthesiologist') },
  { path: '/register?invite=:invite', as: ['visitor'] },
  { path: '/register?invite=not-a-token', as: ['visitor'], state: 'invalid invitation' },
  { path: '/verify-email', as: ['visitor'] },
  { path: '/verify-email?token=not-a-token', as: ['visitor'], state: 'failed' },
  { path: '/forgot-password', as: ['visitor'] },
  { path: '/reset-password', as: ['visitor'] },
  { path: '/reset-password?token=:resetToken', as: ['visitor'] },
  { path: '/terms', as: ['visitor', 'applicant'] },
  { path: '/privacy', as: ['visitor'] },
  { path: '/about', as: ['visitor'] },
  { path: '/browse', as: ['visitor', 'applicant', 'facility'] },
  { path: '/jobs/:posting', as: EVERYONE },
  { path: '/no/such/page', as: ['visitor', 'applicant'], state: 'not found' },

  // Any signed-in user
  { path: '/dashboard', as: SIGNED_IN, landsOn: /\/(dashboard|admin)$/ },
  { path: '/dashboard', as: SIGNED_IN, state: 'account menu', open: openAccountMenu, landsOn: /\/(dashboard|admin)$/ },
  { path: '/user-profile', as: ['applicant', 'facility', 'admin'] },

  // Applicant
  {
    path: '/dashboard',
    as: ['applicant'],
    state: 'applications',
    open: (page) => page.getByRole('tab', { name: 'Your Applications' }).click(),
  },
  { path: '/jobs', as: ['applicant', 'pendingApplicant'] },
  { path: '/jobs/:openPosting', as: ['applicant', 'pendingApplicant'], state: 'bid form' },
  {
    path: '/jobs/:posting',
    as: ['applicant'],
    state: 'withdraw dialog',
    open: (page) =>
      openDialog(
        page,
        () => page.getByRole('region', { name: 'Your bid' }).getByRole('button', { name: 'Withdraw' }).click(),
        'Withdraw your bid?',
      ),
  },
  { path: '/applicant-profile', as: ['applicant', 'pendingApplicant'] },

  // Facility
  { path: '/jobs/new', as: ['facility'] },
  { path: '/jobs/:draft/edit', as: ['facility'] },
  { path: '/jobs/:draft', as: ['facility'], state: 'draft' },
  {
    path: '/jobs/:posting',
    as: ['facility'],
    state: 'counter dialog',
    open: (page) => openDialog(page, () => bidCard(page).getByRole('button', { name: 'Counter' }).click(), /^Counter .*'s bid$/),
  },
  {
    path: '/jobs/:posting',
    as: ['facility'],
    state: 'accept dialog',
    open: (page) =>
      openDialog(
        page,
        () =>
          bidCard(page)
            .getByRole('button', { name: /^Accept / })
            .click(),
        /^Accept .*'s bid\?$/,
      ),
  },
  {
    path: '/jobs/:posting',
    as: ['facility'],
    state: 'reject dialog',
    open: (page) => openDialog(page, () => bidCard(page).getByRole('button', { name: 'Reject' }).click(), /^Reject .*'s bid\?$/),
  },
  {
    path: '/jobs/:draft',
    as: ['facility'],
    state: 'checkout',
    open: async (page) => {
      await page.getByRole('group', { name: 'Posting actions' }).getByRole('button', { name: 'Publish' }).click();
      await dialog(page, 'Publish this job posting?').getByRole('button', { name: 'Continue to payment' }).click();
      await expect(dialog(page, 'Pay for your job posting').getByRole('textbox', { name: 'Card number' })).toBeVisible();
    },
  },
  { path: '/facility-profile', as: ['facility', 'pendingFacility'] },
  { path: '/payment-history', as: ['facility'] },
  { path: '/facility-users', as: ['facility'] },
  {
    path: '/facility-users',
    as: ['facility'],
    state: 'invite dialog',
    open: (page) => openDialog(page, () => page.getByRole('button', { name: 'Invite User' }).click(), 'Invite User'),
  },

  // System admin
  { path: '/admin', as: ['admin'] },
  { path: '/admin/audit', as: ['admin'] },
  {
    path: '/admin/audit',
    as: ['admin'],
    state: 'event detail',
    open: (page) => openDialog(page, () => page.getByRole('table').getByRole('button').first().click(), /./),
  },
  { path: '/notifications', as: ['applicant', 'facility'] },
  {
    path: '/dashboard',
    as: ['facility'],
    state: 'notifications',
    open: (page) => page.getByRole('button', { name: /Notifications/ }).click(),
  },
  { path: '/unsubscribe', as: ['visitor'] },
  { path: '/admin', as: ['admin'], state: 'applicants', open: (page) => page.getByRole('tab', { name: /Applicants/ }).click() },
  { path: '/admin/facilities/:facility', as: ['admin'] },
  {
    path: '/admin/facilities/:pendingFacility',
    as: ['admin'],
    state: 'verify dialog',
    open: (page) =>
      openDialog(
        page,
        () => page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Verify' }).click(),
        'Verify facility',
      ),
  },
  {
    path: '/admin/facilities/:pendingFacility',
    as: ['admin'],
    state: 'toast',
    open: async (page) => {
      await page.getByRole('button', { name: 'Add posting credit' }).click();
      await expect(page.locator('.mantine-Notification-root')).toBeVisible();
    },
  },
  { path: '/admin/applicants/:applicant', as: ['admin'] },
  {
    path: '/admin/applicants/:pendingApplicant',
    as: ['admin'],
    state: 'reject dialog',
    open: (page) =>
      openDialog(
        page,
        () => page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Reject' }).click(),
        'Reject applicant',
      ),
  },
];

interface Viewport {
  name: 'desktop' | 'phone';
  width: number;
  height: number;
}

const VIEWPORTS: Viewport[] = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

const ROLES: Role[] = ['visitor', 'pendingApplicant', 'applicant', 'pendingFacility', 'facility', 'admin'];

// ---------------------------------------------------------------------------------------------
// Seeding through the API, as a user would have made these records.

interface Account {
  email: string;
  session: { token: string; user: { facility?: { id: string } | null; applicant?: { id: string } | null } };
}

/** Registers, follows the emailed verification link and signs in, with the session a browser context stores. */
async function signUp(request: APIRequestContext, payload: Record<string, unknown>): Promise<Account> {
  const { email, token, me } = await signUpThroughTheApi(request, payload);
  return { email, session: { token, user: me } };
}

async function seed(request: APIRequestContext): Promise<Seed> {
  const adminToken = await login(request, ADMIN.email, ADMIN.password);
  const asAdmin = { headers: bearer(adminToken) };
  const adminUser = await ok<unknown>(await request.get('/api/users/me', asAdmin), 'admin me');
  const [facility, pendingFacility, applicant, pendingApplicant] = await Promise.all([
    signUp(request, facilityRegistration()),
    signUp(request, facilityRegistration({}, { name: 'Lakeside Pain Clinic' })),
    signUp(request, applicantRegistration({}, { first_name: 'Sam', last_name: 'Rivera' })),
    signUp(request, applicantRegistration({}, { first_name: 'Alex', last_name: 'Chen' })),
  ]);
  const facilityId = facility.session.user.facility!.id;
  const applicantId = applicant.session.user.applicant!.id;
  await ok(await request.put(`/api/admin/facilities/${facilityId}/verify?verification_status=verified`, asAdmin), 'verify facility');
  await ok(await request.put(`/api/admin/applicants/${applicantId}/verify?verification_status=verified`, asAdmin), 'verify applicant');

  // Two live postings paid with credits, then a draft that will need a card.
  const asFacility = { headers: bearer(facility.session.token) };
  const create = async (title: string): Promise<string> => {
    const response = await request.post('/api/job-postings', { ...asFacility, data: jobForm({ title }) });
    if (response.status() !== 404) return (await ok<{ id: string }>(response, 'create')).id;
    // Created, but the read model had not caught up when the server answered (a loaded machine):
    // find it in the facility's list once it has.
    for (let attempt = 0; attempt < 100; attempt++) {
      const mine = await ok<{ id: string; title: string }[]>(await request.get('/api/job-postings/my-postings', asFacility), 'my postings');
      const created = mine.find((candidate) => candidate.title === title);
      if (created) return created.id;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`posting "${title}" never appeared`);
  };
  const live = async (title: string) => {
    await ok(await request.post(`/api/admin/facilities/${facilityId}/add-credit`, asAdmin), 'add credit');
    const id = await create(title);
    await ok(await request.post(`/api/job-postings/${id}/publish`, asFacility), 'publish');
    return id;
  };
  const posting = await live('CRNA for a busy ambulatory surgery center');
  const openPosting = await live('Anesthesia coverage for a pain clinic');
  const draft = await create('Weekend CRNA locum');
  await ok(
    await request.post('/api/job-bids', {
      headers: bearer(applicant.session.token),
      data: { job_posting_id: posting, proposed_rate: 220 },
    }),
    'bid',
  );

  const colleague = uniqueEmail('colleague');
  await ok(
    await request.post('/api/facility-user-invites', {
      ...asFacility,
      data: {
        email: colleague,
        role: 'user',
        can_create_jobs: true,
        can_edit_jobs: true,
        can_publish_jobs: false,
        can_manage_bids: true,
        can_manage_users: false,
        can_manage_billing: false,
      },
    }),
    'invite',
  );
  const invite = new URL(await emailedLink(request, colleague, /https?:\/\/\S*\/register\?invite=\S+/)).searchParams.get('invite')!;

  await ok(await request.post(`/api/auth/request-password-reset?email=${encodeURIComponent(applicant.email)}`), 'request reset');
  const resetLink = await emailedLink(request, applicant.email, /https?:\/\/\S*\/reset-password\?token=\S+/);

  return {
    posting,
    openPosting,
    draft,
    facility: facilityId,
    pendingFacility: pendingFacility.session.user.facility!.id,
    applicant: applicantId,
    pendingApplicant: pendingApplicant.session.user.applicant!.id,
    invite,
    resetToken: new URL(resetLink).searchParams.get('token')!,
    sessions: {
      facility: facility.session,
      pendingFacility: pendingFacility.session,
      // The session holds the user as of signing in: fetch it again now that they are verified.
      applicant: {
        token: applicant.session.token,
        user: await ok(await request.get('/api/users/me', { headers: bearer(applicant.session.token) }), 'me'),
      },
      pendingApplicant: pendingApplicant.session,
      admin: { token: adminToken, user: adminUser },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Checking.

/** A browser context at `viewport`, signed in as `role` (the session the app keeps in local storage). */
async function contextFor(browser: Browser, baseURL: string, viewport: Viewport, role: Role, data: Seed): Promise<BrowserContext> {
  const localStorage =
    role === 'visitor' ? [] : [{ name: 'tenens.session', value: JSON.stringify(data.sessions[role as Exclude<Role, 'visitor'>]) }];
  return browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    storageState: { cookies: [], origins: [{ origin: baseURL, localStorage }] },
  });
}

function address(path: string, data: Seed): string {
  return path.replace(/:([a-zA-Z]+)/g, (whole, name: string) => {
    const value: unknown = name in data ? data[name as keyof Seed] : undefined;
    return typeof value === 'string' ? value : whole;
  });
}

/** The page has loaded its data and finished moving (transitions skew colour contrast). */
async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Skeleton-root[data-visible], [aria-busy="true"]')).toHaveCount(0);
  // Mantine starts an enter transition a frame after mounting, so a dialog can be half faded with
  // no transition running yet: wait until every open layer is fully opaque, then until nothing moves.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[role="dialog"], [role="menu"], [role="listbox"]')]
      .filter((layer) => layer.checkVisibility())
      .every((layer) => {
        for (let node: Element | null = layer; node; node = node.parentElement) if (getComputedStyle(node).opacity !== '1') return false;
        return true;
      }),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `  ${violation.id} (${violation.impact}): ${violation.help}\n    at ${node.target.join(' ')}: ${node.html.slice(0, 160)}\n    ` +
        `${node.failureSummary?.replace(/\n/g, '\n    ')}`,
    ),
  );
}

let seeded: Promise<Seed> | null = null;

test.describe('accessibility (axe-core)', () => {
  test.describe.configure({ mode: 'parallel' });

  for (const viewport of VIEWPORTS) {
    for (const role of ROLES) {
      const checks = PAGES.filter((check) => check.as.includes(role) && (!check.only || check.only === viewport.name));
      test(`${role} at ${viewport.name} width: ${checks.length} pages and states`, async ({ browser, playwright, baseURL }) => {
        // Up to 19 pages, each in a fresh signed-in context: 3 min on a slow CI machine.
        test.setTimeout(600_000);
        // One seed per worker: its own API client, since the test's closes with the test.
        seeded ??= playwright.request.newContext({ baseURL }).then(seed);
        const data = await seeded;
        const context = await contextFor(browser, baseURL!, viewport, role, data);
        const page = await context.newPage();
        for (const check of checks) {
          const path = address(check.path, data);
          const label = `${path}${check.state ? ` (${check.state})` : ''}`;
          await test.step(label, async () => {
            await page.goto(path);
            await settled(page);
            const expected = check.landsOn ?? new RegExp(`^${path.split('?')[0].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
            expect(new URL(page.url()).pathname, `${label} as ${role} stays on its page`).toMatch(expected);
            if (check.open) {
              await check.open(page);
              await settled(page);
            }
            const results = await new AxeBuilder({ page })
              // Only violations: leaving out the passes' details makes each run quicker.
              .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
              .analyze();
            // Soft: one page's violations do not hide the next page's.
            expect
              .soft(describeViolations(results.violations), `axe violations on ${label} as ${role} at ${viewport.name} width`)
              .toEqual([]);
          });
        }

        await context.close();
      });
    }
  }

  /**
   * Pages while their data is on its way: the skeletons and spinners stand in for the content, so
   * they are checked too. The API's answers matching `hold` (by default all but the session's own)
   * are held until axe is done.
   */
  const LOADING: { path: string; as: Exclude<Role, 'visitor'>; hold?: RegExp }[] = [
    { path: '/browse', as: 'applicant' },
    { path: '/dashboard', as: 'applicant' },
    // The posting itself arrives: first the bid section is loading, then the bid form's rate insight.
    { path: '/jobs/:openPosting', as: 'applicant', hold: /^\/api\/job-bids\// },
    { path: '/jobs/:openPosting', as: 'applicant', hold: /^\/api\/insights\// },
    { path: '/applicant-profile', as: 'applicant' },
    { path: '/applicant-profile', as: 'applicant', hold: /^\/api\/applicants\/job-alerts$/ },
    // The session's user comes from local storage, so the page waits only for its fresh copy.
    { path: '/user-profile', as: 'applicant', hold: /^\/api\/users\/me$/ },
    { path: '/dashboard', as: 'facility' },
    { path: '/jobs/:posting', as: 'facility', hold: /^\/api\/job-bids\// },
  ];
  for (const viewport of VIEWPORTS) {
    test(`loading placeholders at ${viewport.name} width: ${LOADING.length} checks`, async ({ browser, playwright, baseURL }) => {
      // Nine fresh signed-in contexts: 3.9 min at phone width and over 5 min at desktop width on a slow CI machine.
      test.setTimeout(600_000);
      seeded ??= playwright.request.newContext({ baseURL }).then(seed);
      const data = await seeded;
      for (const check of LOADING) {
        const path = address(check.path, data);
        await test.step(`${path} as ${check.as}${check.hold ? `, holding ${check.hold.source}` : ''}`, async () => {
          const context = await contextFor(browser, baseURL!, viewport, check.as, data);
          const page = await context.newPage();
          let release!: () => void;
          const released = new Promise<void>((resolve) => (release = resolve));
          await page.route('**/api/**', async (route) => {
            const { pathname } = new URL(route.request().url());
            if (check.hold ? check.hold.test(pathname) : !pathname.startsWith('/api/users/me')) await released;
            await route.continue().catch(() => undefined);
          });
          try {
            await page.goto(path);
            const placeholders = page.locator('[aria-busy="true"]:visible, .mantine-Skeleton-root[data-visible]:visible');
            // The held data cannot arrive, so a longer wait cannot pass a page that shows no
            // placeholder: the time is for the page's own chain (the rendered page, the app's boot,
            // the section's lazily loaded files), which outlasted 10 s on a loaded CI machine.
            await expect(placeholders.first(), `${path} shows a placeholder while its data loads`).toBeVisible({ timeout: 45_000 });
            const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
            expect
              .soft(describeViolations(results.violations), `axe violations on ${path} (loading) as ${check.as} at ${viewport.name} width`)
              .toEqual([]);
          } finally {
            release();
            await context.close();
          }
        });
      }
    });
  }
});
