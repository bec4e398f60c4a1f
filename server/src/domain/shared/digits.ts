/**
 * '100,000': a whole number with its digits grouped the en-US way, for the limits that message
 * texts name. Plain string work on purpose: those texts are built when their module loads, and
 * Number#toLocaleString would build an ICU formatter there, the costliest part of a browser page's
 * start-up evaluation.
 */
export function groupDigits(value: number): string {
  const [whole, fraction] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
