/**
 * `npm run bench:live`: how fast does a counter reach the other party's open screens, with two
 * server instances and 2,000 sockets?
 *
 * Recreates a scratch database (tenens_bench_live, or BENCH_DATABASE_URL) and starts two built
 * servers on it with one Redis and one QUEUE_PREFIX, as a scaled-out deployment runs. Seeds
 * through the API 10 verified facilities with 5 live postings each and 25 verified applicants
 * with a bid on two postings each (50 bids). Then opens BENCH_SOCKETS (2,000) Socket.IO sockets
 * the way the client does (websocket transport, the bearer token in `auth`; see Screen), half for the
 * facilities' admins and half for the applicants, alternating between the two instances, each
 * watching the posting rooms of its bids. After 3 s of the same load to warm both instances up,
 * for BENCH_SECONDS it sends 50 counters a second over HTTP, facility and applicant in turn on
 * each bid, and times each counter from its sending to every one of the other party's sockets
 * receiving the 'bid.updated' that carries it. Prints p50 and p99 beside the goal (p99 <= 100
 * ms), each instance's RSS (goal <= 300 MB) and the load.
 */
import { type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Client } from 'pg';
import WebSocket from 'ws';
import {
  Api,
  BENCH_ADMIN,
  benchUrl,
  cpuMeter,
  freePort,
  loadAverage,
  publishedPosting,
  recreate,
  rssMb,
  startServer,
  summary,
  verifiedApplicant,
  verifiedFacility,
} from './bench-support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000);
const COUNTERS_PER_SECOND = 50;
const WARM_UP_SECONDS = 3;
const FACILITIES = 10;
const POSTINGS_PER_FACILITY = 5;
const APPLICANTS = 25;
const GOAL_P99_MS = 100;
const GOAL_RSS_MB = 300;

type Side = 'facility' | 'applicant';

interface Party {
  token: string;
  /** The posting rooms its screens watch. */
  postings: string[];
}

interface Lane {
  bidId: string;
  rate: number;
  facilityTurn: boolean;
  busy: boolean;
}

/** Facilities with their postings, applicants with a bid on two postings each, and the bids. */
async function seed(api: Api) {
  const admin = await api.login(BENCH_ADMIN.email, BENCH_ADMIN.password);
  const facilities: Party[] = [];
  const tokens: Record<string, { facility: string; applicant: string }> = {};
  const postingIds: { id: string; facilityToken: string }[] = [];
  for (let f = 0; f < FACILITIES; f++) {
    const facility = await verifiedFacility(api, admin, `bench-live-facility-${f}@tenens.test`, f);
    const postings: string[] = [];
    for (let p = 0; p < POSTINGS_PER_FACILITY; p++) {
      const id = await publishedPosting(api, admin, facility, `Live bench job ${postingIds.length + 1}`);
      postings.push(id);
      postingIds.push({ id, facilityToken: facility.token });
    }
    facilities.push({ token: facility.token, postings });
  }
  const applicants: Party[] = [];
  const lanes: Lane[] = [];
  for (let a = 0; a < APPLICANTS; a++) {
    const { token } = await verifiedApplicant(api, admin, `bench-live-crna-${a}@tenens.test`, a);
    const mine = postingIds.slice((2 * a) % postingIds.length, ((2 * a) % postingIds.length) + 2);
    for (const posting of mine) {
      const bid = await api.call('POST', '/job-bids', token, { job_posting_id: posting.id, proposed_rate: 180 });
      lanes.push({ bidId: bid.id, rate: 180, facilityTurn: true, busy: false });
      tokens[bid.id] = { facility: posting.facilityToken, applicant: token };
    }
    applicants.push({ token, postings: mine.map((posting) => posting.id) });
  }
  return { facilities, applicants, lanes, tokens };
}

/** Sent counters by bid, rate and the side that sent it, with when they were sent. */
const sent = new Map<string, number>();
const latencies: number[] = [];
/** Each counter's HTTP answer time, to tell the command's share of the delay from the push's. */
const answers: number[] = [];
const answeredAt = new Map<string, number>();
/** Every delivery: which counter, and when it arrived. */
const receipts: { key: string; at: number }[] = [];
/** Every message any socket received, of any event: what the servers wrote to sockets. */
let messages = 0;
const key = (bidId: string, rate: number | null, side: Side) => `${bidId}:${rate}:${side}`;

/** How the pushes timed begin, after Socket.IO's EVENT packet type ('42'). */
const BID_UPDATED = '["bid.updated",';

/**
 * One user's open screen: a Socket.IO connection (protocol 5 over Engine.IO 4, websocket
 * transport, the token in the CONNECT packet's auth) on a bare WebSocket. The 2,000 screens stand
 * for 2,000 devices, but they share this process's one thread: as socket.io-client instances they
 * cost it about 30 µs a message (every message JSON-parsed and dispatched through three emitters),
 * 10 ms of CPU per counter, half a core taken from the servers on two cores, and their queue on
 * the thread showed in every latency. Each frame is still received whole; only 'bid.updated',
 * the pushes timed, are parsed: the thread is busy a third as long, and its event-loop delay p99
 * halved (docs/performance.md, session 37).
 */
