import { Client } from 'pg';
import { verifiedApplicant, verifiedFacility } from '../support/accounts';
import { activePosting } from '../support/postings';
import { serverForThisFile, ServerProcess, waitUntil } from './support/server-process';

const POSTINGS = 8;
const APPLICANTS = 25;
/** The server is killed once this many bid commands were acknowledged (of POSTINGS x APPLICANTS). */
const CRASH_AFTER = 110;
const CONCURRENCY = 16;

interface Bidder {
  token: string;
  name: string;
}

interface Submit {
  bidder: Bidder;
  postingId: string;
  title: string;
  rate: number;
}

/**
 * kill -9 under load: a few hundred bid commands from many applicants, the server killed in the
 * middle, started again on the same database, Redis prefix and SMTP relay. Every command that
 * was answered 2xx must be in the event log and the read models, and every bid the log holds
 * must reach the facility by email at least once (a crash may repeat an email, never lose one).
 */
describe('a crash under bid commands', () => {
  const running = serverForThisFile();

  it('loses no acknowledged command and no email', async () => {
    const { database, mail, server } = running;
    const t = server.asTestApp(mail);
    const facility = await verifiedFacility(t, { credits: POSTINGS });
    const postings: { id: string; title: string }[] = [];
    for (let i = 0; i < POSTINGS; i++) {
      const title = `Crash test job ${i + 1}`;
      postings.push({ id: await activePosting(t, facility.token, { title }), title });
    }
    const bidders: Bidder[] = [];
    for (let i = 0; i < APPLICANTS; i++) {
      const name = `Pat${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`;
      const applicant = await verifiedApplicant(t, { first_name: name, last_name: 'Crashtest' });
      bidders.push({ token: applicant.token, name });
    }
    const submits: Submit[] = bidders.flatMap((bidder, b) =>
      postings.map((posting, p) => ({ bidder, postingId: posting.id, title: posting.title, rate: 150 + b + p })),
    );

    const acknowledged = await runUntilCrash(server, submits);
    await server.start();

    // Every acknowledged command is in the log...
    const log = await submittedBids(database.url);
    const missingFromLog = acknowledged.filter((ack) => !log.some((row) => row.bid_id === ack.bidId));
    // ...and in the read model its applicant reads.
    const missingFromReadModel: string[] = [];
    for (const bidder of bidders) {
      const mine = await server.http().get('/api/job-bids/my-bids?limit=100').set('Authorization', `Bearer ${bidder.token}`);
      expect(mine.status).toBe(200);
      const ids = new Set(mine.body.map((bid: { id: string }) => bid.id));
      for (const ack of acknowledged.filter((a) => a.submit.bidder === bidder))
        if (!ids.has(ack.bidId)) missingFromReadModel.push(ack.bidId);
    }

    // Every bid the log holds is emailed to the facility: none lost, repeats counted.
    const expected = log.map((row) => {
      const bidder = bidders.find((b) => row.user_name === `${b.name} Crashtest`);
      const posting = postings.find((p) => p.id === row.job_posting_id);
      return { subject: `New bid on ${posting?.title}`, who: `${bidder?.name} Crashtest` };
    });
    const received = (e: { subject: string; who: string }) =>
      mail.messages.filter((m) => m.to === facility.email && m.subject === e.subject && m.text.includes(`${e.who} bid`)).length;
    await waitUntil(async () => expected.every((e) => received(e) > 0), 60_000, 'every bid email').catch(() => undefined);
    const lost = expected.filter((e) => received(e) === 0).length;
    const repeated = expected.reduce((sum, e) => sum + Math.max(0, received(e) - 1), 0);

    console.log(
      `crash: ${acknowledged.length} commands acknowledged, ${acknowledged.length - missingFromLog.length} found in the log, ` +
        `${acknowledged.length - missingFromReadModel.length} in the read model; ${log.length} bids in the log; ` +
        `emails: ${expected.length} expected, ${expected.length - lost} delivered, ${lost} lost, ${repeated} repeated`,
    );
    expect(acknowledged.length).toBeGreaterThanOrEqual(CRASH_AFTER);
    expect(missingFromLog).toEqual([]);
    expect(missingFromReadModel).toEqual([]);
    expect(lost).toBe(0);
  }, 240_000);
});

/** Sends the submits CONCURRENCY at a time and kill -9s the server after CRASH_AFTER answers. */
async function runUntilCrash(server: ServerProcess, submits: Submit[]) {
  const acknowledged: { submit: Submit; bidId: string }[] = [];
  const queue = [...submits];
  let crashed: Promise<void> | null = null;
  const worker = async () => {
    while (!crashed && queue.length > 0) {
      const submit = queue.shift() as Submit;
      const response = await server
        .http()
        .post('/api/job-bids')
        .set('Authorization', `Bearer ${submit.bidder.token}`)
        .send({ job_posting_id: submit.postingId, proposed_rate: submit.rate })
        .catch(() => null);
      if (response?.status === 201) acknowledged.push({ submit, bidId: response.body.id });
      else if (response && !crashed) throw new Error(`bid refused before the crash: ${response.status} ${JSON.stringify(response.body)}`);
      if (!crashed && acknowledged.length >= CRASH_AFTER) crashed = server.crash();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await crashed;
  return acknowledged;
}

/** The BidSubmitted events of the log, with who bid (from the event's metadata). */
async function submittedBids(url: string): Promise<{ bid_id: string; job_posting_id: string; user_name: string }[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT data->>'bid_id' AS bid_id, data->>'job_posting_id' AS job_posting_id, metadata->'actor'->>'name' AS user_name
         FROM events WHERE type = 'BidSubmitted'`,
    );
    return rows;
  } finally {
    await client.end();
  }
}
