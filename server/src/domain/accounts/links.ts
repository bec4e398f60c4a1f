/**
 * Website and LinkedIn links as people type them ("example.com", "linkedin.com/in/jane") and
 * the canonical forms we store. Both normalisers leave unrecognisable input as typed (trimmed)
 * so the validators can reject it with a message instead of it being silently rewritten.
 */

const HAS_SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;

// http(s), a dotted host name (labels of letters of any script, digits, inner hyphens), a letter
// TLD or a punycode one, an optional port, then any path/query/fragment without spaces.
const HOST_LABEL = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?`;
const TOP_LEVEL_DOMAIN = String.raw`(?:\p{L}{2,}|xn--[a-z\d-]+)`;
const WEBSITE_URL = new RegExp(String.raw`^https?:\/\/(?:${HOST_LABEL}\.)+${TOP_LEVEL_DOMAIN}(?::\d{1,5})?(?:[/?#]\S*)?$`, 'iu');

/** Trims and adds https:// when no scheme was typed; an empty value stays empty. */
export function normalizeWebsite(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  if (HAS_SCHEME.test(trimmed)) return trimmed;
  return `https://${trimmed}`;
}

/** True for an http:// or https:// address with a real-looking domain (after normalising). */
export function isValidWebsite(value: string): boolean {
  return WEBSITE_URL.test(value);
}

const LINKEDIN_PROFILE_BASE = 'https://www.linkedin.com/in/';

// LinkedIn public profile names: 3-100 letters, digits, hyphens (underscores and %-escapes appear
// in old or non-Latin ones).
const LINKEDIN_USERNAME = /^[\p{L}\p{N}%_-]{3,100}$/u;

// {any linkedin.com host}/in/{username}, optional trailing slash, query or fragment.
const LINKEDIN_PROFILE_PATH = /^(?:[a-z\d-]+\.)*linkedin\.com\/in\/([^/?#\s]+)\/?(?:[?#]\S*)?$/i;

/** The username from a bare username or a {host}/in/username link, or undefined. */
export function linkedInUsername(value: string): string | undefined {
  const trimmed = value.trim();
  const withoutScheme = trimmed.replace(/^https?:\/\//i, '');
  const fromLink = LINKEDIN_PROFILE_PATH.exec(withoutScheme)?.[1];
  const candidate = fromLink ?? trimmed;
  return LINKEDIN_USERNAME.test(candidate) ? candidate : undefined;
}

/**
 * Turns 'jane-doe' or 'linkedin.com/in/jane-doe' (with or without scheme or www) into
 * https://www.linkedin.com/in/jane-doe. Empty stays empty; anything else is returned trimmed.
 */
export function normalizeLinkedIn(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  const username = linkedInUsername(trimmed);
  return username ? LINKEDIN_PROFILE_BASE + username : trimmed;
}

/** True only for the canonical form normalizeLinkedIn produces. */
export function isLinkedInProfileUrl(value: string): boolean {
  if (!value.startsWith(LINKEDIN_PROFILE_BASE)) return false;
  return LINKEDIN_USERNAME.test(value.slice(LINKEDIN_PROFILE_BASE.length));
}
