import type { Job } from 'bullmq';
import type { MailComposers } from './mail-composers';
import type { Mailer } from './mailer';

/** One mail job: compose the email(s) of its kind, then send each at most once. */
export async function processMailJob(job: Job, composers: MailComposers, mailer: Mailer): Promise<number> {
  const composed = await composers.get(job.name)(job.data);
  const emails = composed === null ? [] : Array.isArray(composed) ? composed : [composed];
  let sent = 0;
  for (const [index, email] of emails.entries()) {
    if (await mailer.sendOnce(email.onceKey ?? `${job.id}#${index}`, email)) sent += 1;
  }
  return sent;
}
