import { FACILITY_PERMISSION_FLAGS, type FacilityPermissionFlags } from '../../server/src/domain/accounts/facility-permissions';
import { PASSWORD, signedUp, uniqueEmail, verifiedApplicant, verifiedFacility } from '../support/accounts';
import { activePosting, jobForm } from '../support/postings';
import type { SmtpSink } from '../support/smtp-sink';
import { operationsOf } from './support/fuzz';
import { ADMIN, serverForThisFile, ServerProcess } from './support/server-process';

/**
 * Who calls: nobody, applicants in both standings, two facilities' admins, two limited members
 * of `facility` (role user: `member` holds no permission flag, `jobEditor` only can_create_jobs
 * and can_edit_jobs), and a platform admin.
 */
const ROLES = [
  'anonymous',
  'pendingApplicant',
  'applicant',
  'otherApplicant',
  'facility',
  'otherFacility',
  'member',
  'jobEditor',
  'admin',
] as const;
type Role = (typeof ROLES)[number];

const EVERYONE: Role[] = [...ROLES];
const SIGNED_IN: Role[] = ROLES.filter((role) => role !== 'anonymous');
const APPLICANTS: Role[] = ['pendingApplicant', 'applicant', 'otherApplicant'];
/** The admins of both facilities: every permission flag. */
const FACILITIES: Role[] = ['facility', 'otherFacility'];
/** `facility`'s limited members: any member may read their facility's postings, bids and profile. */
const MEMBERS: Role[] = ['member', 'jobEditor'];
/** What each limited member holds; every flag left out is false. */
const MEMBER_FLAGS: Record<'member' | 'jobEditor', Partial<FacilityPermissionFlags>> = {
  member: {},
  jobEditor: { can_create_jobs: true, can_edit_jobs: true },
};

/**
 * Who may call what, for the records of `facility` (its posting) and `applicant` (its bid on that
 * posting). Every operation of the OpenAPI document must be listed, so a new endpoint cannot
 * ship without deciding who may call it.
 */
