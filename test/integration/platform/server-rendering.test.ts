import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { startTestApp, TestApp } from '../../support/app';
import { rawGet } from '../../support/raw-get';

const TEMPLATE = [
  '<!doctype html><html lang="en"><head><title>Tenens</title>',
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/boot-1.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>',
  '<body><div id="root"></div></body></html>',
].join('');

const MANIFEST = {
  'src/app/routes/home.tsx': { file: 'assets/home-1.js', css: ['assets/home-1.css'], imports: ['index.html', '_shared.js'] },
  'index.html': { file: 'assets/index-abc.js', css: ['assets/index-abc.css'] },
  '_shared.js': { file: 'assets/shared-2.js', imports: ['index.html'] },
  'src/app/routes/jobs/posting.tsx': { file: 'assets/posting-3.js', imports: ['_shared.js'] },
  'src/styles/components.ts': { file: 'assets/components-4.css' },
};

const WITH_DATA = '11111111-1111-4111-8111-111111111111';
const UNKNOWN = '22222222-2222-4222-8222-222222222222';
const SLOW = '33333333-3333-4333-8333-333333333333';

/**
 * A stand-in for the client's renderer (client/src/entry-server.tsx, tested against the real
 * build in test/e2e/server-rendering.spec.ts): what the server does with its answers.
 */
const RENDERER = `
exports.calls = [];
exports.RENDERS_AFRESH_CHECK = 'document.documentElement.dataset.checked = 1';
exports.renderPage = async (url, apiOrigin, phone) => {
  const path = new URL(url).pathname;
  exports.calls.push({ path, apiOrigin, phone });
  if (path === '/') return { html: '<title>Home · Tenens</title><h1>' + (phone ? 'Hello, phone' : 'Hello') + '</h1>', title: 'Home · Tenens', modules: ['src/app/routes/home.tsx'], state: { queries: { queries: [] } } };
  if (path === '/jobs/${WITH_DATA}') return { html: '<title>Job</title><h1>Job</h1>' + '<p>A long description.</p>'.repeat(100), title: 'Job', modules: ['src/app/routes/jobs/posting.tsx', 'src/styles/components.ts'], state: { queries: { queries: [{ text: '</script><script>alert(1)</script>' }] } } };
  if (path === '/jobs/${SLOW}') return new Promise(() => {});
  if (path === '/browse') throw new Error('the renderer broke');
  return null;
};`;

