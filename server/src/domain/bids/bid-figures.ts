/** Rates and figures shown around a bid, and the rate rules (part 1 section 5 'Bid'). */
import { z } from 'zod';
import { MAX_HOURLY_RATE } from '../shared/limits';
import { groupDigits } from '../shared/digits';

export const BID_RATE_MESSAGES = {
  proposed_rate: {
    required: 'Rate is required',
    whole: 'Rate must be a whole number of dollars',
    min: 'Rate must be at least 1',
    max: `Rate must be at most $${groupDigits(MAX_HOURLY_RATE)}`,
  },
  counter_rate: {
    required: 'Counter rate is required',
    whole: 'Counter rate must be a whole number of dollars',
    min: 'Counter rate must be at least 1',
    max: `Counter rate must be at most $${groupDigits(MAX_HOURLY_RATE)}`,
  },
} as const;

export type RateField = keyof typeof BID_RATE_MESSAGES;

/** Blank form input means "missing"; a numeric string (e.g. the counter_rate query) is a number. */
function toRateInput(value: unknown): unknown {
  if (value === '' || value === null) return undefined;
  if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  return value;
}

function rateSchema(field: RateField) {
  const messages = BID_RATE_MESSAGES[field];
  return z.preprocess(
    toRateInput,
    z
      .number({ error: messages.required })
      .refine(Number.isInteger, { error: messages.whole, abort: true })
      .min(1, messages.min)
      .max(MAX_HOURLY_RATE, messages.max),
  );
}

/** A bid's rate: whole dollars per hour, at least 1, at most the product's highest rate. */
export const proposedRateSchema = rateSchema('proposed_rate');
/** A counter offer (either side): whole dollars per hour, at least 1. */
export const counterRateSchema = rateSchema('counter_rate');

export const RATE_SCHEMAS: Record<RateField, typeof proposedRateSchema> = {
  proposed_rate: proposedRateSchema,
  counter_rate: counterRateSchema,
};

export interface NegotiatedRates {
  proposed_rate: number;
  counter_rate: number | null;
}

/**
 * The rate on the table now: the latest counter from either side, else the applicant's bid.
 * Accepting agrees on this rate.
 */
export function currentRate(bid: NegotiatedRates): number {
  return bid.counter_rate ?? bid.proposed_rate;
}

export interface CounterComparison {
  /** Distance from the posted rate in percent of it, rounded. */
  percent: number;
  direction: 'more' | 'less' | 'same';
}

/** '12% more' / '5% less' than the posted rate. A posted rate of 0 or less gives percent 0. */
export function counterComparison(rate: number, postedRate: number): CounterComparison {
  const direction = rate > postedRate ? 'more' : rate < postedRate ? 'less' : 'same';
  const percent = postedRate > 0 ? Math.round((Math.abs(rate - postedRate) / postedRate) * 100) : 0;
  return { percent, direction };
}

const YEAR_MS = 365.25 * 86_400_000;

/** Whole years since the applicant started practising (365.25-day years); 0 if missing or future. */
export function experienceYears(experienceStartedAt: string | Date | null | undefined, now: Date): number {
  if (experienceStartedAt === null || experienceStartedAt === undefined) return 0;
  const started = experienceStartedAt instanceof Date ? experienceStartedAt.getTime() : Date.parse(experienceStartedAt);
  if (Number.isNaN(started)) return 0;
  return Math.max(0, Math.floor((now.getTime() - started) / YEAR_MS));
}