const MAY_CALL: Record<string, Role[]> = {
  'GET /api/health': EVERYONE,
  'POST /api/auth/register': EVERYONE,
  'POST /api/auth/login': EVERYONE,
  'POST /api/auth/verify-email': EVERYONE,
  'POST /api/auth/resend-verification-email': EVERYONE,
  'POST /api/auth/request-password-reset': EVERYONE,
  'POST /api/auth/reset-password': EVERYONE,
  'GET /api/auth/check-email': EVERYONE,
  'GET /api/auth/check-npi': EVERYONE,
  'GET /api/auth/check-license': EVERYONE,
  'GET /api/users/me': SIGNED_IN,
  'PUT /api/users/me': SIGNED_IN,
  'PUT /api/users/me/password': SIGNED_IN,
  'GET /api/users/me/facility-permissions': [...FACILITIES, ...MEMBERS],
  // The team needs can_manage_users, which neither limited member holds.
  'GET /api/facility-users': FACILITIES,
  'PUT /api/facility-users/{id}': FACILITIES,
  'DELETE /api/facility-users/{id}': FACILITIES,
  'GET /api/facility-user-invites': FACILITIES,
  'POST /api/facility-user-invites': FACILITIES,
  'POST /api/facility-user-invites/validate-token': EVERYONE,
  'POST /api/facility-user-invites/{id}/resend': FACILITIES,
  'DELETE /api/facility-user-invites/{id}': FACILITIES,
  'GET /api/facilities/profile': [...FACILITIES, ...MEMBERS],
  // Editing the profile follows can_manage_billing.
  'PUT /api/facilities/profile': FACILITIES,
  'GET /api/applicants/profile': APPLICANTS,
  'PUT /api/applicants/profile': APPLICANTS,
  'GET /api/applicants/search-filters': APPLICANTS,
  'PUT /api/applicants/search-filters': APPLICANTS,
  'GET /api/applicants/job-alerts': APPLICANTS,
  'PUT /api/applicants/job-alerts': APPLICANTS,
  // The signed token of an alert email is the credential: no sign-in (400 without a good one).
  'POST /api/job-alerts/unsubscribe': EVERYONE,
  'GET /api/job-postings': EVERYONE,
  'GET /api/job-postings/procedure-types': EVERYONE,
  'GET /api/job-postings/my-postings': [...FACILITIES, ...MEMBERS],
  'GET /api/job-postings/{id}': EVERYONE,
  'POST /api/job-postings': [...FACILITIES, 'jobEditor'],
  'PUT /api/job-postings/{id}': ['facility', 'jobEditor'],
  // Publishing, withdrawing, reactivating and reopening need can_publish_jobs.
  'POST /api/job-postings/{id}/publish': ['facility'],
  'POST /api/job-postings/{id}/reactivate': ['facility'],
  'POST /api/job-postings/{id}/reopen': ['facility'],
  'GET /api/job-postings/{id}/history': ['facility', ...MEMBERS, 'admin'],
  'POST /api/job-bids': ['applicant', 'otherApplicant'],
  'GET /api/job-bids/my-bids': APPLICANTS,
  'GET /api/job-bids/job/{id}/bids': ['facility', ...MEMBERS, 'admin'],
  'GET /api/job-bids/{id}/history': ['applicant', 'facility', ...MEMBERS, 'admin'],
  // Both parties of the bid (409 until it is connected); admins are not a party.
  'GET /api/job-bids/{id}/calendar.ics': ['applicant', 'facility', ...MEMBERS],
  // Moves on a bid need can_manage_bids.
  'PUT /api/job-bids/{id}/counter': ['facility'],
  'PUT /api/job-bids/{id}/reject': ['facility'],
  'PUT /api/job-bids/{id}/undo': ['facility'],
  'PUT /api/job-bids/{id}/accept-counter': ['applicant'],
  'PUT /api/job-bids/{id}/reject-counter': ['applicant'],
  'PUT /api/job-bids/{id}/counter-by-applicant': ['applicant'],
  // Moves that end the negotiation come last, so the ones above meet a live bid.
  'PUT /api/job-bids/{id}/accept': ['facility'],
  'PUT /api/job-bids/{id}/withdraw': ['applicant'],
  'DELETE /api/job-postings/{id}': ['facility'],
  // Billing: the rate is public; paying and billing history are the facility's billing managers'.
  'GET /api/billing/config': EVERYONE,
  'POST /api/billing/create-checkout-session': FACILITIES,
  'POST /api/billing/sandbox/sessions/{session_id}/pay': FACILITIES,
  'POST /api/billing/confirm-subscription/{session_id}': FACILITIES,
  'GET /api/billing/subscription/{id}': ['facility', 'admin'],
  'GET /api/billing/payments': FACILITIES,
  'GET /api/billing/dashboard': FACILITIES,
  // Stripe calls it, with no session; it answers 404 without Stripe and 400 without a signature.
  'POST /api/billing/webhook': EVERYONE,
  // Market rates: everyone taking part in the market (facility members, applicants, admins), not visitors.
  'GET /api/insights/rates': SIGNED_IN,
  // Everyone signed in has an inbox of their own; another person's notification is 404, not 403.
  'GET /api/notifications': SIGNED_IN,
  'GET /api/notifications/unread-count': SIGNED_IN,
  'POST /api/notifications/{id}/read': SIGNED_IN,
  'POST /api/notifications/read-all': SIGNED_IN,
  ...Object.fromEntries(
    [
      'GET /api/admin/review-queue',
      'GET /api/admin/facilities',
      'GET /api/admin/facilities/{id}',
      'PUT /api/admin/facilities/{id}',
      'GET /api/admin/facilities/{id}/users',
      'GET /api/admin/facilities/{id}/history',
      'GET /api/admin/facilities/{id}/postings',
      'GET /api/admin/facilities/{id}/payments',
      'PUT /api/admin/facilities/{id}/verify',
      'PUT /api/admin/facilities/{id}/status',
      'POST /api/admin/facilities/{id}/add-credit',
      'POST /api/admin/facilities/{id}/subtract-credit',
      'POST /api/admin/facilities/{id}/send-password-reset',
      'POST /api/admin/facilities/{id}/notes',
      'GET /api/admin/applicants',
      'GET /api/admin/applicants/{id}',
      'PUT /api/admin/applicants/{id}',
      'GET /api/admin/applicants/{id}/history',
      'GET /api/admin/applicants/{id}/bids',
      'PUT /api/admin/applicants/{id}/verify',
      'PUT /api/admin/applicants/{id}/status',
      'POST /api/admin/applicants/{id}/send-password-reset',
      // The platform audit and point-in-time views (issue 16).
      'GET /api/admin/audit',
      'GET /api/admin/audit.csv',
      'GET /api/admin/postings/{id}/as-of',
      'GET /api/admin/bids/{id}/as-of',
      'POST /api/admin/applicants/{id}/notes',
    ].map((operation) => [operation, ['admin'] as Role[]]),
  ),
};

