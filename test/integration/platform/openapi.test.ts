import { startTestApp, TestApp } from '../../support/app';

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** The operations that read a body: every PUT and POST but the commands that carry none. */
const BODILESS = new Set([
  'POST /api/auth/verify-email',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
  'POST /api/admin/facilities/{id}/add-credit',
  'POST /api/admin/facilities/{id}/subtract-credit',
  'POST /api/admin/facilities/{id}/send-password-reset',
  'POST /api/admin/applicants/{id}/send-password-reset',
  'PUT /api/admin/facilities/{id}/verify',
  'PUT /api/admin/applicants/{id}/verify',
  'POST /api/job-postings/{id}/publish',
  'POST /api/job-postings/{id}/reactivate',
  'POST /api/job-postings/{id}/reopen',
  'PUT /api/job-bids/{id}/accept',
  'PUT /api/job-bids/{id}/reject',
  'PUT /api/job-bids/{id}/undo',
  'PUT /api/job-bids/{id}/counter',
  'PUT /api/job-bids/{id}/accept-counter',
  'PUT /api/job-bids/{id}/reject-counter',
  'PUT /api/job-bids/{id}/counter-by-applicant',
  'PUT /api/job-bids/{id}/withdraw',
  'POST /api/facility-user-invites/{id}/resend',
  'POST /api/billing/confirm-subscription/{session_id}',
  'POST /api/job-alerts/unsubscribe',
  'POST /api/notifications/{id}/read',
  'POST /api/notifications/read-all',
]);

