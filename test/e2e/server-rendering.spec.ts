import { devices, expect, test, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';

import { facilityRegistration } from '../support/accounts';
import { jobForm } from '../support/postings';
import { ADMIN, livePosting, logInThroughTheUi, login, signUp, verify, type SignedUp } from './support/setup';

/**
 * The public pages arrive rendered (server/src/http/server-rendering.ts): a visitor reads them
 * before any script runs, and the client then adopts that markup without an error or a second
 * fetch, and works as before.
 */
test.describe('server-rendered public pages', () => {
  let postingPath: string;
  let facility: SignedUp;
  const title = `Pediatric ENT, CRNA ${Date.now()}`;

  test.beforeAll(async ({ request }) => {
    const admin = await login(request, ADMIN.email, ADMIN.password);
    facility = await signUp(request, facilityRegistration());
    await verify(request, admin, facility);
    postingPath = `/jobs/${await livePosting(request, admin, facility, jobForm({ title }))}`;
  });

  test('a visitor reads the home page, the job search and a job without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/negotiated directly/i);
    await page.goto('/browse');
    await expect(page.getByRole('heading', { name: 'Temporary anesthesia jobs' })).toBeVisible();
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await page.goto(postingPath);
    await expect(page).toHaveTitle(`${title} · Tenens`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await context.close();
  });

  test('the pages come alive without errors and without fetching the job again', async ({ page }) => {
    const errors = watchErrors(page);
    const postingFetches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`/api/job-postings/${postingPath.split('/').pop()}`)) postingFetches.push(request.url());
    });
    await page.goto(postingPath);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // Alive: the visitor's call to action navigates inside the app.
    await page.getByRole('link', { name: 'Browse jobs' }).first().click();
    await expect(page).toHaveURL(/\/browse$/);
    await expect(page.getByRole('heading', { name: 'Temporary anesthesia jobs' })).toBeVisible();
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await page.goto('/');
    await page
      .getByRole('link', { name: /browse jobs/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/browse/);
    expect(postingFetches).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('the job search arrives with its first page: cards for a phone, a table for a wider screen', async ({ browser }) => {
    for (const [options, table] of [
      [devices['Pixel 5'], false],
      [{ viewport: { width: 1280, height: 800 } }, true],
    ] as const) {
      const context = await browser.newContext({ ...options, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto('/browse?sort=newest');
      await expect(page.getByRole('link', { name: title })).toBeVisible();
      await expect(page.getByText(/^\d[\d,]*\+? jobs? found$/)).toBeVisible();
      await expect(page.getByRole('table', { name: 'Job search results' })).toHaveCount(table ? 1 : 0);
      await context.close();
    }
  });

  test('the rendered job search shows a job that went live since it was last rendered', async ({ browser, request }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/browse?sort=newest');
    await expect(page.getByRole('link', { name: title })).toBeVisible();

    const newer = `Cardiac CRNA ${Date.now()}`;
    const admin = await login(request, ADMIN.email, ADMIN.password);
    await livePosting(request, admin, facility, jobForm({ title: newer }));
    await page.reload();
    await expect(page.getByRole('link', { name: newer })).toBeVisible();
    await context.close();
  });

  test("the job search comes alive without an error or a second fetch, and follows the screen where the server's guess was wrong", async ({
    browser,
  }) => {
    const cases: [string, BrowserContextOptions, boolean][] = [
      ['a phone', devices['Pixel 5'], false],
      ['a desktop', { viewport: { width: 1280, height: 800 } }, true],
      ['a narrow desktop window', { viewport: { width: 390, height: 800 } }, false],
      ['a phone browser on a wide screen', { viewport: { width: 1280, height: 800 }, userAgent: devices['Pixel 5'].userAgent }, true],
    ];
    for (const [who, options, table] of cases) {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const errors = watchErrors(page);
      const searches: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/job-postings') searches.push(request.url());
      });
      await page.goto('/browse');
      await expect(page.getByRole('link', { name: title }), who).toBeVisible();
      const modify = page.getByRole('button', { name: 'Modify search' });
      await untilHydrated(modify);
      await modify.click();
      await expect(page.getByRole('button', { name: 'Apply filters' }), who).toBeVisible();
      await expect(page.getByRole('table', { name: 'Job search results' }), who).toHaveCount(table ? 1 : 0);
      await expect(page.getByRole('link', { name: title }), who).toBeVisible();
      expect(searches, who).toEqual([]);
      expect(errors, who).toEqual([]);
      await context.close();
    }
  });

  test("the page's style sheets arrive before any of the app's scripts is fetched", async ({ page }) => {
    // The style sheets the first paint waits for: those the rendered page links.
    const html = await (await page.request.get(postingPath)).text();
    const sheets = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((match) => match[1]);
    expect(sheets.length).toBeGreaterThan(0);
    await page.goto(postingPath);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.head.querySelectorAll('link[rel="modulepreload"]').length)).toBeGreaterThan(3);
    const measure = () =>
      page.evaluate((paths) => {
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const sheets = resources.filter((entry) => paths.some((path) => entry.name.endsWith(path)));
        const scripts = resources.filter((entry) => /\/assets\/.+\.js$/.test(entry.name) && !/\/assets\/index-[^/]+\.js$/.test(entry.name));
        return { sheets: sheets.map((entry) => entry.responseEnd), scripts: scripts.map((entry) => entry.startTime) };
      }, sheets);
    // A fetch has a timing entry only once it has finished: wait for the preloads' to be there.
    await expect.poll(async () => (await measure()).scripts.length).toBeGreaterThan(3);
    const timing = await measure();
    expect(timing.sheets).toHaveLength(sheets.length);
    expect(timing.scripts.length).toBeGreaterThan(3);
    const styled = Math.max(...timing.sheets);
    for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(styled);
  });

  test('the held-back script preloads go in one per task, and all of them', async ({ page }) => {
    // Each inserted preload starts a fetch: all of a page's at once made one long task on a phone,
    // and four at a time made tasks over 50 ms on a slow one.
    const html = await (await page.request.get('/browse')).text();
    const template = /<template id="after-paint">(.*?)<\/template>/.exec(html)?.[1] ?? '';
    const held = [...template.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
    expect(held.length).toBeGreaterThan(8);
    await page.addInitScript(() => {
      // A mutation observer's callback runs once per task, with what that task inserted.
      const perTask: string[][] = [];
      (window as PreloadsSeen).preloadsPerTask = perTask;
      new MutationObserver((mutations) => {
        const added = mutations.flatMap((mutation) => [...mutation.addedNodes]);
        const preloads = added.filter((node): node is HTMLLinkElement => node instanceof HTMLLinkElement && node.rel === 'modulepreload');
        if (preloads.length > 0) perTask.push(preloads.map((link) => link.getAttribute('href') ?? ''));
      }).observe(document, { childList: true, subtree: true });
    });
    const errors = watchErrors(page);
    await page.goto('/browse');
    const perTask = () => page.evaluate(() => (window as PreloadsSeen).preloadsPerTask ?? []);
    const inserted = async () => (await perTask()).flat().filter((href) => held.includes(href));
    await expect.poll(async () => (await inserted()).sort()).toEqual([...held].sort());
    for (const task of await perTask()) expect(task.filter((href) => held.includes(href)).length).toBeLessThanOrEqual(1);
    expect(errors).toEqual([]);
  });

  test('a job page streams in the order a phone shows it: what is painted first stays where it is', async ({ browser, page }) => {
    // The server streams the page, and a slow phone paints what has arrived: the side column
    // (here the visitor's call to action) must come before the details it is shown above.
    const html = await (await page.request.get(postingPath)).text();
    const details = html.lastIndexOf('<div', html.indexOf('Job details'));
    expect(html.indexOf('Interested in this job?')).toBeGreaterThan(0);
    expect(html.indexOf('Interested in this job?')).toBeLessThan(details);

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const callToAction = async (body: string) => {
      const tab = await phone.newPage();
      await tab.route(`**${postingPath}`, (route) => route.fulfill({ contentType: 'text/html', body }));
      await tab.goto(postingPath);
      const box = await tab.getByRole('heading', { name: 'Interested in this job?' }).boundingBox();
      await tab.close();
      return box;
    };
    // Only what precedes the details has arrived, then the whole page.
    const early = await callToAction(html.slice(0, details));
    const whole = await callToAction(html);
    expect(early).not.toBeNull();
    expect(whole).toEqual(early);
    await phone.close();

    // From the md breakpoint the call to action sits beside the details, at the same height.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(postingPath);
    const aside = await page.getByRole('heading', { name: 'Interested in this job?' }).boundingBox();
    const main = await page.getByRole('heading', { name: 'Job details' }).boundingBox();
    expect(aside!.x).toBeGreaterThan(main!.x + main!.width);
    expect(Math.abs(aside!.y - main!.y)).toBeLessThan(40);
  });

  test('an unknown job and a signed-in facility get the client as before', async ({ browser, page }) => {
    const errors = watchErrors(page);
    await page.goto('/jobs/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Job posting not found' })).toBeVisible();
    expect(errors).toEqual([]);

    // The server renders as a visitor sees the page; the facility's own view replaces it.
    const facilityPage = await logInThroughTheUi(browser, facility.email);
    const facilityErrors = watchErrors(facilityPage);
    await facilityPage.goto(postingPath);
    await expect(facilityPage.getByRole('link', { name: 'Your job postings' })).toBeVisible();
    await expect(facilityPage.getByRole('link', { name: /sign up/i })).toHaveCount(0);
    expect(facilityErrors).toEqual([]);
    await facilityPage.context().close();
  });
});

