/**
 * Just enough of the Fetch API's Request and Response for jsdom, which has neither:
 * React Router creates a Request per navigation, and the API client reads Responses.
 */

type HeadersInput = ConstructorParameters<typeof Headers>[0];

export class FakeRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly signal: AbortSignal;
  readonly body: unknown;

  constructor(input: string | URL | FakeRequest, init: RequestInit = {}) {
    const base = input instanceof FakeRequest ? input : null;
    const raw = base ? base.url : String(input);
    this.url = new URL(raw, window.location.href).href;
    this.method = (init.method ?? base?.method ?? 'GET').toUpperCase();
    this.headers = new Headers((init.headers ?? base?.headers) as HeadersInput);
    this.signal = init.signal ?? base?.signal ?? new AbortController().signal;
    this.body = init.body ?? base?.body ?? null;
  }

  clone(): FakeRequest {
    return new FakeRequest(this);
  }
}

export class FakeResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  readonly ok: boolean;
  private readonly text_: string;

  constructor(body: string | null = null, init: ResponseInit = {}) {
    this.status = init.status ?? 200;
    this.statusText = init.statusText ?? '';
    this.headers = new Headers(init.headers as HeadersInput);
    this.ok = this.status >= 200 && this.status < 300;
    this.text_ = body ?? '';
  }

  async text(): Promise<string> {
    return this.text_;
  }

  async json(): Promise<unknown> {
    return JSON.parse(this.text_);
  }

  clone(): FakeResponse {
    return new FakeResponse(this.text_, { status: this.status, statusText: this.statusText, headers: this.headers });
  }
}