describe('server-rendered public pages', () => {
  let t: TestApp;
  let root: string;
  let renderer: { calls: { path: string; apiOrigin: string; phone: boolean }[] };
  const previous = process.env.CLIENT_DIR;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'tenens-rendering-'));
    mkdirSync(join(root, 'client/.vite'), { recursive: true });
    mkdirSync(join(root, 'client-ssr'));
    writeFileSync(join(root, 'client/index.html'), TEMPLATE);
    writeFileSync(join(root, 'client/.vite/manifest.json'), JSON.stringify(MANIFEST));
    writeFileSync(join(root, 'client-ssr/entry-server.cjs'), RENDERER);
    process.env.CLIENT_DIR = join(root, 'client');
    t = await startTestApp({ env: { NODE_ENV: 'production' } });
    renderer = require(join(root, 'client-ssr/entry-server.cjs'));
  });
  afterAll(async () => {
    await t?.close();
    if (previous === undefined) delete process.env.CLIENT_DIR;
    else process.env.CLIENT_DIR = previous;
    rmSync(root, { recursive: true, force: true });
  });
  beforeEach(() => renderer.calls.splice(0));

  it("sends the rendered page with its title and its route's style sheets, and its scripts only after the first paint", async () => {
    const page = await t.http().get('/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.text).toContain('<div id="root" data-server-rendered><h1>Hello</h1></div>');
    expect(page.text.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>Home · Tenens</title>']);
    expect(page.text).toContain('<link rel="stylesheet" crossorigin href="/assets/home-1.css">');
    // The entry is fetched after the style sheets; every preload waits for the entry to append it once the page is painted.
    expect(page.text).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-abc.js">');
    const preloads = [
      '<link rel="modulepreload" crossorigin href="/assets/boot-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/home-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/shared-2.js">',
    ];
    expect(page.text).toContain(`<template id="after-paint">${preloads.join('')}</template>`);
    expect(page.text.match(/rel="modulepreload"/g)).toHaveLength(3);
    // What index.html links already is not linked twice.
    expect(page.text.match(/index-abc\.css/g)).toHaveLength(1);
    expect(renderer.calls).toEqual([
      { path: '/', apiOrigin: expect.stringMatching(/^http:\/\/(\d+\.\d+\.\d+\.\d+|\[[^\]]+\]):\d+$/), phone: false },
    ]);
    expect(page.headers['vary']).toMatch(/User-Agent/);
  });

  it('renders for a phone when the browser calls itself mobile, and keeps each layout apart', async () => {
    const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
    const IPHONE =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    const phone = await t.http().get('/?for=phones').set('User-Agent', PHONE);
    const iphone = await t.http().get('/?for=phones').set('User-Agent', IPHONE);
    const desktop = await t.http().get('/?for=phones').set('User-Agent', DESKTOP);
    expect(phone.text).toContain('<h1>Hello, phone</h1>');
    expect(iphone.text).toContain('<h1>Hello, phone</h1>');
    expect(desktop.text).toContain('<h1>Hello</h1>');
    expect(phone.headers['vary']).toMatch(/User-Agent/);
    // Rendered once per layout, then kept.
    expect(renderer.calls.map((call) => call.phone)).toEqual([true, false]);
  });

  it("runs the renders-afresh check with the response's own CSP nonce, a new one each time", async () => {
    const nonces = [];
    for (const path of ['/', '/', `/jobs/${WITH_DATA}`]) {
      const page = await t.http().get(path);
      const nonce = /<script nonce="([^"]+)">document\.documentElement\.dataset\.checked = 1<\/script>/.exec(page.text)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
      expect(page.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  it('gives an API answer a policy that admits no inline script at all', async () => {
    const answer = await t.http().get('/api/health');
    const scripts = /script-src ([^;]+)/.exec(String(answer.headers['content-security-policy']))?.[1];
    expect(scripts).toBeDefined();
    expect(scripts).not.toContain('nonce-');
    expect(scripts).not.toContain('unsafe-inline');
  });

  it('renders a page without data once, and a page with data every time', async () => {
    await t.http().get('/');
    await t.http().get('/');
    await t.http().get(`/jobs/${WITH_DATA}`);
    await t.http().get(`/jobs/${WITH_DATA}`);
    expect(renderer.calls.map((call) => call.path)).toEqual([`/jobs/${WITH_DATA}`, `/jobs/${WITH_DATA}`]);
  });

  it('carries the data the page was rendered with, unable to end its script element', async () => {
    const page = await t.http().get(`/jobs/${WITH_DATA}`);
    const state = /<script type="application\/json" id="server-state">(.*?)<\/script>/.exec(page.text)?.[1];
    expect(state).toBeDefined();
    expect(state).not.toContain('<');
    expect(JSON.parse(state!)).toEqual({ queries: { queries: [{ text: '</script><script>alert(1)</script>' }] } });
    expect(page.text).toContain('<link rel="stylesheet" crossorigin href="/assets/components-4.css">');
    expect(page.text).not.toContain('<script>alert(1)');
  });

  it('sends the plain client when the renderer fails, has nothing, or is slow', async () => {
    for (const path of ['/browse', `/jobs/${UNKNOWN}`, `/jobs/${SLOW}`]) {
      const page = await t.http().get(path);
      expect(page.status).toBe(200);
      expect(page.text).toBe(TEMPLATE);
    }
  }, 10_000);

  it('leaves other pages to the client without asking the renderer', async () => {
    for (const path of ['/dashboard', '/jobs/new', '/jobs/not-a-uuid', '/admin/audit']) {
      expect((await t.http().get(path)).text).toBe(TEMPLATE);
    }
    expect(renderer.calls).toEqual([]);
  });

  it('compresses pages for browsers that take gzip', async () => {
    const answer = await rawGet(`${t.url}/jobs/${WITH_DATA}`, { 'Accept-Encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.body).toString()).toContain('<h1>Job</h1>');
  });
});
