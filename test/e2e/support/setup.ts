import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

import { PASSWORD } from '../../support/accounts';

/** Set-up through the API for browser tests: accounts, verification, credits, postings, bids. */
export const ADMIN = { email: 'admin@tenens.test', password: 'AdminPass123' };

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function login(request: APIRequestContext, email: string, password = PASSWORD): Promise<string> {
  const body = await ok<{ access_token: string }>(
    await request.post('/api/auth/login', { form: { username: email, password } }),
    `login ${email}`,
  );
  return body.access_token;
}

export interface SignedUp {
  email: string;
  token: string;
  me: { facility: { id: string } | null; applicant: { id: string } | null };
}

/** The first link in an email to `email` matching `pattern` (the development mailbox). */
export async function emailedLink(request: APIRequestContext, email: string, pattern: RegExp): Promise<string> {
  // Generous: the mail queue shares two cores with every other test run on this machine.
  for (let attempt = 0; attempt < 300; attempt++) {
    const { messages } = await ok<{ messages: { text: string }[] }>(
      await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`, { headers: { Accept: 'application/json' } }),
      'mailbox',
    );
    const link = messages.map((message) => message.text.match(pattern)?.[0]).find(Boolean);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no email matching ${pattern} for ${email}`);
}

/** Registers, follows the emailed verification link (the development mailbox), signs in. */
export async function signUp(request: APIRequestContext, payload: Record<string, unknown>): Promise<SignedUp> {
  await ok(await request.post('/api/auth/register', { data: payload }), 'register');
  const email = payload.email as string;
  const link = await emailedLink(request, email, /https?:\/\/\S*verify-email\S*/);
  await ok(await request.post(`/api/auth/verify-email?token=${new URL(link).searchParams.get('token')}`), 'verify email');
  const token = await login(request, email);
  const me = await ok<SignedUp['me']>(await request.get('/api/users/me', { headers: bearer(token) }), 'me');
  return { email, token, me };
}

export async function verify(request: APIRequestContext, admin: string, account: SignedUp): Promise<void> {
  const path = account.me.facility ? `facilities/${account.me.facility.id}` : `applicants/${account.me.applicant!.id}`;
  await ok(await request.put(`/api/admin/${path}/verify?verification_status=verified`, { headers: bearer(admin) }), `verify ${path}`);
}

/** A live posting of a verified facility, paid with a credit the admin adds. */
export async function livePosting(request: APIRequestContext, admin: string, facility: SignedUp, form: Record<string, unknown>) {
  await ok(await request.post(`/api/admin/facilities/${facility.me.facility!.id}/add-credit`, { headers: bearer(admin) }), 'add credit');
  const posting = await ok<{ id: string }>(
    await request.post('/api/job-postings', { headers: bearer(facility.token), data: form }),
    'create',
  );
  const published = await ok<{ requires_payment?: boolean }>(
    await request.post(`/api/job-postings/${posting.id}/publish`, { headers: bearer(facility.token) }),
    'publish',
  );
  expect(published.requires_payment).toBeFalsy();
  return posting.id;
}

export async function bid(request: APIRequestContext, applicant: SignedUp, postingId: string, rate: number): Promise<string> {
  const body = { job_posting_id: postingId, proposed_rate: rate };
  return (await ok<{ id: string }>(await request.post('/api/job-bids', { headers: bearer(applicant.token), data: body }), 'bid')).id;
}

/** Signs in through the login form in a browser context of its own, at the given width. */
export async function logInThroughTheUi(browser: Browser, email: string, password = PASSWORD, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

/**
 * Resolves once the page's next Socket.IO connection is accepted (the server's CONNECT packet,
 * "40"): the socket is in its rooms, so a push sent from now on reaches the page. Call it before
 * the navigation that opens the connection.
 */
export function socketConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/')) return;
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('40')) resolve();
      });
    });
  });
}