type Ids = { facility: string; applicant: string; posting: string; bid: string };

/**
 * Bodies that pass validation, for the operations that validate before they refuse: a refused
 * caller that met a 422 without a body is asked again with one, so a permission flag checked
 * only after validation is still checked (a 2xx there is a hole like any other).
 */
const VALID_BODIES: Record<string, (ids: Ids) => object> = {
  'PUT /api/facilities/profile': () => ({
    name: 'Renamed by the matrix',
    address_line1: '1 Matrix Way',
    city: 'San Diego',
    state: 'CA',
    zip_code: '92101',
    phone: '6195550100',
  }),
  'PUT /api/applicants/search-filters': () => ({}),
  'POST /api/job-postings': () => jobForm(),
  'PUT /api/job-postings/{id}': () => jobForm({ title: 'Edited by the matrix' }),
  'POST /api/job-bids': (ids) => ({ job_posting_id: ids.posting, proposed_rate: 200 }),
  'PUT /api/job-bids/{id}/counter': () => ({ counter_rate: 210 }),
  'PUT /api/job-bids/{id}/counter-by-applicant': () => ({ counter_rate: 205 }),
};

/**
 * The authorization matrix: every operation of the OpenAPI document, as every role, against
 * another party's records where the path names one. A call outside the table never answers 2xx
 * (nor 5xx); a call in it is never refused for who the caller is. Bodies are left out, so an
 * allowed call that gets through stops at validation (422) or a state rule (409); refusals that
 * come only after validation are counted and listed.
 */
describe('the authorization matrix', () => {
  const running = serverForThisFile();

  it('refuses every call outside the table and allows every call in it', async () => {
    const { mail, server } = running;
    const { tokens, ids } = await seed(server, mail);
    const operations = operationsOf((await server.http().get('/api/docs/openapi.json')).body).map((o) => `${o.method} ${o.path}`);
    expect(operations.filter((operation) => !MAY_CALL[operation])).toEqual([]);

    const holes: string[] = [];
    const refusedWrongly: string[] = [];
    const validatedFirst: string[] = [];
    let resent = 0;
    let cells = 0;
    for (const operation of Object.keys(MAY_CALL).filter((o) => operations.includes(o))) {
      const [method, template] = operation.split(' ');
      const path = template.replace('{id}', idFor(template, ids));
      const allowed = MAY_CALL[operation];
      // Refusals first: a refused call must not change anything an allowed one then meets.
      for (const role of [...ROLES].sort((a, b) => Number(allowed.includes(a)) - Number(allowed.includes(b)))) {
        cells += 1;
        let call = server.http()[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](path);
        if (tokens[role]) call = call.set('Authorization', `Bearer ${tokens[role]}`);
        const response = await call;
        const cell = `${operation} as ${role}: ${response.status}`;
        if (response.status >= 400) expect(typeof response.body.detail === 'string' || Array.isArray(response.body.detail)).toBe(true);
        if (response.status >= 500) holes.push(cell);
        else if (allowed.includes(role)) {
          if ([401, 403].includes(response.status) && !stateRefusal(role, operation))
            refusedWrongly.push(`${cell} ${JSON.stringify(response.body)}`);
        } else if (response.status < 400) holes.push(cell);
        // Nothing happened, but the caller learnt about validation before being told no.
        else if (response.status === 422) {
          validatedFirst.push(cell);
          const body = VALID_BODIES[operation]?.(ids);
          if (!body) continue;
          resent += 1;
          let again = server.http()[method.toLowerCase() as 'post' | 'put'](path).send(body);
          if (tokens[role]) again = again.set('Authorization', `Bearer ${tokens[role]}`);
          const answer = await again;
          if (answer.status < 400 || answer.status >= 500) holes.push(`${cell}, with a valid body: ${answer.status}`);
        }
      }
    }
    console.log(
      `authorization: ${cells} cells (${operations.length} operations x ${ROLES.length} roles), ${holes.length} holes, ` +
        `${refusedWrongly.length} wrongly refused, ${validatedFirst.length} refused only after validation ` +
        `(${resent} of them sent again with a valid body and still refused)` +
        validatedFirst.map((cell) => `\n  ${cell}`).join(''),
    );
    expect(holes).toEqual([]);
    expect(refusedWrongly).toEqual([]);
  }, 300_000);
});

