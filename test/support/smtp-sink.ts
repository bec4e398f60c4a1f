import { simpleParser } from 'mailparser';
import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedEmail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  replyTo: string;
  /** Header names in lower case, e.g. 'list-unsubscribe'. */
  headers: Record<string, string>;
  attachments: { filename: string; contentType: string; content: string }[];
}

/**
 * A real SMTP server on a free local port that keeps every message it receives: the app talks
 * SMTP to it through nodemailer exactly as it would to a production relay.
 */
export class SmtpSink {
  readonly messages: CapturedEmail[] = [];
  /** Messages refused with a temporary failure (see refuseNext), as they arrived. */
  readonly refused: CapturedEmail[] = [];
  /** Runs after a message arrived and before the sink answers; a test looks at the app's state then. */
  beforeAccept: (message: CapturedEmail) => Promise<void> = async () => undefined;
  private refusals = 0;
  private readonly server: SMTPServer;
  private waiters: (() => void)[] = [];
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then(async (parsed) => {
            const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
            const message: CapturedEmail = {
              to: to?.value[0]?.address ?? '',
              from: parsed.from?.value[0]?.address ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              messageId: parsed.messageId ?? '',
              replyTo: parsed.replyTo?.value[0]?.address ?? '',
              headers: Object.fromEntries(parsed.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(':') + 1).trim()])),
              attachments: parsed.attachments.map((a) => ({
                filename: a.filename ?? '',
                contentType: a.contentType,
                content: a.content.toString('utf8'),
              })),
            };
            await this.beforeAccept(message);
            if (this.refusals > 0) {
              this.refusals -= 1;
              this.refused.push(message);
              return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
            }
            this.messages.push(message);
            for (const wake of this.waiters.splice(0)) wake();
            callback();
          })
          .catch(callback);
      },
    });
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    // A sender killed mid-conversation (the crash test's kill -9) resets its connection, which
    // SMTPServer reports as an 'error' event: ignored, as a mail server would; unheard, it would
    // throw in the test process.
    this.server.on('error', () => undefined);
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  /** The next `count` messages get a temporary failure (451) instead of being accepted. */
  refuseNext(count = 1): void {
    this.refusals = count;
  }

  to(address: string): CapturedEmail[] {
    return this.messages.filter((message) => message.to.toLowerCase() === address.toLowerCase());
  }

  /** Resolves with the first message matching `predicate`, failing after `timeoutMs`. */
  async waitFor(predicate: (message: CapturedEmail) => boolean, timeoutMs = 10000): Promise<CapturedEmail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(predicate);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) {
        const seen = this.messages.map((m) => `${m.to}: ${m.subject}`).join('; ') || 'none';
        throw new Error(`No matching email within ${timeoutMs} ms (received: ${seen})`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits for the email to `address` whose subject matches, and returns the first link in it. */
  async linkFrom(address: string, subject: RegExp): Promise<string> {
    const message = await this.waitFor((m) => m.to.toLowerCase() === address.toLowerCase() && subject.test(m.subject));
    const link = message.text.match(/https?:\/\/\S+/)?.[0];
    if (!link) throw new Error(`No link in "${message.subject}"`);
    return link;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
