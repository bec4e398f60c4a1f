import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Params = Record<string, string>;

interface StubSession {
  id: string;
  object: 'checkout.session';
  client_secret: string;
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid';
  subscription: string | null;
  metadata: Record<string, string>;
}

/**
 * A local stand-in for the few Stripe API endpoints billing calls, so the real `stripe` package
 * runs against it (STRIPE_API_BASE): customers, checkout sessions (create, retrieve) and
 * subscription cancellation. It keeps what was asked, for the tests to read.
 */
export class StripeStub {
  readonly requests: { method: string; path: string; params: Params }[] = [];
  readonly sessions = new Map<string, StubSession>();
  private readonly server: Server = createServer((request, response) => void this.answer(request, response));
  private count = 0;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** What the customer does in Stripe's embedded form: the session is paid and has a subscription. */
  pay(sessionId: string): string {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const subscription = `sub_${sessionId.slice(3)}`;
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription });
    return subscription;
  }

  calls(method: string, path: RegExp) {
    return this.requests.filter((request) => request.method === method && path.test(request.path));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await new Promise<string>((resolve) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => resolve(text));
    });
    const path = (request.url ?? '').split('?')[0];
    const method = request.method ?? 'GET';
    const params = Object.fromEntries(new URLSearchParams(body));
    this.requests.push({ method, path, params });
    const [status, answer] = this.route(method, path, params);
    response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${++this.count}` });
    response.end(JSON.stringify(answer));
  }

  private route(method: string, path: string, params: Params): [number, unknown] {
    if (method === 'POST' && path === '/v1/customers') {
      return [
        200,
        { id: `cus_${++this.count}`, object: 'customer', name: params.name, metadata: { facility_id: params['metadata[facility_id]'] } },
      ];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${++this.count}${Math.random().toString(36).slice(2, 8)}`;
      const session: StubSession = {
        id,
        object: 'checkout.session',
        client_secret: `${id}_secret_stub`,
        status: 'open',
        payment_status: 'unpaid',
        subscription: null,
        metadata: { posting_id: params['metadata[posting_id]'], facility_id: params['metadata[facility_id]'] },
      };
      this.sessions.set(id, session);
      return [200, session];
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const session = this.sessions.get(retrieve[1]);
      return session ? [200, session] : [404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } }];
    }
    const cancel = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && cancel) return [200, { id: cancel[1], object: 'subscription', status: 'canceled' }];
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } }];
  }
}
