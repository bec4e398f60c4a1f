import {
  isLinkedInProfileUrl,
  isValidWebsite,
  linkedInUsername,
  normalizeLinkedIn,
  normalizeWebsite,
} from '../../../../server/src/domain/accounts';

describe('normalizeWebsite', () => {
  it('adds https:// when no scheme was typed', () => {
    expect(normalizeWebsite('example.com')).toBe('https://example.com');
    expect(normalizeWebsite('  www.example.com/about ')).toBe('https://www.example.com/about');
  });

  it('keeps an existing scheme', () => {
    expect(normalizeWebsite('http://example.com')).toBe('http://example.com');
    expect(normalizeWebsite('HTTPS://Example.com')).toBe('HTTPS://Example.com');
    expect(normalizeWebsite('ftp://example.com')).toBe('ftp://example.com');
  });

  it('leaves an empty value empty', () => {
    expect(normalizeWebsite('   ')).toBe('');
  });
});

describe('isValidWebsite', () => {
  it('accepts http and https addresses with a domain', () => {
    expect(isValidWebsite('https://example.com')).toBe(true);
    expect(isValidWebsite('http://sub.example-clinic.org/path?q=1#top')).toBe(true);
    expect(isValidWebsite('https://example.com:8443')).toBe(true);
    expect(isValidWebsite('https://bücher.de')).toBe(true);
  });

  it('rejects other schemes, missing domains and spaces', () => {
    expect(isValidWebsite('ftp://example.com')).toBe(false);
    expect(isValidWebsite('https://localhost')).toBe(false);
    expect(isValidWebsite('https://example')).toBe(false);
    expect(isValidWebsite('https://exa mple.com')).toBe(false);
    expect(isValidWebsite('https://-example.com')).toBe(false);
    expect(isValidWebsite('example.com')).toBe(false);
  });
});

describe('normalizeLinkedIn', () => {
  const canonical = 'https://www.linkedin.com/in/jane-doe';

  it('turns a bare username into the profile link', () => {
    expect(normalizeLinkedIn('jane-doe')).toBe(canonical);
    expect(normalizeLinkedIn('  jane-doe  ')).toBe(canonical);
  });

  it('accepts {host}/in/username with or without scheme and www', () => {
    expect(normalizeLinkedIn('linkedin.com/in/jane-doe')).toBe(canonical);
    expect(normalizeLinkedIn('www.linkedin.com/in/jane-doe')).toBe(canonical);
    expect(normalizeLinkedIn('http://linkedin.com/in/jane-doe')).toBe(canonical);
    expect(normalizeLinkedIn('https://www.linkedin.com/in/jane-doe/')).toBe(canonical);
    expect(normalizeLinkedIn('https://uk.linkedin.com/in/jane-doe?trk=profile')).toBe(canonical);
    expect(normalizeLinkedIn('HTTPS://WWW.LINKEDIN.COM/in/jane-doe')).toBe(canonical);
  });

  it('is idempotent', () => {
    expect(normalizeLinkedIn(canonical)).toBe(canonical);
  });

  it('returns unrecognisable input trimmed, and empty as empty', () => {
    expect(normalizeLinkedIn(' https://example.com/in/jane ')).toBe('https://example.com/in/jane');
    expect(normalizeLinkedIn('linkedin.com/company/acme')).toBe('linkedin.com/company/acme');
    expect(normalizeLinkedIn('jo')).toBe('jo');
    expect(normalizeLinkedIn('')).toBe('');
  });

  it('extracts the username', () => {
    expect(linkedInUsername('linkedin.com/in/jane_doe')).toBe('jane_doe');
    expect(linkedInUsername('jane doe')).toBeUndefined();
  });

  it('recognises only the canonical form as a profile link', () => {
    expect(isLinkedInProfileUrl(canonical)).toBe(true);
    expect(isLinkedInProfileUrl('https://linkedin.com/in/jane-doe')).toBe(false);
    expect(isLinkedInProfileUrl('https://www.linkedin.com/in/')).toBe(false);
    expect(isLinkedInProfileUrl('jane-doe')).toBe(false);
  });
});
