import { daysUntilLicenseExpiry, dueLicenseReminder, licenseExpired } from '../../../../server/src/domain/applicants/license-expiry';

const NOW = new Date('2026-11-24T23:30:00Z');

describe('license expiry', () => {
  it('counts whole UTC days to the expiry date', () => {
    expect(daysUntilLicenseExpiry('2026-11-24', NOW)).toBe(0);
    expect(daysUntilLicenseExpiry('2027-01-23', NOW)).toBe(60);
    expect(daysUntilLicenseExpiry('2026-11-23', NOW)).toBe(-1);
    expect(daysUntilLicenseExpiry(null, NOW)).toBeNull();
    expect(daysUntilLicenseExpiry('not a date', NOW)).toBeNull();
  });

  it('is valid through its expiry date', () => {
    expect(licenseExpired('2026-11-24', NOW)).toBe(false);
    expect(licenseExpired('2026-11-23', NOW)).toBe(true);
    expect(licenseExpired(null, NOW)).toBe(false);
  });

  it.each([
    [61, null],
    [60, 60],
    [45, 60],
    [30, 30],
    [8, 30],
    [7, 7],
    [1, 7],
    [0, 0],
    [-1, null],
  ])('with %i days left the due reminder is %s', (days, due) => {
    const expires = new Date(Date.parse('2026-11-24T00:00:00Z') + days * 86_400_000).toISOString().slice(0, 10);
    expect(dueLicenseReminder(expires, NOW)).toBe(due);
  });
});
