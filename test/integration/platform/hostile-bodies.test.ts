import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { startTestApp, TestApp } from '../../support/app';
import { rawSend } from '../../support/raw-get';
import { jobForm } from '../../support/postings';
import { bearer, quickFacility } from '../bids/helpers';

jest.setTimeout(60_000);

/** Bodies and text no client of ours sends: each gets a 4xx in the contract's shape, never a 500. */
describe('malformed requests', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp();
    token = (await quickFacility(t)).token;
  });
  afterAll(() => t?.close());

  const gzippedJson = () => ({ ...bearer(token), 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
  const expectDetail = (response: { status: number; body: unknown }, status: number) => {
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ detail: expect.any(String) });
  };

  it('a body that claims gzip but is not is a 400', async () => {
    const response = await t
      .http()
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .send(JSON.stringify({ username: 'a@example.com', password: 'x' }));
    expectDetail(response, 400);
  });

  it('a gzipped JSON body is read as the JSON it holds', async () => {
    const response = await rawSend(
      `${t.url}/api/job-postings`,
      'POST',
      gzippedJson(),
      gzipSync(JSON.stringify(jobForm({ title: 'Sent gzipped' }))),
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ title: 'Sent gzipped' });
  });

  it('a JSON body over 256 kB is a 413, declared or not, and so is a gzipped one that inflates past it', async () => {
    const big = JSON.stringify({ title: 'x'.repeat(300 * 1024) });
    const declared = await t.http().post('/api/job-postings').set(bearer(token)).set('Content-Type', 'application/json').send(big);
    expect(declared.status).toBe(413);
    expect(declared.body).toEqual({ detail: 'The request body is too large.' });
    const inflated = await rawSend(`${t.url}/api/job-postings`, 'POST', gzippedJson(), gzipSync(big));
    expect(inflated.status).toBe(413);
    expect(inflated.body).toEqual({ detail: 'The request body is too large.' });
  });

  it('a sign-in form over 64 kB is a 413', async () => {
    const response = await t
      .http()
      .post('/api/auth/login')
      .type('form')
      .send({ username: 'a@example.com', password: 'x'.repeat(70 * 1024) });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ detail: 'The request body is too large.' });
  });

  it('a JSON scalar is not a payload: 400, as invalid JSON is', async () => {
    for (const body of ['42', '"text"', 'null', '{"broken"']) {
      const response = await t.http().post('/api/job-postings').set(bearer(token)).set('Content-Type', 'application/json').send(body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ detail: 'The request body is not valid JSON.' });
    }
  });

  it('an address the router cannot decode is a 400 in the contract shape', async () => {
    const response = await t.http().get('/api/job-postings/%E0%A4%A').set(bearer(token));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: 'The request address could not be read.' });
  });

  it('an encoding the server does not speak is a 415', async () => {
    const response = await t
      .http()
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'br2')
      .send('{}');
    expectDetail(response, 415);
  });

  it.each(['post', 'put'] as const)('a body that is not JSON on %s /job-postings is a 422 in the list shape', async (method) => {
    const id = (await t.http().post('/api/job-postings').set(bearer(token)).send(jobForm())).body.id;
    const path = method === 'post' ? '/api/job-postings' : `/api/job-postings/${id}`;
    for (const [type, body] of [
      ['text/plain', 'hello'],
      ['application/xml', '<job/>'],
    ]) {
      const response = await t.http()[method](path).set(bearer(token)).set('Content-Type', type).send(body);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ detail: [expect.objectContaining({ loc: ['body'], msg: expect.any(String) })] });
    }
    const array = await t.http()[method](path).set(bearer(token)).send([1, 2]);
    expect(array.status).toBe(422);
  });

  it.each([
    ['a NUL character', 'CRNA\u0000 job'],
    ['a lone high surrogate', 'CRNA \ud800 job'],
    ['a lone low surrogate', 'CRNA \udc00 job'],
  ])('text with %s is refused with 422 naming the field', async (_, title) => {
    const response = await t.http().post('/api/job-postings').set(bearer(token)).send(jobForm({ title }));
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail: [expect.objectContaining({ loc: ['body', 'title'], msg: expect.any(String) })] });
  });

  it("NUL in a write's query string is refused too", async () => {
    const response = await t.http().put(`/api/job-bids/${randomUUID()}/counter?counter_rate=190%00`).set(bearer(token));
    expect(response.status).toBe(422);
    expect(response.body.detail[0].loc).toEqual(['query', 'counter_rate']);
  });

  it('after all that, an ordinary posting is created and listed', async () => {
    const response = await t
      .http()
      .post('/api/job-postings')
      .set(bearer(token))
      .send(jobForm({ title: 'Emoji are fine 😀' }));
    expect(response.status).toBe(201);
    expect(response.body.title).toBe('Emoji are fine 😀');
  });
});
