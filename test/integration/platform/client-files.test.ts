import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startTestApp, TestApp } from '../../support/app';
import { rawGet } from '../../support/raw-get';

const SCRIPT = `console.log(${JSON.stringify('Tenens '.repeat(400))});\n`;

/** The built client is served as it is, except source maps: they would publish its source. */
describe('serving the built client', () => {
  let t: TestApp;
  let directory: string;
  const previous = process.env.CLIENT_DIR;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'tenens-client-'));
    mkdirSync(join(directory, 'assets'));
    // Over 1 kB, as every real page is, so it is worth compressing.
    writeFileSync(join(directory, 'index.html'), `<!doctype html><title>Tenens</title><p>${'Tenens '.repeat(400)}</p>`);
    writeFileSync(join(directory, 'assets', 'index-abc.js'), 'console.log(1);\n//# sourceMappingURL=index-abc.js.map');
    writeFileSync(join(directory, 'assets', 'index-abc.js.map'), '{"version":3,"sources":["secret.tsx"]}');
    // What the build writes: the script and its brotli and gzip copies.
    writeFileSync(join(directory, 'assets', 'app-def.js'), SCRIPT);
    writeFileSync(join(directory, 'assets', 'app-def.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(directory, 'assets', 'app-def.js.gz'), gzipSync(SCRIPT));
    process.env.CLIENT_DIR = directory;
    t = await startTestApp({ env: { NODE_ENV: 'production' } });
  });
  afterAll(async () => {
    await t?.close();
    if (previous === undefined) delete process.env.CLIENT_DIR;
    else process.env.CLIENT_DIR = previous;
    rmSync(directory, { recursive: true, force: true });
  });

  it('serves scripts and pages', async () => {
    expect((await t.http().get('/assets/index-abc.js')).status).toBe(200);
    const page = await t.http().get('/jobs/123');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Tenens</title>');
  });

  it('never serves a source map', async () => {
    const response = await t.http().get('/assets/index-abc.js.map');
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('secret.tsx');
  });

  it('sends the brotli file to a browser that takes brotli, kept a year', async () => {
    const answer = await rawGet(`${t.url}/assets/app-def.js`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it('sends the gzip file to a browser that takes gzip only, kept a year', async () => {
    const answer = await rawGet(`${t.url}/assets/app-def.js`, { 'Accept-Encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(answer.body).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that takes neither, or refuses brotli', async () => {
    const plain = await rawGet(`${t.url}/assets/app-def.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const noBrotli = await rawGet(`${t.url}/assets/app-def.js`, { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(noBrotli.headers['content-encoding']).toBe('gzip');
  });

  it('answers 404 for an asset that is not there, not the page', async () => {
    const answer = await rawGet(`${t.url}/assets/index-old.js`, { 'Accept-Encoding': 'br' });
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/json/);
  });

  it('pages are never cached without asking the server', async () => {
    for (const path of ['/', '/browse', '/index.html']) {
      const answer = await rawGet(`${t.url}${path}`);
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends pages brotli-compressed to a browser that takes it, gzipped to one that does not', async () => {
    const brotli = await rawGet(`${t.url}/browse`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(brotliDecompressSync(brotli.body).toString()).toContain('<title>Tenens</title>');
    const gzip = await rawGet(`${t.url}/browse`, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toContain('<title>Tenens</title>');
  });

  it('answers an API or Socket.IO path it does not know with the JSON 404, in any case, never the page', async () => {
    for (const path of ['/api/nothing-here', '/API/health', '/Api/job-postings']) {
      const answer = await t.http().get(path);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ detail: expect.any(String) });
    }
    const write = await t.http().post('/browse').send({});
    expect(write.status).toBe(404);
    expect(write.body).toEqual({ detail: expect.any(String) });
  });

  it('compresses a JSON answer over 1 kB when asked, and not a small one', async () => {
    const large = await rawGet(`${t.url}/api/docs/openapi.json`, { 'Accept-Encoding': 'gzip' });
    expect(large.status).toBe(200);
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(large.body).toString())).toHaveProperty('openapi');

    const small = await rawGet(`${t.url}/api/health`, { 'Accept-Encoding': 'gzip' });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
