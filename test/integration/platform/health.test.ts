import { startTestApp, TestApp } from '../../support/app';

describe('the running skeleton', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('reports Postgres, Redis and the event store healthy', async () => {
    const response = await t.http().get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', postgres: 'ok', redis: 'ok', event_store: 'ok' });
  });

  it('answers unknown API paths with the contract 404 body', async () => {
    const response = await t.http().get('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: expect.any(String) });
  });

  it('answers a body that is not JSON with a readable 400, never a stack trace', async () => {
    const response = await t.http().post('/api/health').set('Content-Type', 'application/json').send('{"broken"');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: 'The request body is not valid JSON.' });
  });

  it('answers an address too long for the HTTP parser with the contract body, not a bare status line', async () => {
    const response = await fetch(`${t.url}/api/job-postings?q=${'x'.repeat(20_000)}`);
    expect(response.status).toBe(431);
    expect(await response.json()).toEqual({ detail: 'The request headers or address are too long.' });
  });

  it('publishes the OpenAPI document', async () => {
    const response = await t.http().get('/api/docs/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.info.title).toBe('Tenens API');
    expect(Object.keys(response.body.paths)).toContain('/api/health');
  });

  it('sets security headers with helmet', async () => {
    const response = await t.http().get('/api/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
