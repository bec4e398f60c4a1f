import { APPLICANT_ROLE_TYPES, JOB_SEARCH_FREQUENCY } from '@domain/accounts/constants';
import { hasNpiFormat, isValidNpi } from '@domain/accounts/npi';

/** The applicant's role choices (registration and profile). */
export const ROLE_TYPE_OPTIONS = APPLICANT_ROLE_TYPES.map((role) => ({ value: role, label: role }));

/** Job alert email frequency, valued in days as the API stores it. */
export const FREQUENCY_OPTIONS = [
  { value: String(JOB_SEARCH_FREQUENCY.daily), label: 'Daily' },
  { value: String(JOB_SEARCH_FREQUENCY.weekly), label: 'Weekly' },
];

/** An NPI worth asking the server about: 10 digits with a correct check digit, else null. */
export function npiSubject(npi: string): string | null {
  const trimmed = npi.trim();
  return hasNpiFormat(trimmed) && isValidNpi(trimmed) ? trimmed : null;
}
