import type { OutgoingEmail } from './mailer';

/**
 * Each kind of email is composed by the feature that owns it (accounts, bids...), at send time
 * in the mail worker. Composing late lets a composer create a fresh single-use token, so secrets
 * never sit in the event log or in Redis.
 */
export type MailComposer<Data = unknown> = (data: Data) => Promise<OutgoingEmail | OutgoingEmail[] | null>;

export class MailComposers {
  private readonly composers = new Map<string, MailComposer>();

  /** A job of a kind carries what that kind's reactor enqueued, so its composer reads it as such. */
  register<Data>(kind: string, composer: MailComposer<Data>): void {
    this.composers.set(kind, (data) => composer(data as Data));
  }

  get(kind: string): MailComposer {
    const composer = this.composers.get(kind);
    if (!composer) throw new Error(`No email composer registered for "${kind}"`);
    return composer;
  }
}
