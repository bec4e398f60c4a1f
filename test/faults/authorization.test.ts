import { signedUp, verifiedApplicant, verifiedFacility } from '../support/accounts';
import { activePosting } from '../support/postings';
import type { SmtpSink } from '../support/smtp-sink';
import { operationsOf } from './support/fuzz';
import { ADMIN, serverForThisFile, ServerProcess } from './support/server-process';

/** Who calls: nobody, applicants in both standings, two facilities' admins, a platform admin. */
const ROLES = ['anonymous', 'pendingApplicant', 'applicant', 'otherApplicant', 'facility', 'otherFacility', 'admin'] as const;
type Role = (typeof ROLES)[number];

const EVERYONE: Role[] = [...ROLES];
const SIGNED_IN: Role[] = ROLES.filter((role) => role !== 'anonymous');
const APPLICANTS: Role[] = ['pendingApplicant', 'applicant', 'otherApplicant'];
const FACILITIES: Role[] = ['facility', 'otherFacility'];

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
  'GET /api/users/me/facility-permissions': FACILITIES,
  'GET /api/facility-users': FACILITIES,
  'PUT /api/facility-users/{id}': FACILITIES,
  'DELETE /api/facility-users/{id}': FACILITIES,
  'GET /api/facility-user-invites': FACILITIES,
  'POST /api/facility-user-invites': FACILITIES,
  'POST /api/facility-user-invites/validate-token': EVERYONE,
  'POST /api/facility-user-invites/{id}/resend': FACILITIES,
  'DELETE /api/facility-user-invites/{id}': FACILITIES,
  'GET /api/facilities/profile': FACILITIES,
  'PUT /api/facilities/profile': FACILITIES,
  'GET /api/applicants/profile': APPLICANTS,
  'PUT /api/applicants/profile': APPLICANTS,
  'GET /api/applicants/search-filters': APPLICANTS,
  'PUT /api/applicants/search-filters': APPLICANTS,
  'GET /api/job-postings': EVERYONE,
  'GET /api/job-postings/procedure-types': EVERYONE,
  'GET /api/job-postings/my-postings': FACILITIES,
  'GET /api/job-postings/{id}': EVERYONE,
  'POST /api/job-postings': FACILITIES,
  'PUT /api/job-postings/{id}': ['facility'],
  'POST /api/job-postings/{id}/publish': ['facility'],
  'POST /api/job-postings/{id}/reactivate': ['facility'],
  'GET /api/job-postings/{id}/history': ['facility', 'admin'],
  'POST /api/job-bids': ['applicant', 'otherApplicant'],
  'GET /api/job-bids/my-bids': APPLICANTS,
  'GET /api/job-bids/job/{id}/bids': ['facility', 'admin'],
  'GET /api/job-bids/{id}/history': ['applicant', 'facility', 'admin'],
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
  ...Object.fromEntries(
    [
      'GET /api/admin/facilities',
      'GET /api/admin/facilities/{id}',
      'PUT /api/admin/facilities/{id}',
      'GET /api/admin/facilities/{id}/users',
      'GET /api/admin/facilities/{id}/history',
      'GET /api/admin/facilities/{id}/postings',
      'PUT /api/admin/facilities/{id}/verify',
      'PUT /api/admin/facilities/{id}/status',
      'POST /api/admin/facilities/{id}/add-credit',
      'POST /api/admin/facilities/{id}/subtract-credit',
      'POST /api/admin/facilities/{id}/send-password-reset',
      'GET /api/admin/applicants',
      'GET /api/admin/applicants/{id}',
      'PUT /api/admin/applicants/{id}',
      'GET /api/admin/applicants/{id}/history',
      'GET /api/admin/applicants/{id}/bids',
      'PUT /api/admin/applicants/{id}/verify',
      'PUT /api/admin/applicants/{id}/status',
      'POST /api/admin/applicants/{id}/send-password-reset',
    ].map((operation) => [operation, ['admin'] as Role[]]),
  ),
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
        else if (response.status === 422) validatedFirst.push(cell);
      }
    }
    console.log(
      `authorization: ${cells} cells (${operations.length} operations x ${ROLES.length} roles), ${holes.length} holes, ` +
        `${refusedWrongly.length} wrongly refused, ${validatedFirst.length} refused only after validation` +
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

function idFor(path: string, ids: { facility: string; applicant: string; posting: string; bid: string }): string {
  if (path.startsWith('/api/admin/facilities')) return ids.facility;
  if (path.startsWith('/api/admin/applicants')) return ids.applicant;
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
    admin: admin.body.access_token,
  };
  return {
    tokens,
    ids: { facility: facility.facilityId, applicant: applicant.applicantId, posting: postingId, bid: bid.body.id as string },
  };
}
