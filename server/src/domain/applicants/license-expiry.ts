/**
 * A state license is valid through its expiry date. Dates are calendar dates compared as UTC days
 * (see postings/calendar.ts), so the server, the reminder sweep and every browser agree on the day.
 */
import { dayNumber, utcToday } from '../postings/calendar';

/** Reminder emails go out this many days before the expiry date, and on the day itself. */
export const LICENSE_REMINDER_DAYS = [60, 30, 7, 0] as const;
export type LicenseReminderDays = (typeof LICENSE_REMINDER_DAYS)[number];

/** How far ahead the admins' "expiring" filter looks: as far as the first reminder. */
export const LICENSE_EXPIRING_WITHIN_DAYS = LICENSE_REMINDER_DAYS[0];

/** The admin applicants list's license filter. */
export const LICENSE_FILTERS = ['expiring', 'expired'] as const;
export type LicenseFilter = (typeof LICENSE_FILTERS)[number];
export const LICENSE_FILTER_LABELS: Record<LicenseFilter, string> = {
  expiring: `License expiring (${LICENSE_EXPIRING_WITHIN_DAYS} days)`,
  expired: 'License expired',
};

export const LICENSE_EXPIRY_MESSAGES = {
  expired: 'Your license has expired. Update it in your profile to keep bidding.',
  expiredTitle: 'Your license has expired',
} as const;

/** Whole days from today (UTC) to the expiry date: 0 on the day, negative once it passed; null when unknown. */
export function daysUntilLicenseExpiry(expiresAt: string | null | undefined, now: Date): number | null {
  const expiry = dayNumber(expiresAt ?? null);
  const today = dayNumber(utcToday(now));
  if (expiry === null || today === null) return null;
  return expiry - today;
}

/** True once the day after the expiry date has begun; an unknown date is not treated as expired. */
export function licenseExpired(expiresAt: string | null | undefined, now: Date): boolean {
  const days = daysUntilLicenseExpiry(expiresAt, now);
  return days !== null && days < 0;
}

/**
 * The reminder due today: the nearest threshold not yet passed (60, 30, 7 days before, or 0 on the
 * day). A license first seen 5 days before expiry is due its 7-day reminder only, not the earlier
 * ones too; null when no reminder is due (more than 60 days left, already expired, unknown).
 */
export function dueLicenseReminder(expiresAt: string | null | undefined, now: Date): LicenseReminderDays | null {
  const days = daysUntilLicenseExpiry(expiresAt, now);
  if (days === null || days < 0) return null;
  const due = [...LICENSE_REMINDER_DAYS].reverse().find((threshold) => days <= threshold);
  return due ?? null;
}

/** Subject and lead sentence of a reminder. */
export function licenseReminderText(threshold: LicenseReminderDays, expiresOn: string): { subject: string; lead: string } {
  if (threshold === 0) {
    return {
      subject: 'Your license expires today',
      lead: `Your state license expires today (${expiresOn}). From tomorrow you can no longer bid on jobs until you update it.`,
    };
  }
  return {
    subject: `Your license expires in ${threshold} days`,
    lead: `Your state license expires on ${expiresOn}, in ${threshold} days. Renew it and update your profile to keep bidding on jobs.`,
  };
}

/** Which license filter a license falls under today, if any (the admin list's SQL applies the same rule). */
export function licenseStanding(expiresAt: string | null | undefined, now: Date): LicenseFilter | null {
  const days = daysUntilLicenseExpiry(expiresAt, now);
  if (days === null) return null;
  if (days < 0) return 'expired';
  return days <= LICENSE_EXPIRING_WITHIN_DAYS ? 'expiring' : null;
}
