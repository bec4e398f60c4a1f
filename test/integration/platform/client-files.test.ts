import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, TestApp } from '../../support/app';

/** The built client is served as it is, except source maps: they would publish its source. */
describe('serving the built client', () => {
  let t: TestApp;
  let directory: string;
  const previous = process.env.CLIENT_DIR;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'tenens-client-'));
    mkdirSync(join(directory, 'assets'));
    writeFileSync(join(directory, 'index.html'), '<!doctype html><title>Tenens</title>');
    writeFileSync(join(directory, 'assets', 'index-abc.js'), 'console.log(1);\n//# sourceMappingURL=index-abc.js.map');
    writeFileSync(join(directory, 'assets', 'index-abc.js.map'), '{"version":3,"sources":["secret.tsx"]}');
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
});
