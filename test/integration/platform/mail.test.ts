import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { AccessTokens } from '../../../server/src/auth/tokens';
import { renderEmail } from '../../../server/src/mail/layout';
import { MailComposers } from '../../../server/src/mail/mail-composers';
import { processMailJob } from '../../../server/src/mail/mail-worker';
import { Mailer, OutgoingEmail } from '../../../server/src/mail/mailer';
import { Queues } from '../../../server/src/queues/queues';
import { startTestApp, TestApp } from '../../support/app';

/** A composer the way features write them: plain parts rendered through the Tenens layout. */
function hello(data: { to: string; name: string; url: string }): OutgoingEmail {
  return {
    to: data.to,
    ...renderEmail({
      subject: `Welcome, ${data.name}`,
      greeting: `Hi ${data.name},`,
      heading: 'Your Tenens account is ready',
      paragraphs: ['Bids from facilities will show up on your dashboard.'],
      action: { label: 'Open your dashboard', url: data.url },
      details: [['Hourly rate', '$250']],
      footnote: 'You received this email because you signed up for Tenens.',
    }),
  };
}

const address = () => `mail-${randomUUID().slice(0, 8)}@example.com`;

/** A bearer header for a fresh verified user, made directly in the database. */
async function signedInHeader(t: TestApp): Promise<{ Authorization: string }> {
  const [user] = await t.db.query(
    `INSERT INTO users (email, password_hash, role, email_verified) VALUES ($1, 'not-a-real-hash', 'applicant', true)
     RETURNING id, token_version`,
    [address()],
  );
  return { Authorization: `Bearer ${t.app.get(AccessTokens).sign(user)}` };
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('mail over SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    t.app.get(MailComposers).register('test.hello', async (data: Parameters<typeof hello>[0]) => hello(data));
  });
  afterAll(() => t?.close());

  it('a job on the mail queue reaches the SMTP server as a branded message with text and HTML parts', async () => {
    const to = address();
    const url = `${t.config.APP_URL}/dashboard?from=email`;
    await t.app.get(Queues).enqueue({ queue: 'mail', name: 'test.hello', data: { to, name: 'Dana', url }, jobId: `test-${randomUUID()}` });

    const message = await t.mail.waitFor((m) => m.to === to);
    expect(message.subject).toBe('Welcome, Dana');
    expect(message.from).toBe('no-reply@tenens.local');
    // The text part stands on its own: greeting, heading, body, details, the link, the signature.
    expect(message.text).toContain('Hi Dana,');
    expect(message.text).toContain('Your Tenens account is ready');
    expect(message.text).toContain('Hourly rate: $250');
    expect(message.text).toContain(`Open your dashboard: ${url}`);
    expect(message.text).toContain('The Tenens team');
    // The HTML part carries the layout: the brand bar, the heading, a button to the link, the footer.
    expect(message.html).toMatch(/<td[^>]*background:#0b7285[^>]*>Tenens<\/td>/);
    expect(message.html).toContain('<h1');
    expect(message.html).toContain('Your Tenens account is ready</h1>');
    expect(message.html).toMatch(new RegExp(`<a href="${url.replace(/[?]/g, '\\?')}"[^>]*>Open your dashboard</a>`));
    expect(message.html).toContain('You are receiving this email because of your Tenens account.');
  });

  it('a job whose id was already processed sends nothing the second time', async () => {
    const to = address();
    const data = { to, name: 'Sam', url: `${t.config.APP_URL}/x` };
    const job = { id: `test-${randomUUID()}`, name: 'test.hello', data } as Job;
    const composers = t.app.get(MailComposers);
    const mailer = t.app.get(Mailer);

    await expect(processMailJob(job, composers, mailer)).resolves.toBe(1);
    await expect(processMailJob(job, composers, mailer)).resolves.toBe(0);
    await expect(mailer.sendOnce(`${job.id}#0`, hello(data))).resolves.toBe(false);
    // nodemailer resolves only after the SMTP server accepted the message, so it is already here.
    expect(t.mail.to(to)).toHaveLength(1);
    expect(await t.db.query('SELECT key FROM sent_emails WHERE recipient = $1', [to])).toEqual([{ key: `${job.id}#0` }]);
  });

  it('the same job id enqueued twice on the queue sends once', async () => {
    const to = address();
    const jobId = `test-${randomUUID()}`;
    const queues = t.app.get(Queues);
    const data = { to, name: 'Lee', url: `${t.config.APP_URL}/y` };
    await queues.enqueue({ queue: 'mail', name: 'test.hello', data, jobId });
    await t.mail.waitFor((m) => m.to === to);
    await queues.enqueue({ queue: 'mail', name: 'test.hello', data, jobId });
    // A second email would need a second job: BullMQ keeps the completed one under that id.
    const queue = queues.queue('mail');
    await waitUntil(async () => (await queue.getJob(jobId))?.finishedOn !== undefined, 10000, 'the job to finish');
    expect(await queue.getJobCountByTypes('waiting', 'delayed', 'active', 'prioritized')).toBe(0);
    expect(t.mail.to(to)).toHaveLength(1);
  });

  it('records a mail as sent only after the relay accepted it; the retry of a refused one has the same Message-ID', async () => {
    const to = address();
    const job = { id: `test-${randomUUID()}`, name: 'test.hello', data: { to, name: 'Ari', url: `${t.config.APP_URL}/z` } } as Job;
    const composers = t.app.get(MailComposers);
    const mailer = t.app.get(Mailer);
    // What the database says at the moment the relay holds the message but has not answered yet:
    // a crash right then must leave the mail unrecorded, so the job's retry still sends it.
    const recordedWhileOffered: unknown[] = [];
    t.mail.beforeAccept = async (message) => {
      if (message.to !== to) return;
      recordedWhileOffered.push(await t.db.query('SELECT key FROM sent_emails WHERE key = $1', [`${job.id}#0`]));
    };
    t.mail.refuseNext(1);
    try {
      await expect(processMailJob(job, composers, mailer)).rejects.toThrow();
      expect(await t.db.query('SELECT key FROM sent_emails WHERE key = $1', [`${job.id}#0`])).toEqual([]);
      await expect(processMailJob(job, composers, mailer)).resolves.toBe(1);
    } finally {
      t.mail.beforeAccept = async () => undefined;
    }
    expect(recordedWhileOffered).toEqual([[], []]);
    expect(await t.db.query('SELECT key FROM sent_emails WHERE key = $1', [`${job.id}#0`])).toEqual([{ key: `${job.id}#0` }]);
    const [refused] = t.mail.refused.filter((m) => m.to === to);
    const delivered = t.mail.to(to);
    expect(delivered).toHaveLength(1);
    expect(delivered[0].messageId).toMatch(/^<[0-9a-f]{32}@tenens\.local>$/);
    expect(delivered[0].messageId).toBe(refused.messageId);
  });

  it('a failed delivery releases its claim so the retry can send it', async () => {
    const to = address();
    const key = `test-${randomUUID()}#0`;
    const email = hello({ to, name: 'Kim', url: 'http://x' });
    // The same database, a relay that is not there (nothing listens on port 1).
    const unreachable = new Mailer(t.db, 'smtp://127.0.0.1:1', t.config.MAIL_FROM);
    const reachable = new Mailer(t.db, t.mail.url, t.config.MAIL_FROM);
    try {
      await expect(unreachable.sendOnce(key, email)).rejects.toThrow();
      expect(await t.db.query('SELECT key FROM sent_emails WHERE key = $1', [key])).toEqual([]);
      await expect(reachable.sendOnce(key, email)).resolves.toBe(true);
      await expect(reachable.sendOnce(key, email)).resolves.toBe(false);
      expect(t.mail.to(to)).toHaveLength(1);
    } finally {
      unreachable.close();
      reachable.close();
    }
  });
});