/** Every operation whose handler reads a query, with the parameters it reads. */
const QUERIES: Record<string, string[]> = {
  'GET /api/job-postings': ['location', 'license', 'procedure_types', 'on_call', 'supervision', 'malpractice', 'sort', 'limit', 'offset'],
  'GET /api/job-bids/my-bids': ['filter', 'limit', 'offset'],
  'GET /api/job-bids/job/{id}/bids': ['limit', 'offset'],
  'GET /api/job-postings/my-postings': ['limit', 'offset'],
  'GET /api/admin/facilities': ['limit', 'offset'],
  'GET /api/admin/applicants': ['limit', 'offset', 'license'],
  'PUT /api/admin/facilities/{id}/verify': ['verification_status', 'notes'],
  'PUT /api/admin/applicants/{id}/verify': ['verification_status', 'notes'],
  'PUT /api/job-bids/{id}/counter': ['counter_rate'],
  'PUT /api/job-bids/{id}/counter-by-applicant': ['counter_rate'],
  'POST /api/auth/verify-email': ['token'],
  'POST /api/auth/request-password-reset': ['email'],
  'POST /api/auth/reset-password': ['token', 'new_password'],
  'GET /api/auth/check-email': ['email'],
  'GET /api/auth/check-npi': ['npi'],
  'GET /api/auth/check-license': ['license_number', 'license_state'],
  'GET /api/billing/payments': ['filter', 'page', 'page_size'],
  'GET /api/admin/facilities/{id}/payments': ['filter', 'page', 'page_size'],
  'GET /api/insights/rates': ['role_type', 'state'],
  'POST /api/job-alerts/unsubscribe': ['token'],
  'GET /api/notifications': ['unread', 'page', 'page_size'],
  'GET /api/admin/audit': ['stream_type', 'event_type', 'actor', 'from', 'to', 'q', 'cursor', 'limit'],
  'GET /api/admin/audit.csv': ['stream_type', 'event_type', 'actor', 'from', 'to', 'q'],
  'GET /api/admin/postings/{id}/as-of': ['at'],
  'GET /api/admin/bids/{id}/as-of': ['at'],
};

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: Document;
  let operations: { key: string; operation: Operation }[];

  beforeAll(async () => {
    t = await startTestApp();
    const response = await t.http().get('/api/docs/openapi.json');
    expect(response.status).toBe(200);
    document = response.body;
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      METHODS.filter((method) => methods[method]).map((method) => ({ key: `${method.toUpperCase()} ${path}`, operation: methods[method] })),
    );
  });
  afterAll(() => t.close());

  /** Follows a $ref into components. */
  const resolve = (schema: Schema | undefined): Schema | undefined => {
    const ref = schema?.$ref;
    if (typeof ref !== 'string') return schema;
    return resolve(document.components?.schemas?.[ref.replace('#/components/schemas/', '')]);
  };
  const hasProperties = (schema: Schema | undefined): boolean => {
    const resolved = resolve(schema);
    if (!resolved) return false;
    const choices = (resolved.oneOf ?? resolved.anyOf) as Schema[] | undefined;
    if (choices) return choices.length > 0 && choices.every(hasProperties);
    return Object.keys((resolved.properties as Schema | undefined) ?? {}).length > 0;
  };
  const bodySchema = (operation: Operation) => Object.values(operation.requestBody?.content ?? {})[0]?.schema;
  const queryNames = (operation: Operation) => (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);

  it('lists the operations this test knows about', () => {
    const keys = operations.map(({ key }) => key);
    for (const key of [...BODILESS, ...Object.keys(QUERIES)]) expect(keys).toContain(key);
  });

  it('describes the body of every POST and PUT that reads one with its properties', () => {
    const missing = operations
      .filter(({ key }) => /^(POST|PUT) /.test(key) && !BODILESS.has(key))
      .filter(({ operation }) => !hasProperties(bodySchema(operation)))
      .map(({ key }) => key);
    expect(missing).toEqual([]);
  });

  it('lists the job form fields for POST and PUT /api/job-postings', () => {
    for (const [path, method] of [
      ['/api/job-postings', 'post'],
      ['/api/job-postings/{id}', 'put'],
    ] as const) {
      const properties = Object.keys((resolve(bodySchema(document.paths[path][method]))?.properties as Schema) ?? {});
      expect(properties).toEqual(
        expect.arrayContaining([
          'title',
          'role_type',
          'start_date',
          'end_date',
          'week_days',
          'hourly_rate',
          'hours_per_day',
          'days_per_week',
          'required_license_state',
          'procedure_type_ids',
          'on_call_ratio',
          'supervision_type',
          'malpractice_amount',
          'lodging_amount',
          'lodging_frequency',
          'travel_allowance_amount',
        ]),
      );
    }
  });

  it('documents the query parameters each handler reads', () => {
    for (const [key, names] of Object.entries(QUERIES)) {
      const operation = operations.find((entry) => entry.key === key)?.operation;
      expect({ key, names: operation ? queryNames(operation).sort() : null }).toEqual({ key, names: [...names].sort() });
    }
    const undocumentedQueries = operations.filter(({ key, operation }) => !QUERIES[key] && queryNames(operation).length > 0);
    expect(undocumentedQueries.map(({ key }) => key)).toEqual([]);
  });

  it('describes every query and path parameter with a schema, and {id} as a UUID', () => {
    for (const { key, operation } of operations) {
      for (const parameter of operation.parameters ?? []) {
        expect({ key, name: parameter.name, schema: parameter.schema !== undefined }).toEqual({ key, name: parameter.name, schema: true });
        if (parameter.in === 'path' && parameter.name === 'id') expect(parameter.schema).toEqual({ type: 'string', format: 'uuid' });
      }
    }
  });

  it('documents a 2xx answer with a schema for every operation (or 204, nothing to answer)', () => {
    // JSON answers, and the few files (a calendar invite is text/calendar, the audit export text/csv) with their own media type.
    const hasSchema = (content: Record<string, { schema?: unknown }> | undefined) =>
      Object.values(content ?? {}).some((media) => media.schema);
    const missing = operations
      .filter(({ operation }) =>
        Object.entries(operation.responses).every(
          ([status, response]) => status !== '204' && (!/^2/.test(status) || !hasSchema(response.content)),
        ),
      )
      .map(({ key }) => key);
    expect(missing).toEqual([]);
  });

  it("describes the answers with the domain's view fields", () => {
    const answer = (key: string, status = '200') => {
      const [method, path] = key.split(' ');
      return resolve(document.paths[path][method.toLowerCase()].responses[status].content?.['application/json']?.schema);
    };
    const fields = (schema: Schema | undefined) => Object.keys((schema?.properties as Schema) ?? {});
    expect(fields(answer('POST /api/job-postings', '201'))).toEqual(
      expect.arrayContaining(['id', 'title', 'status', 'actions', 'bid_count']),
    );
    const search = answer('GET /api/job-postings');
    expect(fields(search)).toEqual(['job_postings', 'total', 'total_capped']);
    const result = resolve((search?.properties as Record<string, Schema>).job_postings.items as Schema);
    expect(fields(result)).toEqual(expect.arrayContaining(['id', 'title', 'hourly_rate', 'my_bid']));
    expect(fields(answer('GET /api/users/me'))).toEqual(expect.arrayContaining(['id', 'email', 'role', 'facility', 'applicant']));
    expect(fields(answer('POST /api/job-bids', '201'))).toEqual(expect.arrayContaining(['id', 'current_state', 'current_rate']));
    expect(answer('GET /api/job-bids/my-bids')?.type).toBe('array');
    expect(fields(answer('POST /api/auth/login'))).toEqual(['access_token', 'token_type']);
    expect(fields(answer('GET /api/billing/config'))).toEqual(['job_posting_monthly_rate', 'currency', 'mode', 'publishable_key']);
    expect(fields(answer('POST /api/billing/create-checkout-session'))).toEqual(['client_secret', 'session_id']);
    expect(fields(answer('GET /api/billing/subscription/{id}'))).toEqual(
      expect.arrayContaining(['status', 'monthly_rate', 'billing_records']),
    );
    expect(fields(answer('GET /api/billing/payments'))).toEqual(['payments', 'total', 'page', 'page_size', 'posting_credits']);
    expect(fields(answer('GET /api/admin/facilities/{id}/payments'))).toEqual([
      'payments',
      'total',
      'page',
      'page_size',
      'posting_credits',
    ]);
    expect(fields(answer('GET /api/billing/dashboard'))).toEqual([
      'posting_credits',
      'active_subscriptions',
      'monthly_total',
      'paid_last_30_days',
    ]);
    expect(fields(answer('POST /api/billing/confirm-subscription/{session_id}'))).toEqual(['job_posting_id', 'subscription']);
    expect(fields(answer('POST /api/billing/sandbox/sessions/{session_id}/pay'))).toEqual(['session_id', 'status', 'return_url']);
    expect(fields(answer('POST /api/billing/webhook'))).toEqual(['received']);
    expect(fields(answer('GET /api/admin/review-queue'))).toEqual(['facilities', 'applicants', 'counts']);
    expect(fields(answer('GET /api/admin/audit'))).toEqual(['rows', 'next_cursor']);
    expect(fields(answer('GET /api/admin/bids/{id}/as-of'))).toEqual(['at', 'events_applied', 'last_event', 'acted', 'bid']);
    expect(fields(answer('GET /api/admin/postings/{id}/as-of'))).toEqual(['at', 'events_applied', 'last_event', 'acted', 'posting']);
    expect(document.paths['/api/admin/audit.csv'].get.responses['200'].content).toEqual({
      'text/csv': { schema: { type: 'string', description: expect.stringContaining('position,at,stream_type') } },
    });
  });

  it("describes the contract's error answers", () => {
    const error = (key: string, status: string) => {
      const [method, path] = key.split(' ');
      return document.paths[path][method.toLowerCase()].responses[status]?.content?.['application/json']?.schema;
    };
    for (const key of ['PUT /api/job-bids/{id}/accept', 'POST /api/job-postings', 'PUT /api/admin/facilities/{id}/verify']) {
      for (const status of ['401', '403', '404', '409']) {
        expect(error(key, status)).toMatchObject({ type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] });
      }
      expect(error(key, '422')).toMatchObject({
        properties: {
          detail: { type: 'array', items: { properties: { loc: { type: 'array' }, msg: { type: 'string' }, type: { type: 'string' } } } },
        },
      });
    }
  });
});
