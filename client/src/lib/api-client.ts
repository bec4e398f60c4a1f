import { clearSession, getSession } from '@/stores/session';
import type { ValidationIssue } from '@domain/shared/errors';

import { redirectToLogin } from './navigation';

/** Every path in the spec is relative to this prefix, e.g. '/auth/login' -> '/api/auth/login'. */
export const API_BASE = '/api';

/** '' in the browser (same origin). The server's renderer (entry-server.tsx) calls its own API by address. */
let apiOrigin = '';

export function setApiOrigin(origin: string): void {
  apiOrigin = origin;
}

/**
 * A refused or failed call. `detail` is the server's `detail` (a message, or the list of a 422),
 * `code` the machine-readable reason some answers carry (e.g. 'email_verification_required').
 * `status` is 0 when the server could not be reached.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string | ValidationIssue[] | undefined;
  readonly code: string | undefined;

  constructor(status: number, detail?: string | ValidationIssue[], code?: string) {
    super(typeof detail === 'string' && detail ? detail : `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.code = code;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** Query string parameters; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  /** Use this bearer token instead of the session's (e.g. right after login, before the session is stored). */
  token?: string;
  /**
   * Do not treat a 401 as an expired session. For calls where 401 is an ordinary answer,
   * such as the login call itself (wrong password).
   */
  skipAuthRedirect?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

interface InternalRequest extends RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  json?: unknown;
  form?: Record<string, string>;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const normalized = path.startsWith('/') ? path : `/${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return `${apiOrigin}${API_BASE}${normalized}${search ? `?${search}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object') {
    const { detail, code } = body as { detail?: unknown; code?: unknown };
    const codeText = typeof code === 'string' ? code : undefined;
    if (typeof detail === 'string') return new ApiError(status, detail, codeText);
    if (Array.isArray(detail)) return new ApiError(status, detail as ValidationIssue[], codeText);
    return new ApiError(status, undefined, codeText);
  }
  return new ApiError(status);
}

async function request<T>(req: InternalRequest): Promise<T> {
  const session = getSession();
  const token = req.token ?? session?.token;
  const headers: Record<string, string> = { Accept: 'application/json', ...req.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  // The server's renderer asks its own API over loopback: compressing there and decompressing
  // here would be work done twice for nothing.
  if (apiOrigin) headers['Accept-Encoding'] = 'identity';

  let body: BodyInit | undefined;
  if (req.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(req.form).toString();
  } else if (req.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(req.json);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(req.path, req.query), {
      method: req.method,
      headers,
      body,
      signal: req.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, undefined, 'network_error');
  }

  const payload = await readBody(response);
  if (response.ok) return payload as T;

  const error = toApiError(response.status, payload);
  if (response.status === 401 && !req.skipAuthRedirect) {
    // Only end the session the request was made with: a late 401 for an older token must not
    // sign out a user who has meanwhile signed in again.
    const current = getSession();
    if (!current || !token || current.token === token) {
      clearSession();
      redirectToLogin();
    }
  }
  throw error;
}

/** The fetch wrapper every feature's API call goes through. JSON in and out by default. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>({ ...options, method: 'GET', path }),
  post: <T>(path: string, json?: unknown, options?: RequestOptions) => request<T>({ ...options, method: 'POST', path, json }),
  put: <T>(path: string, json?: unknown, options?: RequestOptions) => request<T>({ ...options, method: 'PUT', path, json }),
  patch: <T>(path: string, json?: unknown, options?: RequestOptions) => request<T>({ ...options, method: 'PATCH', path, json }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>({ ...options, method: 'DELETE', path }),
  /** POST form-encoded fields (the login call). */
  postForm: <T>(path: string, form: Record<string, string>, options?: RequestOptions) =>
    request<T>({ ...options, method: 'POST', path, form }),
};

const LOCATION_PREFIXES = new Set(['body', 'query', 'path', 'header', 'cookie']);

function issueField(issue: ValidationIssue): string {
  const loc = Array.isArray(issue.loc) ? issue.loc : [];
  const parts = loc.length > 1 && LOCATION_PREFIXES.has(String(loc[0])) ? loc.slice(1) : loc;
  return parts.map(String).join('.');
}

/**
 * The text to show for a failed call: a string detail as is; a 422 list as
 * 'Validation error: field: message, ...'; anything else gives the fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const { detail } = error;
  if (typeof detail === 'string' && detail.trim()) return detail;
  if (Array.isArray(detail) && detail.length > 0) {
    const parts = detail.map((issue) => {
      const field = issueField(issue);
      return field ? `${field}: ${issue.msg}` : issue.msg;
    });
    return `Validation error: ${parts.join(', ')}`;
  }
  return fallback;
}
