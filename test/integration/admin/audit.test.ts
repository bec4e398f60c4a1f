import { Client } from 'pg';
import { appendLog, generateLog } from '../../../scripts/event-log';
import { startTestApp, TestApp } from '../../support/app';
import { adminToken, verifiedApplicant, verifiedFacility } from '../../support/accounts';
import { activePosting } from '../../support/postings';
import { bearer, ISO, UNKNOWN_ID, validation } from './helpers';
import { AUDIT_STREAM_TYPES, type AuditRow } from '../../../server/src/domain/admin/audit';
import type { HistoryEntry } from '../../../server/src/domain/shared/history';

jest.setTimeout(240_000);

type Query = Record<string, string | number>;

/**
 * GET /admin/audit, /admin/audit.csv and the point-in-time views, against a real app: a facility
 * posts, an applicant bids, both counter, the facility accepts; every filter, the paging, the CSV
 * and the bid as it stood after each event of its history.
 */
describe('admin: platform audit and point-in-time views', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let facility: Awaited<ReturnType<typeof verifiedFacility>>;
  let other: Awaited<ReturnType<typeof verifiedFacility>>;
  let applicant: Awaited<ReturnType<typeof verifiedApplicant>>;
  let postingId: string;
  let bidId: string;
  let history: HistoryEntry[];

  const audit = (query: Query = {}) => t.http().get('/api/admin/audit').query(query).set(auth);
  const rows = async (query: Query = {}) => {
    const response = await audit({ limit: 200, ...query });
    expect(response.status).toBe(200);
    return response.body.rows as AuditRow[];
  };
  const move = async (token: string, path: string) => {
    const response = await t.http().put(`/api/job-bids/${bidId}/${path}`).set(bearer(token));
    expect(response.status).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestApp();
    auth = bearer(await adminToken(t));
    facility = await verifiedFacility(t, { credits: 2, profile: { name: 'Lakeshore Audit Clinic' } });
    other = await verifiedFacility(t, { profile: { name: 'Elsewhere Surgical' } });
    applicant = await verifiedApplicant(t, { first_name: 'Quinn', last_name: 'Ledger' });
    postingId = await activePosting(t, facility.token, { title: 'Harbor CRNA locum', hourly_rate: 180 });
    const submitted = await t
      .http()
      .post('/api/job-bids')
      .set(bearer(applicant.token))
      .send({ job_posting_id: postingId, proposed_rate: 190 });
    expect(submitted.status).toBe(201);
    bidId = submitted.body.id;
    await move(facility.token, 'counter?counter_rate=182');
    await move(applicant.token, 'counter-by-applicant?counter_rate=186');
    await move(facility.token, 'accept');
    // The accept is counted on the posting (its openings) by a background job: wait for it, so
    // the log ends there.
    await waitFor(async () => {
      const [row] = await t.db.query(`SELECT 1 FROM audit_log WHERE event_type = 'PostingConnectionMade'`);
      return row ?? null;
    });
    history = (await t.http().get(`/api/job-bids/${bidId}/history`).set(auth)).body;
  });
  afterAll(() => t?.close());

  describe('GET /admin/audit', () => {
    it('answers every event newest first, each with its actor, record and data', async () => {
      const all = await rows();
      const positions = all.map((row) => BigInt(row.position));
      expect(positions).toEqual([...positions].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
      expect(all[0].event_type).toBe('PostingConnectionMade');
      const accepted = all.find((row) => row.event_type === 'FacilityAccepted')!;
      expect(accepted).toEqual({
        position: expect.stringMatching(/^\d+$/),
        at: expect.stringMatching(ISO),
        stream: `bid-${bidId}`,
        stream_type: 'bid',
        version: 3,
        event_type: 'FacilityAccepted',
        actor: { user_id: facility.userId, name: expect.any(String), email: facility.email, role: 'facility' },
        record: {
          type: 'bid',
          id: bidId,
          name: 'Quinn Ledger on Harbor CRNA locum',
          link: `/admin/applicants/${applicant.applicantId}`,
          posting_id: postingId,
        },
        data: expect.objectContaining({ rate: 186, at: accepted.at }),
      });
      const registered = all.find((row) => row.event_type === 'FacilityRegistered' && row.record.id === facility.facilityId);
      expect(registered?.record).toEqual({
        type: 'facility',
        id: facility.facilityId,
        name: 'Lakeshore Audit Clinic',
        link: `/admin/facilities/${facility.facilityId}`,
        posting_id: null,
      });
      const verified = all.find((row) => row.event_type === 'ApplicantVerified');
      expect(verified?.actor).toMatchObject({ role: 'admin', email: expect.stringContaining('@') });
    });

    it('never answers a password hash or any secret-looking key', async () => {
      const [{ password_hash }] = await t.db.query('SELECT password_hash FROM users WHERE id = $1', [facility.userId]);
      const text = JSON.stringify(await rows());
      expect(text).not.toContain(password_hash);
      expect(text).not.toMatch(/"[a-z_]*(password|token|secret)[a-z_]*"\s*:/i);
    });

    it('filters by stream type', async () => {
      const bids = await rows({ stream_type: 'bid' });
      expect(bids.map((row) => row.event_type)).toEqual(['FacilityAccepted', 'ApplicantCountered', 'FacilityCountered', 'BidSubmitted']);
      const postings = await rows({ stream_type: 'posting' });
      expect(new Set(postings.map((row) => row.stream_type))).toEqual(new Set(['posting']));
      expect(postings.map((row) => row.event_type)).toEqual(['PostingConnectionMade', 'PostingPublished', 'PostingCreated']);
    });

    it('filters by event type', async () => {
      const counters = await rows({ event_type: 'FacilityCountered' });
      expect(counters.map((row) => [row.stream, row.data.counter_rate])).toEqual([[`bid-${bidId}`, 182]]);
    });

    it('filters by the acting user, by id or by email (any case), and an unknown email matches nothing', async () => {
      const byEmail = await rows({ actor: facility.email.toUpperCase() });
      // The accept also counted its connection on the posting, in the same command.
      expect(byEmail.map((row) => row.event_type)).toEqual([
        'PostingConnectionMade',
        'FacilityAccepted',
        'FacilityCountered',
        'PaymentRecorded',
        'SubscriptionStarted',
        'PostingPublished',
        'PostingCreditConsumed',
        'PostingCreated',
        'FacilityRegistered',
      ]);
      for (const row of byEmail) expect(row.actor.user_id).toBe(facility.userId);
      expect(await rows({ actor: facility.userId })).toEqual(byEmail);
      expect(await rows({ actor: 'nobody@example.test' })).toEqual([]);
      expect(await rows({ actor: UNKNOWN_ID })).toEqual([]);
    });

    it('filters by a time range, both ends included', async () => {
      const counter = history.find((entry) => entry.type === 'FacilityCountered')!;
      const exactly = await rows({ from: counter.at, to: counter.at });
      expect(exactly.map((row) => row.event_type)).toEqual(['FacilityCountered']);
      const since = await rows({ from: counter.at });
      expect(since.map((row) => row.event_type)).toEqual([
        'PostingConnectionMade',
        'FacilityAccepted',
        'ApplicantCountered',
        'FacilityCountered',
      ]);
      const before = await rows({ to: new Date(Date.parse(counter.at) - 1).toISOString(), stream_type: 'bid' });
      expect(before.map((row) => row.event_type)).toEqual(['BidSubmitted']);
    });

    it("filters by text in a record's name: the record, and the bids and subscriptions of a matching posting or applicant", async () => {
      const byTitle = await rows({ q: 'harbor crna' });
      expect(new Set(byTitle.map((row) => row.stream))).toEqual(
        new Set([`posting-${postingId}`, `bid-${bidId}`, `subscription-${postingId}`]),
      );
      const byApplicant = await rows({ q: 'Ledger' });
      expect(new Set(byApplicant.map((row) => row.stream))).toEqual(new Set([`applicant-${applicant.applicantId}`, `bid-${bidId}`]));
      const byFacility = await rows({ q: 'Elsewhere' });
      expect(new Set(byFacility.map((row) => row.stream))).toEqual(new Set([`facility-${other.facilityId}`]));
      // LIKE's wildcards are plain text here.
      expect(await rows({ q: '%' })).toEqual([]);
      expect(await rows({ q: 'Harbor', stream_type: 'bid', event_type: 'BidSubmitted' })).toEqual([
        expect.objectContaining({ stream: `bid-${bidId}`, event_type: 'BidSubmitted' }),
      ]);
    });

    it('pages on the global position: each page continues where the last stopped, the last has no cursor', async () => {
      const all = await rows();
      const seen: AuditRow[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const response = await audit({ limit: 4, ...(cursor ? { cursor } : {}) });
        expect(response.status).toBe(200);
        expect(response.body.rows.length).toBeLessThanOrEqual(4);
        seen.push(...response.body.rows);
        cursor = response.body.next_cursor;
        if (cursor) expect(cursor).toBe(response.body.rows.at(-1).position);
        pages++;
      } while (cursor);
      expect(pages).toBe(Math.ceil(all.length / 4));
      expect(seen).toEqual(all);
      const first = await audit({ limit: 2, stream_type: 'bid' });
      const second = await audit({ limit: 2, stream_type: 'bid', cursor: first.body.next_cursor });
      expect([...first.body.rows, ...second.body.rows].map((row: AuditRow) => row.event_type)).toEqual([
        'FacilityAccepted',
        'ApplicantCountered',
        'FacilityCountered',
        'BidSubmitted',
      ]);
      expect(second.body.next_cursor).toBeNull();
      expect((await audit({ limit: 200 })).body.next_cursor).toBeNull();
    });

    it('refuses filters it cannot apply with the contract’s 422', async () => {
      const cases: [Query, string, string][] = [
        [{ stream_type: 'user' }, 'stream_type', 'stream_type must be one of posting, bid, facility, applicant, subscription'],
        [{ event_type: 'PasswordChanged' }, 'event_type', 'event_type is not an event type of the log'],
        [{ actor: 'not an email' }, 'actor', "actor must be a user's id or email"],
        [{ from: 'yesterday' }, 'from', 'Give an ISO date-time, e.g. 2026-01-31T09:00:00Z'],
        [{ to: '2026-13-01T00:00:00Z' }, 'to', 'Give an ISO date-time, e.g. 2026-01-31T09:00:00Z'],
        [{ from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }, 'from', '`from` must not be after `to`'],
        [{ cursor: 'abc' }, 'cursor', 'cursor must be a position from a previous page'],
        [{ q: 'x'.repeat(201) }, 'q', 'q is limited to 200 characters'],
      ];
      for (const [query, field, msg] of cases) {
        const response = await audit(query);
        expect({ query, status: response.status, body: response.body }).toEqual({
          query,
          status: 422,
          body: validation(['query', field, msg]),
        });
      }
      for (const limit of [0, 201, 'many']) expect((await audit({ limit })).status).toBe(422);
      // Blank filters mean "any", as an empty form field sends them.
      expect((await audit({ stream_type: '', event_type: '', actor: '', from: '', to: '', q: '', cursor: '' })).status).toBe(200);
    });
  });

  describe('GET /admin/audit.csv', () => {
    it('streams the filtered audit as CSV, one line per row of the JSON answer', async () => {
      const response = await t.http().get('/api/admin/audit.csv').query({ actor: facility.email }).set(auth);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="tenens-audit-\d{4}-\d\d-\d\d\.csv"$/);
      const lines = response.text.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'position,at,stream_type,stream,version,event_type,actor_name,actor_email,actor_role,record_name,record_link,data',
      );
      const json = await rows({ actor: facility.email });
      expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(json.map((row) => row.position));
      expect(lines[1]).toContain(',PostingConnectionMade,');
      const accepted = lines[2];
      expect(accepted).toContain(`,bid,bid-${bidId},3,FacilityAccepted,`);
      expect(accepted).toContain(
        `,${facility.email},facility,Quinn Ledger on Harbor CRNA locum,/admin/applicants/${applicant.applicantId},`,
      );
      // The data column is JSON, quoted with its quotes doubled.
      expect(accepted).toMatch(/,"\{[^\r\n]*""rate"":186[^\r\n]*\}"$/);
    });

    it('has no row limit: thousands of events come out whole, read in chunks', async () => {
      const client = new Client({ connectionString: t.database.url });
      await client.connect();
      try {
        await appendLog(client, generateLog(1_500, 3));
      } finally {
        await client.end();
      }
      // Appended behind the app's back (no notification): its runner is asked to catch up until it has.
      const [{ count }] = await waitFor(async () => {
        await t.projections.catchUp();
        // Every event of the audited records (a person's inbox reads are not audited).
        const counts = await t.db.query(
          `SELECT (SELECT count(*) FROM audit_log)::int AS count,
                  (SELECT count(*) FROM events WHERE split_part(stream_id, '-', 1) = ANY($1))::int AS events`,
          [AUDIT_STREAM_TYPES],
        );
        return counts[0].count === counts[0].events ? counts : null;
      });
      expect(count).toBeGreaterThan(1_500);
      const response = await t.http().get('/api/admin/audit.csv').set(auth);
      expect(response.status).toBe(200);
      const lines = response.text.trimEnd().split('\r\n');
      // The generated postings expire and renew meanwhile (the app's background work appends
      // their events), so the export holds at least what was counted, at most what is there now.
      const [{ now }] = await t.db.query('SELECT count(*)::int AS now FROM audit_log');
      expect(lines.length - 1).toBeGreaterThanOrEqual(count);
      expect(lines.length - 1).toBeLessThanOrEqual(now);
      const positions = lines.slice(1).map((line) => BigInt(line.split(',')[0]));
      expect(new Set(positions).size).toBe(lines.length - 1);
    });

    it('refuses a bad filter with 422 before any CSV is sent', async () => {
      const response = await t.http().get('/api/admin/audit.csv').query({ stream_type: 'nope' }).set(auth);
      expect(response.status).toBe(422);
      expect(response.body).toEqual(validation(['query', 'stream_type', expect.any(String)]));
    });
  });

  describe('GET /admin/bids/{id}/as-of', () => {
    const asOf = (at: string, id = bidId) => t.http().get(`/api/admin/bids/${id}/as-of`).query({ at }).set(auth);

    it('answers the bid as its history shows it after each event', async () => {
      expect(history.map((entry) => entry.type)).toEqual(['BidSubmitted', 'FacilityCountered', 'ApplicantCountered', 'FacilityAccepted']);
      for (const [index, entry] of history.entries()) {
        const response = await asOf(entry.at);
        expect(response.status).toBe(200);
        expect({ type: entry.type, body: response.body }).toEqual({
          type: entry.type,
          body: {
            at: entry.at,
            events_applied: index + 1,
            last_event: { type: entry.type, at: entry.at, position: entry.global_position },
            acted: expect.any(Array),
            bid: expect.objectContaining({
              current_state: entry.state,
              proposed_rate: entry.proposed_rate,
              counter_rate: entry.counter_rate,
              agreed_rate: entry.agreed_rate,
              job_posting_id: postingId,
              applicant_id: applicant.applicantId,
              facility_id: facility.facilityId,
            }),
          },
        });
      }
    });

    it('tells who had acted by then, and nothing before the bid existed', async () => {
      const [submitted, countered] = history;
      const afterCounter = (await asOf(countered.at)).body;
      expect(afterCounter.acted).toEqual([
        { user_id: applicant.userId, name: expect.any(String), role: 'applicant', last_event_type: 'BidSubmitted', last_at: submitted.at },
        {
          user_id: facility.userId,
          name: expect.any(String),
          role: 'facility',
          last_event_type: 'FacilityCountered',
          last_at: countered.at,
        },
      ]);
      const justBefore = new Date(Date.parse(submitted.at) - 1).toISOString();
      expect((await asOf(justBefore)).body).toEqual({ at: justBefore, events_applied: 0, last_event: null, acted: [], bid: null });
      const between = new Date(Date.parse(countered.at) + 0).toISOString();
      expect((await asOf(between)).body.bid.current_state).toBe('facility_countered');
    });

    it('answers 404 for an unknown or malformed bid and 422 for a missing or bad time', async () => {
      expect((await asOf(history[0].at, UNKNOWN_ID)).body).toEqual({ detail: 'Bid not found' });
      expect((await asOf(history[0].at, UNKNOWN_ID)).status).toBe(404);
      expect((await asOf(history[0].at, 'not-a-uuid')).status).toBe(404);
      const missing = await t.http().get(`/api/admin/bids/${bidId}/as-of`).set(auth);
      expect(missing.status).toBe(422);
      expect(missing.body).toEqual(validation(['query', 'at', expect.any(String)]));
      expect((await asOf('soon')).status).toBe(422);
    });
  });

  describe('GET /admin/postings/{id}/as-of', () => {
    const asOf = (at: string, id = postingId) => t.http().get(`/api/admin/postings/${id}/as-of`).query({ at }).set(auth);

    it('answers the posting as a draft, then live, then expired once its end date has passed', async () => {
      const entries = (await t.http().get(`/api/job-postings/${postingId}/history`).set(auth)).body as HistoryEntry[];
      const own = entries.filter((entry) => entry.kind === 'posting');
      expect(own.map((entry) => entry.type)).toEqual(['PostingCreated', 'PostingPublished']);
      const created = (await asOf(own[0].at)).body;
      expect(created.posting).toMatchObject({ status: 'draft', title: 'Harbor CRNA locum', hourly_rate: 180, published_at: null });
      const live = (await asOf(own[1].at)).body;
      expect(live.posting).toMatchObject({ status: 'active', stored_status: 'active', published_at: expect.stringMatching(ISO) });
      expect(live.acted).toEqual([
        expect.objectContaining({ user_id: facility.userId, role: 'facility', last_event_type: 'PostingPublished' }),
      ]);
      const later = new Date(Date.parse(live.posting.auto_expire_date) + 1000).toISOString();
      expect((await asOf(later)).body.posting).toMatchObject({ status: 'expired', stored_status: 'active' });
      expect((await asOf('2000-01-01T00:00:00Z')).body).toMatchObject({ posting: null, events_applied: 0 });
      expect((await asOf(own[0].at, UNKNOWN_ID)).status).toBe(404);
    });
  });

  describe('who may call', () => {
    const endpoints = () => [
      '/api/admin/audit',
      '/api/admin/audit.csv',
      `/api/admin/bids/${bidId}/as-of?at=2026-01-01T00:00:00Z`,
      `/api/admin/postings/${postingId}/as-of?at=2026-01-01T00:00:00Z`,
    ];

    it('answers 401 without a token and 403 to facilities and applicants, even to the parties of the bid', async () => {
      for (const path of endpoints()) {
        expect({ path, status: (await t.http().get(path)).status }).toEqual({ path, status: 401 });
        for (const token of [facility.token, other.token, applicant.token]) {
          const response = await t.http().get(path).set(bearer(token));
          expect({ path, status: response.status, detail: typeof response.body.detail }).toEqual({ path, status: 403, detail: 'string' });
        }
      }
    });
  });
});

async function waitFor<T>(probe: () => Promise<T | null>, timeoutMs = 150_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
