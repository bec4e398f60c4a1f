/**
 * National Provider Identifier: 10 digits whose last digit is a Luhn check digit computed over
 * the prefix 80840 (the US health-industry issuer) followed by the first nine digits.
 */
const TEN_DIGITS = /^\d{10}$/;
const NPI_ISSUER_PREFIX = '80840';

export function hasNpiFormat(value: string): boolean {
  return TEN_DIGITS.test(value);
}

/** Exactly 10 digits and a correct check digit (1234567893 is valid, 1234567890 is not). */
export function isValidNpi(value: string): boolean {
  if (!hasNpiFormat(value)) return false;
  return passesLuhn(NPI_ISSUER_PREFIX + value);
}

// Luhn: from the rightmost digit (the check digit), double every second digit, subtract 9 from
// doubles above 9; the total must be a multiple of 10.
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[digits.length - 1 - i]);
    const doubled = i % 2 === 1 ? digit * 2 : digit;
    sum += doubled > 9 ? doubled - 9 : doubled;
  }
  return sum % 10 === 0;
}
