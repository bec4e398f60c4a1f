/**
 * `npm run demo:seed`: fills an empty database with a small, believable marketplace: an admin,
 * verified facilities with postings (draft and live), verified applicants, and bids in every
 * state. It drives the real API of an in-process server, so every record has its full event
 * history. Prints the logins at the end.
 */
import { createApp } from '../server/src/app';
import { loadConfig } from '../server/src/config/config';
import { isValidNpi } from '../server/src/domain/accounts/npi';
import type { AccessToken } from '../server/src/domain/accounts/responses';
import type { UserView } from '../server/src/domain/accounts/user-view';
import type { ApplicantBidView } from '../server/src/domain/bids/bid-view';
import type { FacilityPostingView } from '../server/src/domain/postings/posting-view';
import { seedPastMarket } from './demo-market-history';

const PASSWORD = 'DemoPass123';
process.env.ADMIN_EMAIL ??= 'admin@tenens.demo';
process.env.ADMIN_PASSWORD ??= 'DemoAdmin123';

let base = '';

async function call<T = unknown>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; form?: Record<string, string> } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${base}/api${path}`, { method, headers, body });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

let npiSeed = 123_456_700;
function npi(): string {
  for (;;) {
    const body = String(npiSeed++);
    for (let check = 0; check <= 9; check++) if (isValidNpi(body + check)) return body + check;
  }
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const FACILITIES = [
  {
    first_name: 'Dana',
    last_name: 'Whitfield',
    email: 'dana@bayview.demo',
    name: 'Bayview Surgery Center',
    facility_type: 'Ambulatory Surgery Center',
    city: 'San Diego',
    state: 'CA',
    zip_code: '92101',
    phone: '6195550100',
    address_line1: '100 Harbor Way',
    website: 'bayview-surgery.demo',
  },
  {
    first_name: 'Marcus',
    last_name: 'Okafor',
    email: 'marcus@lakeshore.demo',
    name: 'Lakeshore Regional Hospital',
    facility_type: 'Hospital',
    city: 'Chicago',
    state: 'IL',
    zip_code: '60611',
    phone: '3125550142',
    address_line1: '250 E Superior St',
    website: 'lakeshore-regional.demo',
  },
];

const APPLICANTS = [
  {
    first_name: 'Priya',
    last_name: 'Natarajan',
    email: 'priya@crna.demo',
    role_type: 'CRNA',
    license_state: 'CA',
    experience_started_at: '2014-06-01',
  },
  {
    first_name: 'Tom',
    last_name: 'Becker',
    email: 'tom@crna.demo',
    role_type: 'CRNA',
    license_state: 'CA',
    experience_started_at: '2019-02-15',
  },
  {
    first_name: 'Elena',
    last_name: 'Ruiz',
    email: 'elena@anes.demo',
    role_type: 'Anesthesiologist',
    license_state: 'IL',
    experience_started_at: '2010-09-01',
  },
  {
    first_name: 'Sam',
    last_name: 'Lee',
    email: 'sam@crna.demo',
    role_type: 'CRNA',
    license_state: 'IL',
    experience_started_at: '2021-07-01',
  },
];

function posting(title: string, state: string, rate: number, startIn: number, weeks: number, extra: Record<string, unknown> = {}) {
  return {
    title,
    role_type: 'CRNA',
    // Two openings: a posting's first connection leaves it open, so its other bids stay in every state.
    openings: 2,
    start_date: day(startIn),
    end_date: day(startIn + weeks * 7 - 1),
    week_days: [2, 3, 4, 5, 6],
    hourly_rate: rate,
    hours_per_day: 10,
    days_per_week: 5,
    required_license_state: state,
    procedure_type_ids: [1, 2, 25],
    on_call_ratio: null,
    supervision_type: 'medically_directed',
    malpractice_amount: 10,
    lodging_amount: 1800,
    lodging_frequency: 'monthly',
    travel_allowance_amount: 600,
    ...extra,
  };
}

async function main(): Promise<void> {
  // The seed's own server listens on a free port, but every link it prints or mails must point
  // where `npm start` will serve: the configured APP_URL, or localhost on the configured PORT.
  const { APP_URL } = loadConfig(process.env);
  const config = loadConfig({ ...process.env, APP_URL, PORT: '0', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const db = app.get((await import('typeorm')).DataSource);
  try {
    const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM users WHERE NOT is_admin`);
    if (count > 0) {
      console.error(`demo:seed fills an empty database; this one already has ${count} accounts. Point DATABASE_URL at a new database.`);
      process.exitCode = 1;
      return;
    }
    const admin = (
      await call<AccessToken>('POST', '/auth/login', { form: { username: config.ADMIN_EMAIL!, password: config.ADMIN_PASSWORD! } })
    ).access_token;
    const signIn = async (email: string) =>
      (await call<AccessToken>('POST', '/auth/login', { form: { username: email, password: PASSWORD } })).access_token;

    const facilities: { token: string; id: string; me: UserView }[] = [];
    for (const f of FACILITIES) {
      const { email, first_name, last_name, ...profile } = f;
      await call('POST', '/auth/register', {
        body: {
          email,
          password: PASSWORD,
          role: 'facility_admin',
          tos_accepted: true,
          profile_data: { first_name, last_name, npi: npi(), ...profile },
        },
      });
      await db.query('UPDATE users SET email_verified = true WHERE email = $1', [email]);
      const token = await signIn(email);
      const me = await call<UserView>('GET', '/users/me', { token });
      const id = me.facility!.id;
      await call(
        'PUT',
        `/admin/facilities/${id}/verify?verification_status=verified&notes=${encodeURIComponent('License and accreditation confirmed')}`,
        { token: admin },
      );
      for (let i = 0; i < 4; i++) await call('POST', `/admin/facilities/${id}/add-credit`, { token: admin });
      facilities.push({ token, id, me });
    }

    const applicants: { token: string; email: string; me: UserView }[] = [];
    for (const [index, a] of APPLICANTS.entries()) {
      const { email, first_name, last_name, ...rest } = a;
      await call('POST', '/auth/register', {
        body: {
          email,
          password: PASSWORD,
          role: 'applicant',
          tos_accepted: true,
          profile_data: {
            first_name,
            last_name,
            npi: npi(),
            license_number: `L${40210 + index}`,
            license_expires_at: '2028-12-31',
            linkedin_profile: `${first_name.toLowerCase()}-${last_name.toLowerCase()}`,
            malpractice_provided: index % 2 === 0,
            job_search_frequency_days: 7,
            ...rest,
          },
        },
      });
      await db.query('UPDATE users SET email_verified = true WHERE email = $1', [email]);
      const token = await signIn(email);
      const me = await call<UserView>('GET', '/users/me', { token });
      const id = me.applicant!.id;
      await call(
        'PUT',
        `/admin/applicants/${id}/verify?verification_status=verified&notes=${encodeURIComponent('License verified with the state board')}`,
        { token: admin },
      );
      applicants.push({ token, email, me });
    }
    // One applicant stays pending, as new sign-ups do.
    await call('POST', '/auth/register', {
      body: {
        email: 'jordan@crna.demo',
        password: PASSWORD,
        role: 'applicant',
        tos_accepted: true,
        profile_data: {
          first_name: 'Jordan',
          last_name: 'Price',
          npi: npi(),
          license_number: 'L50001',
          license_state: 'TX',
          license_expires_at: '2027-05-31',
          experience_started_at: '2022-01-10',
          role_type: 'CRNA',
          malpractice_provided: false,
          job_search_frequency_days: 1,
        },
      },
    });
    await db.query('UPDATE users SET email_verified = true WHERE email = $1', ['jordan@crna.demo']);

    const [bayview, lakeshore] = facilities;
    const create = async (facility: { token: string }, form: Record<string, unknown>, publish: boolean) => {
      const created = await call<FacilityPostingView>('POST', '/job-postings', { token: facility.token, body: form });
      if (publish) await call('POST', `/job-postings/${created.id}/publish`, { token: facility.token });
      return created.id as string;
    };
    const p1 = await create(bayview, posting('CRNA, general and orthopedic cases', 'CA', 195, 10, 6), true);
    const p2 = await create(bayview, posting('CRNA for GI endoscopy suite (MAC)', 'CA', 175, 21, 4, { procedure_type_ids: [9, 25] }), true);
    await create(bayview, posting('Weekend call coverage CRNA', 'CA', 210, 30, 8, { on_call_ratio: 3 }), false);
    const p3 = await create(
      lakeshore,
      posting('Cardiac anesthesia, CRNA', 'IL', 230, 14, 12, { procedure_type_ids: [14, 15], supervision_type: 'independent' }),
      true,
    );

    const bid = async (applicant: { token: string }, postingId: string, rate: number) =>
      (
        await call<ApplicantBidView>('POST', '/job-bids', {
          token: applicant.token,
          body: { job_posting_id: postingId, proposed_rate: rate },
        })
      ).id;
    const act = (token: string, id: string, action: string) => call('PUT', `/job-bids/${id}/${action}`, { token });
    const [priya, tom, elena, sam] = applicants;

    await bid(priya, p1, 195); // applicant_submitted
    const countered = await bid(tom, p1, 215);
    await act(bayview.token, countered, 'counter?counter_rate=200');
    await act(tom.token, countered, 'counter-by-applicant?counter_rate=205'); // applicant_countered
    const facilityCounter = await bid(elena, p1, 240);
    await act(bayview.token, facilityCounter, 'counter?counter_rate=210'); // facility_countered
    const accepted = await bid(sam, p1, 190);
    await act(bayview.token, accepted, 'accept'); // facility_accepted
    const counterAccepted = await bid(priya, p2, 190);
    await act(bayview.token, counterAccepted, 'counter?counter_rate=180');
    await act(priya.token, counterAccepted, 'accept-counter'); // applicant_counter_accepted
    const counterRejected = await bid(tom, p2, 200);
    await act(bayview.token, counterRejected, 'counter?counter_rate=170');
    await act(tom.token, counterRejected, 'reject-counter'); // applicant_counter_rejected
    const rejected = await bid(elena, p2, 260);
    await act(bayview.token, rejected, 'reject'); // facility_rejected
    const withdrawn = await bid(sam, p2, 175);
    await act(sam.token, withdrawn, 'withdraw'); // applicant_withdrawn
    await bid(elena, p3, 235);

    // A quarter of filled CRNA jobs in California before today, so the market rate insight shows.
    const party = (me: UserView, id: string) => ({ id, userId: me.id, name: me.display_name });
    const filled = await seedPastMarket(app, {
      facility: party(bayview.me, bayview.id),
      applicants: [priya, tom].map((a) => party(a.me, a.me.applicant!.id)),
    });
    console.log(`Recorded ${filled} filled CRNA jobs in CA over the last 85 days (market rates: /jobs/new, role CRNA, state CA).`);

    console.log(`\nDemo data is ready at ${config.APP_URL}. Every password is ${PASSWORD} unless noted.\n`);
    console.table([
      { who: 'System admin', email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
      ...FACILITIES.map((f) => ({ who: `Facility admin, ${f.name}`, email: f.email, password: PASSWORD })),
      ...APPLICANTS.map((a) => ({ who: `${a.role_type}, verified`, email: a.email, password: PASSWORD })),
      { who: 'CRNA, pending verification', email: 'jordan@crna.demo', password: PASSWORD },
    ]);
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(`demo:seed failed: ${(error as Error).message}`);
  process.exit(1);
});
