/**
 * `fetch` mocked at the network edge. Routes are keyed 'METHOD /path' with the path as the spec
 * writes it (without the /api prefix and without the query string); anything unrouted answers
 * 404 {"detail": "Not Found"}. Every call is recorded for assertions.
 */

export interface MockReply {
  status?: number;
  body?: unknown;
}

export interface ApiCall {
  method: string;
  /** e.g. '/users/me' (the /api prefix removed) */
  path: string;
  url: string;
  query: URLSearchParams;
  headers: Headers;
  body: string | undefined;
  json<T = unknown>(): T;
  form(): URLSearchParams;
}

export type MockHandler = MockReply | ((call: ApiCall) => MockReply | Promise<MockReply>);

export function json(status: number, body?: unknown): MockReply {
  return { status, body };
}

export function mockApi(routes: Record<string, MockHandler> = {}) {
  const calls: ApiCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.href);
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api(?=\/)/, '');
    const body = typeof init.body === 'string' ? init.body : undefined;
    const call: ApiCall = {
      method,
      path,
      url: `${url.pathname}${url.search}`,
      query: url.searchParams,
      headers: new Headers(init.headers as ConstructorParameters<typeof Headers>[0]),
      body,
      json: <T>() => JSON.parse(body ?? 'null') as T,
      form: () => new URLSearchParams(body ?? ''),
    };
    calls.push(call);

    const handler = routes[`${method} ${path}`];
    const reply: MockReply = !handler
      ? { status: 404, body: { detail: 'Not Found' } }
      : typeof handler === 'function'
        ? await handler(call)
        : handler;
    const status = reply.status ?? 200;
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return new Response(text || null, {
      status,
      headers: text ? { 'Content-Type': 'application/json' } : {},
    });
  });
  (globalThis as { fetch: unknown }).fetch = fetchMock;

  return {
    calls,
    fetch: fetchMock,
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}