class Screen {
  /** Settles once the server took the token and the posting rooms were asked for, or refused it. */
  readonly ready: Promise<void>;
  private readonly socket: WebSocket;
  private connected: (error?: Error) => void = () => undefined;

  constructor(
    base: string,
    private readonly party: Party,
    private readonly otherSide: Side,
  ) {
    this.ready = new Promise((done, fail) => (this.connected = (error) => (error ? fail(error) : done())));
    const url = `${base.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
    this.socket = new WebSocket(url, { skipUTF8Validation: true });
    this.socket.on('error', (error) => this.connected(error));
    this.socket.on('message', (data: Buffer) => this.received(data));
  }

  close(): void {
    this.socket.close();
  }

  private received(data: Buffer): void {
    const type = data.toString('latin1', 0, 2);
    if (type === '42') return this.event(data);
    // Engine.IO's ping: answered, or the server closes the connection.
    if (type === '2') return this.socket.send('3');
    // Engine.IO's open packet: connect to the default namespace with the token.
    if (type[0] === '0') return this.socket.send(`40${JSON.stringify({ token: this.party.token })}`);
    if (type === '40') {
      for (const posting of this.party.postings) this.socket.send(`42${JSON.stringify(['posting.watch', posting])}`);
      return this.connected();
    }
    if (type === '44') this.connected(new Error(`connection refused: ${data.toString()}`));
  }

  private event(data: Buffer): void {
    messages += 1;
    if (data.toString('latin1', 2, BID_UPDATED.length + 2) !== BID_UPDATED) return;
    const [, bid] = JSON.parse(data.toString('utf8', 2)) as [string, { id: string; counter_rate: number | null }];
    const counter = key(bid.id, bid.counter_rate, this.otherSide);
    const at = sent.get(counter);
    if (at === undefined) return;
    const now = performance.now();
    latencies.push(now - at);
    receipts.push({ key: counter, at: now });
  }
}

/** One screen, once it is connected and watching its postings. */
async function openSocket(base: string, side: Side, party: Party): Promise<Screen> {
  const screen = new Screen(base, party, side === 'facility' ? 'applicant' : 'facility');
  await screen.ready;
  return screen;
}

async function openSockets(bases: string[], facilities: Party[], applicants: Party[]): Promise<Screen[]> {
  const sockets: Screen[] = [];
  // In batches, as users arrive over time rather than in one instant.
  for (let start = 0; start < SOCKETS; start += 100) {
    const batch = Array.from({ length: Math.min(100, SOCKETS - start) }, (_, j) => {
      const n = start + j;
      const base = bases[n % bases.length];
      const facility = n % 4 < 2;
      const index = Math.floor(n / 2);
      return facility
        ? openSocket(base, 'facility', facilities[index % facilities.length])
        : openSocket(base, 'applicant', applicants[index % applicants.length]);
    });
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/** 50 counters a second, round the bids, each side in turn on a bid; a bid still busy is passed. */
async function drive(apis: Api[], lanes: Lane[], tokens: Record<string, { facility: string; applicant: string }>, seconds: number) {
  let errors = 0;
  let skipped = 0;
  let commands = 0;
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  for (let n = 0; n < seconds * COUNTERS_PER_SECOND; n++) {
    const wait = started + (n * 1000) / COUNTERS_PER_SECOND - performance.now();
    if (wait > 0) await new Promise((wake) => setTimeout(wake, wait));
    const lane = lanes[n % lanes.length];
    if (lane.busy) {
      skipped += 1;
      continue;
    }
    lane.busy = true;
    const side: Side = lane.facilityTurn ? 'facility' : 'applicant';
    const rate = 150 + ((lane.rate + 1) % 100);
    const path = side === 'facility' ? `/job-bids/${lane.bidId}/counter` : `/job-bids/${lane.bidId}/counter-by-applicant`;
    const sentAt = performance.now();
    sent.set(key(lane.bidId, rate, side), sentAt);
    commands += 1;
    inFlight.push(
      apis[n % apis.length]
        .call('PUT', `${path}?counter_rate=${rate}`, tokens[lane.bidId][side])
        .then(
          () => {
            answers.push(performance.now() - sentAt);
            answeredAt.set(key(lane.bidId, rate, side), performance.now());
            lane.rate = rate;
            lane.facilityTurn = !lane.facilityTurn;
          },
          (error: unknown) => {
            errors += 1;
            if (errors < 5) console.error(String(error));
          },
        )
        .finally(() => {
          lane.busy = false;
        }),
    );
  }
  await Promise.all(inFlight);
  // Pushes still on their way.
  await new Promise((wake) => setTimeout(wake, 1000));
  return { commands, errors, skipped, perSecond: commands / ((performance.now() - started - 1000) / 1000) };
}

async function main(): Promise<void> {
  const url = benchUrl('tenens_bench_live');
  console.log(`Recreating ${new URL(url).pathname.slice(1)}...`);
  await recreate(url);
  const ports = [await freePort(), await freePort()];
  const queuePrefix = `benchlive${ports[0]}`;
  const servers: ChildProcess[] = [];
  // For the CPU of the servers' Postgres backends.
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    // One after the other: the first migrates, the second finds the schema in place.
    for (const port of ports) servers.push(await startServer(url, port, { QUEUE_PREFIX: queuePrefix }));
    const bases = ports.map((port) => `http://127.0.0.1:${port}`);
    const apis = bases.map((base) => new Api(base));
    console.log(`Seeding ${FACILITIES} facilities, ${FACILITIES * POSTINGS_PER_FACILITY} postings, ${APPLICANTS} applicants...`);
    const { facilities, applicants, lanes, tokens } = await seed(apis[0]);
    console.log(`Opening ${SOCKETS} sockets over ${bases.length} instances...`);
    const sockets = await openSockets(bases, facilities, applicants);
    // Both instances warm first (compiled code, pooled connections, prepared statements): the
    // seeding went through one of them, and a cold start is not the steady state measured here.
    console.log(`Warming up: ${COUNTERS_PER_SECOND} counters/s for ${WARM_UP_SECONDS} s, not counted...`);
    await drive(apis, lanes, tokens, WARM_UP_SECONDS);
    for (const list of [latencies, answers, receipts]) list.length = 0;
    messages = 0;
    sent.clear();
    answeredAt.clear();
    const rssBefore = servers.map((server) => rssMb(server.pid as number));
    console.log(`Sending ${COUNTERS_PER_SECOND} counters/s for ${SECONDS} s...`);
    // The sockets' messages are parsed on this process's one thread too: its own delays show in every latency.
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
    const cpu = await cpuMeter(
      db,
      servers.map((server) => server.pid as number),
    );
    const ownCpu = process.cpuUsage();
    const drivenAt = performance.now();
    const driven = await drive(apis, lanes, tokens, SECONDS);
    const seconds = (performance.now() - drivenAt) / 1000;
    const used = await cpu.used();
    const own = process.cpuUsage(ownCpu);
    loopDelay.disable();
    const rss = servers.map((server) => rssMb(server.pid as number));
    for (const socket of sockets) socket.close();

    const figures = summary(latencies);
    // Negative: the push reached the other party before the sender had its answer.
    const pushVsAnswer = summary(receipts.filter((r) => answeredAt.has(r.key)).map((r) => r.at - (answeredAt.get(r.key) as number)));
    console.log(
      `\ncounters sent ${driven.commands} (${driven.perSecond.toFixed(1)}/s, ${driven.errors} errors, ${driven.skipped} skipped: bid busy)` +
        `\ndeliveries to the other party's sockets ${figures.n}; messages to all sockets ${messages} (${(messages / driven.commands).toFixed(0)} per counter)` +
        `\ncounter sent -> its HTTP answer: p50 ${summary(answers).p50.toFixed(1)} ms, p99 ${summary(answers).p99.toFixed(1)} ms` +
        `\nreceived - sender's answer: p50 ${pushVsAnswer.p50.toFixed(1)} ms, p99 ${pushVsAnswer.p99.toFixed(1)} ms (the push path's own share)` +
        `\ncounter sent -> received: p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms, max ${figures.max.toFixed(1)} ms   goal p99 <= ${GOAL_P99_MS} ms` +
        `\nthis process's own event-loop delay: p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms` +
        `\n${cpuLine(used.processes, used.postgres, (own.user + own.system) / 1e6, driven.commands, seconds)}` +
        `\nRSS per instance: ${rss.map((mb, i) => `${mb.toFixed(0)} MB (${rssBefore[i].toFixed(0)} MB before the counters)`).join(', ')}   goal <= ${GOAL_RSS_MB} MB`,
    );
    const met = figures.p99 <= GOAL_P99_MS && rss.every((mb) => mb <= GOAL_RSS_MB) && driven.errors === 0;
    console.log(`\nGoal: ${met ? 'met' : 'not met'} (load average ${loadAverage()})`);
    process.exitCode = met ? 0 : 1;
  } finally {
    await db.end();
    for (const server of servers) server.kill('SIGTERM');
  }
}

/**
 * CPU per counter of the servers, their Postgres backends and this process (whose sockets parse
 * every push), and how busy that kept the machine's cores: near 100 %, latencies include waits
 * for a core.
 */
function cpuLine(servers: number, postgres: number, own: number, commands: number, seconds: number): string {
  const per = (cpuSeconds: number) => ((cpuSeconds * 1000) / commands).toFixed(1);
  const busy = (100 * (servers + postgres + own)) / (seconds * availableParallelism());
  return (
    `CPU per counter: servers ${per(servers)} ms, their Postgres backends ${per(postgres)} ms, this process ${per(own)} ms` +
    ` (${busy.toFixed(0)} % of ${availableParallelism()} cores)`
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