/** A pending applicant may not bid: that refusal is the rule, not a hole in the table. */
function stateRefusal(role: Role, operation: string): boolean {
  return role === 'pendingApplicant' && operation === 'POST /api/job-bids';
}

function idFor(path: string, ids: Ids): string {
  if (path.startsWith('/api/admin/facilities')) return ids.facility;
  if (path.startsWith('/api/admin/applicants')) return ids.applicant;
  if (path.startsWith('/api/admin/bids')) return ids.bid;
  if (path.startsWith('/api/job-bids/job/')) return ids.posting;
  if (path.startsWith('/api/job-bids')) return ids.bid;
  return ids.posting;
}

async function seed(server: ServerProcess, mail: SmtpSink) {
  const t = server.asTestApp(mail);
  const facility = await verifiedFacility(t, { credits: 1 });
  const otherFacility = await verifiedFacility(t);
  const postingId = await activePosting(t, facility.token);
  const applicant = await verifiedApplicant(t);
  const otherApplicant = await verifiedApplicant(t);
  const pending = await signedUp(t, 'applicant');
  const bid = await server
    .http()
    .post('/api/job-bids')
    .set('Authorization', `Bearer ${applicant.token}`)
    .send({ job_posting_id: postingId, proposed_rate: 190 });
  const admin = await server.http().post('/api/auth/login').type('form').send({ username: ADMIN.email, password: ADMIN.password });
  const tokens: Record<Role, string | null> = {
    anonymous: null,
    pendingApplicant: pending.token,
    applicant: applicant.token,
    otherApplicant: otherApplicant.token,
    facility: facility.token,
    otherFacility: otherFacility.token,
    member: await joinedMember(server, mail, facility.token, MEMBER_FLAGS.member),
    jobEditor: await joinedMember(server, mail, facility.token, MEMBER_FLAGS.jobEditor),
    admin: admin.body.access_token,
  };
  return {
    tokens,
    ids: { facility: facility.facilityId, applicant: applicant.applicantId, posting: postingId, bid: bid.body.id as string },
  };
}

/**
 * A member of the facility whose admin holds `adminToken`, with role user and exactly `flags`:
 * invited, registered through the emailed link (which confirms the address), signed in.
 */
async function joinedMember(server: ServerProcess, mail: SmtpSink, adminToken: string, flags: Partial<FacilityPermissionFlags>) {
  const email = uniqueEmail('member');
  const permissions = Object.fromEntries(FACILITY_PERMISSION_FLAGS.map((flag) => [flag, flags[flag] ?? false]));
  const invited = await server
    .http()
    .post('/api/facility-user-invites')
    .set('Authorization', `Bearer ${adminToken}`)
    .send({ email, role: 'user', ...permissions });
  if (invited.status !== 201) throw new Error(`invite failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  const link = await mail.linkFrom(email, /invited you to join/i);
  const registered = await server
    .http()
    .post('/api/auth/register')
    .send({
      email,
      password: PASSWORD,
      role: 'facility_admin',
      tos_accepted: true,
      invite_token: new URL(link).searchParams.get('invite'),
      profile_data: { first_name: 'Casey', last_name: 'Colleague' },
    });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  const login = await server.http().post('/api/auth/login').type('form').send({ username: email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  const token = login.body.access_token as string;
  // The cells mean something only if the member holds exactly these flags.
  const held = await server.http().get('/api/users/me/facility-permissions').set('Authorization', `Bearer ${token}`);
  expect(held.body).toMatchObject({ role: 'user', is_legacy_admin: false, ...permissions });
  return token;
}