test.describe('server-rendered pages while the app is still loading', () => {
  test('a visitor reads the page; a signed-in user sees no visitor page, then their own', async ({ browser }) => {
    const visitor = await browser.newPage();
    const releaseVisitor = await holdTheApp(visitor);
    await visitor.goto('/browse', { waitUntil: 'domcontentloaded' });
    await expect(visitor.getByRole('heading', { name: 'Temporary anesthesia jobs' })).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Sign up' }).first()).toBeVisible();
    releaseVisitor();
    await visitor.close();

    const admin = await logInThroughTheUi(browser, ADMIN.email, ADMIN.password);
    const release = await holdTheApp(admin);
    await admin.goto('/browse', { waitUntil: 'domcontentloaded' });
    await expect(admin.locator('#root')).toBeHidden();
    await expect(admin.locator('#root a[href="/register"]').first()).toBeAttached(); // rendered, not shown
    release();
    await expect(admin.getByRole('heading', { name: 'Temporary anesthesia jobs' })).toBeVisible();
    await expect(admin.getByRole('link', { name: 'Sign up' })).toHaveCount(0);
    await admin.context().close();
  });
});

test.describe("a visitor's own search filters", () => {
  test("the server's search without them stays hidden, and the app renders theirs", async ({ browser }) => {
    const page = await browser.newPage();
    await page.addInitScript(() =>
      sessionStorage.setItem('tenens.job-search.filters', JSON.stringify({ malpracticeInsurance: 'provided' })),
    );
    const errors = watchErrors(page);
    const release = await holdTheApp(page);
    await page.goto('/browse', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('#root')).toBeHidden();
    await expect(page.locator('#root').getByText('All active jobs · no filters applied')).toBeAttached(); // rendered, not shown
    release();
    const filters = page.getByRole('list', { name: 'Current filters' });
    await expect(filters.getByText('Malpractice provided')).toBeVisible();
    await expect(page.getByText('All active jobs · no filters applied')).toHaveCount(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});

type PreloadsSeen = Window & { preloadsPerTask?: string[][] };

/** Holds the app's code (boot.tsx's chunk) until the returned function is called. */
async function holdTheApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/boot-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Waits until React has adopted the server's element (hydration attaches its fiber to the node). */
async function untilHydrated(element: Locator): Promise<void> {
  await expect.poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber')))).toBe(true);
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // The browser reports every 404 answer itself; the unknown job's is expected.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  return errors;
}
