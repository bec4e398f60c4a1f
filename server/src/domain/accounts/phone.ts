/**
 * US phone numbers: stored as 10 digits, shown as (555) 123-4567. The first digit (the area
 * code's) cannot be 0 or 1 under the North American Numbering Plan.
 */
const PHONE_DIGITS = /^[2-9]\d{9}$/;

// What people type around the digits; anything else (letters, extensions) makes the number invalid
// rather than being silently dropped.
const PHONE_PUNCTUATION = /^[\d\s().-]*$/;

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** True for 10 digits not starting with 0 or 1, either bare or with the usual ( ) - . spaces. */
export function isValidPhone(value: string): boolean {
  if (!PHONE_PUNCTUATION.test(value)) return false;
  return PHONE_DIGITS.test(digitsOnly(value));
}

/**
 * Formats as (555) 123-4567. Partial input is formatted as far as it goes so the field can be
 * reformatted on every keystroke: '5' -> '(5', '5551' -> '(555) 1', '5551234' -> '(555) 123-4'.
 * Digits past the tenth are dropped.
 */
export function formatPhone(value: string): string {
  const digits = digitsOnly(value).slice(0, 10);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  const area = digits.slice(0, 3);
  const exchange = digits.slice(3, 6);
  if (digits.length <= 6) return `(${area}) ${exchange}`;
  return `(${area}) ${exchange}-${digits.slice(6)}`;
}
