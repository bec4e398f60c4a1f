import { formatPhone } from '@domain/accounts/phone';
import dayjs from 'dayjs';

import type { PersonName } from '@/types/api';

/** Display helpers of the admin console. */

/** 'First Last', or whichever part exists, or ''. */
export function personName(person: PersonName | null | undefined): string {
  if (!person) return '';
  return [person.first_name, person.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/** 'Nov 22, 2026, 10:00 AM' in local time; '' when missing or unreadable. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const at = dayjs(value);
  return at.isValid() ? at.format('MMM D, YYYY, h:mm A') : '';
}

/** 'Nov 22, 2026' (en-US short month, day, year). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const at = dayjs(value);
  return at.isValid() ? at.format('MMM D, YYYY') : '';
}

/** (555) 123-4567 for 10 digits; anything else as stored. */
export function displayPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? formatPhone(digits) : phone;
}

/** 'San Diego, CA' from whichever parts exist. */
export function cityState(city: string | null | undefined, state: string | null | undefined): string {
  return [city?.trim(), state?.trim()].filter(Boolean).join(', ');
}

/** The postal address as lines: street, second line, 'City, ST 12345'. */
export function addressLines(record: {
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
}): string[] {
  const last = [cityState(record.city, record.state), record.zip_code?.trim()].filter(Boolean).join(' ');
  return [record.address_line1?.trim(), record.address_line2?.trim(), last].filter((line): line is string => !!line);
}

export const VERIFICATION_LABELS = { pending: 'Pending', verified: 'Verified', rejected: 'Rejected' } as const;