describe('the development mailbox (no SMTP_URL)', () => {
  let t: TestApp;
  let auth: { Authorization: string };
  beforeAll(async () => {
    t = await startTestApp({ env: { SMTP_URL: '' } });
    t.app.get(MailComposers).register('test.hello', async (data: Parameters<typeof hello>[0]) => hello(data));
    auth = await signedInHeader(t);
  });
  afterAll(() => t?.close());

  it('treats SMTP_URL="" as unset', () => {
    expect(t.config.SMTP_URL).toBeUndefined();
    expect(t.app.get(Mailer).usesDevMailbox).toBe(true);
  });

  // Its purpose is the verification link of someone who cannot sign in yet.
  it('is open without signing in', async () => {
    const to = address();
    await t.app
      .get(Mailer)
      .sendOnce(`test-${randomUUID()}#0`, hello({ to, name: 'Newcomer', url: `${t.config.APP_URL}/verify-email?token=t` }));
    const response = await t.http().get('/api/dev/mailbox').query({ to });
    expect(response.status).toBe(200);
    expect(response.body.messages.map((m: { subject: string }) => m.subject)).toEqual(['Welcome, Newcomer']);
  });

  it('keeps every email and lists them at GET /api/dev/mailbox, newest first', async () => {
    const to = address();
    const mailer = t.app.get(Mailer);
    const url = `${t.config.APP_URL}/verify-email?token=abc`;
    await mailer.sendOnce(`test-${randomUUID()}#0`, { ...hello({ to, name: 'First', url }), to });
    await mailer.sendOnce(`test-${randomUUID()}#0`, { ...hello({ to, name: 'Second', url }), to });
    // And through the queue and worker, like every real email.
    await t.app.get(Queues).enqueue({ queue: 'mail', name: 'test.hello', data: { to, name: 'Third', url }, jobId: `test-${randomUUID()}` });

    let messages: { to: string; subject: string; text: string; html: string }[] = [];
    await waitUntil(
      async () => {
        const response = await t.http().get('/api/dev/mailbox').set(auth).query({ to });
        expect(response.status).toBe(200);
        messages = response.body.messages;
        return messages.length === 3;
      },
      10000,
      'three messages in the development mailbox',
    );
    expect(messages.map((m) => m.subject)).toEqual(['Welcome, Third', 'Welcome, Second', 'Welcome, First']);
    expect(messages[0].to).toBe(to);
    expect(messages[0].text).toContain(url);
    expect(messages[0].html).toContain('background:#0b7285');
    // Nothing went out over SMTP.
    expect(t.mail.to(to)).toEqual([]);
  });

  it('keeps an email once per key: a retried job adds nothing', async () => {
    const to = address();
    const mailer = t.app.get(Mailer);
    const key = `test-${randomUUID()}#0`;
    const url = `${t.config.APP_URL}/verify-email?token=once`;
    await expect(mailer.sendOnce(key, hello({ to, name: 'Once', url }))).resolves.toBe(true);
    await expect(mailer.sendOnce(key, hello({ to, name: 'Once', url }))).resolves.toBe(false);
    const response = await t.http().get('/api/dev/mailbox').set(auth).query({ to });
    expect(response.body.messages.map((m: { subject: string }) => m.subject)).toEqual(['Welcome, Once']);
    expect(await t.db.query('SELECT recipient, subject FROM sent_emails WHERE key = $1', [key])).toEqual([
      { recipient: to, subject: 'Welcome, Once' },
    ]);
  });

  it('logs that an email arrived, never its links: they carry single-use tokens', async () => {
    const logged: string[] = [];
    const spy = jest.spyOn(Logger.prototype, 'log').mockImplementation((message: unknown) => void logged.push(String(message)));
    try {
      const to = address();
      const url = `${t.config.APP_URL}/reset-password?token=very-secret-token`;
      await t.app.get(Mailer).sendOnce(`test-${randomUUID()}#0`, hello({ to, name: 'Private', url }));
    } finally {
      spy.mockRestore();
    }
    expect(logged.some((line) => line.includes('Welcome, Private'))).toBe(true);
    expect(logged.join('\n')).not.toContain('very-secret-token');
  });

  it('is a readable page in a browser: newest first, links clickable, what users typed escaped', async () => {
    const to = address();
    const url = `${t.config.APP_URL}/verify-email?token=page-token`;
    await t.app.get(Mailer).sendOnce(`test-${randomUUID()}#0`, hello({ to, name: '<b>Bold</b>', url }));
    const response = await t.http().get('/api/dev/mailbox').query({ to }).set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.text).toContain(`<h1>Mail to ${to}</h1>`);
    expect(response.text).toContain(`<a href="${url}">${url}</a>`);
    expect(response.text).toContain('Welcome, &lt;b&gt;Bold&lt;/b&gt;');
    expect(response.text).not.toContain('Welcome, <b>Bold</b>');
  });

  it('answers JSON to a client asking for JSON, and says so when a filter matches nothing', async () => {
    const json = await t.http().get('/api/dev/mailbox').query({ to: address() }).set('Accept', 'application/json');
    expect(json.status).toBe(200);
    expect(json.body).toEqual({ messages: [] });
    const page = await t.http().get('/api/dev/mailbox').query({ to: address() }).set('Accept', 'text/html');
    expect(page.text).toContain('No messages yet.');
  });

  it('filters by recipient, case-insensitively', async () => {
    const mine = address();
    const other = address();
    const mailer = t.app.get(Mailer);
    await mailer.sendOnce(`test-${randomUUID()}#0`, hello({ to: mine, name: 'Mine', url: 'http://x' }));
    await mailer.sendOnce(`test-${randomUUID()}#0`, hello({ to: other, name: 'Other', url: 'http://x' }));

    const response = await t.http().get('/api/dev/mailbox').set(auth).query({ to: mine.toUpperCase() });
    expect(response.status).toBe(200);
    expect(response.body.messages.map((m: { subject: string }) => m.subject)).toEqual(['Welcome, Mine']);

    const all = await t.http().get('/api/dev/mailbox').set(auth);
    expect(all.status).toBe(200);
    const recipients = all.body.messages.map((m: { to: string }) => m.to);
    expect(recipients).toEqual(expect.arrayContaining([mine, other]));
  });
});

describe('the development mailbox in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Production needs SMTP_URL to start at all (see the config tests); the mailbox stays shut.
    t = await startTestApp({ env: { NODE_ENV: 'production' } });
  });
  afterAll(() => t?.close());

  beforeAll(async () => {
    await t.app.get(Mailer).sendOnce(`test-${randomUUID()}#0`, hello({ to: address(), name: 'Prod', url: 'http://x' }));
  });

  it('does not exist for a signed-in user: 404 with the contract body', async () => {
    const auth = await signedInHeader(t);
    for (const path of ['/api/dev/mailbox', '/api/dev/mailbox?to=someone@example.com']) {
      const response = await t.http().get(path).set(auth);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: expect.any(String) });
      expect(JSON.stringify(response.body)).not.toContain('Welcome');
    }
  });

  it('does not exist for anyone else either: 404, not 401', async () => {
    const response = await t.http().get('/api/dev/mailbox');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: expect.any(String) });
  });
});
