/** Rate input rules (spec part 1 §5 'Bid'): the shared schemas, and the comparison with the posted rate. */
import { counterComparison, counterRateSchema, proposedRateSchema } from '@domain/bids';

/** The first problem with a typed rate, or null. Blank input reads 'required'. */
export function rateError(kind: 'proposed' | 'counter', value: number | string | null | undefined): string | null {
  const schema = kind === 'proposed' ? proposedRateSchema : counterRateSchema;
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0].message;
}

/** '8% more than the posted rate', '5% less than the posted rate', 'Same as the posted rate'. */
export function comparedToPosted(rate: number, postedRate: number | null | undefined): string | null {
  if (postedRate === null || postedRate === undefined || !Number.isFinite(rate)) return null;
  const { percent, direction } = counterComparison(rate, postedRate);
  if (direction === 'same' || percent === 0) return 'Same as the posted rate';
  return `${percent}% ${direction} than the posted rate`;
}
