/**
 * The audit's filters live in the page's URL (/admin/audit?actor=…&stream_type=bid), so a view
 * can be shared or bookmarked; only the known, non-blank ones are kept.
 */
export const AUDIT_SEARCH_KEYS = ['stream_type', 'event_type', 'actor', 'q', 'from', 'to'] as const;
export type AuditSearchKey = (typeof AUDIT_SEARCH_KEYS)[number];
export type AuditSearch = Partial<Record<AuditSearchKey, string>>;

export function readAuditSearch(params: URLSearchParams): AuditSearch {
  const search: AuditSearch = {};
  for (const key of AUDIT_SEARCH_KEYS) {
    const value = params.get(key)?.trim();
    if (value) search[key] = value;
  }
  return search;
}

export function auditSearchParams(search: AuditSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of AUDIT_SEARCH_KEYS) {
    const value = search[key]?.trim();
    if (value) params.set(key, value);
  }
  return params;
}

/** An ISO instant as a datetime-local input shows it, in the browser's time zone ('' when none). */
export function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A datetime-local value as an ISO instant; `end` takes the whole minute (its last millisecond). */
export function fromLocalInput(value: string, end = false): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  return new Date(date.getTime() + (end ? 59_999 : 0)).toISOString();
}
