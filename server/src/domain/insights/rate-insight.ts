/**
 * GET /api/insights/rates (issue #16): what connections agreed, and what postings offered, for
 * one role and required license state over the last 90 days. Shared by the server (query,
 * answer, OpenAPI) and the client (the job form's and the bid form's insight), so the floor, the
 * window and the sentence are written once.
 */
import { z } from 'zod';
import { isUsState } from '../accounts/us-states';
import { formatMoney, pluralize } from '../shared/format';
import { ROLE_TYPES, type RoleType } from '../postings/job-form';
import { distribution, summarize, type RateCount } from './rate-statistics';

/** The window the insight looks back over. */
export const INSIGHT_WINDOW_DAYS = 90;
/** Below this many connections nothing is shown: a handful of rates would point at people and say little. */
export const MIN_CONNECTIONS = 5;

export const INSIGHT_MESSAGES = {
  roleType: 'role_type must be CRNA or Anesthesiologist',
  state: 'state must be a US state abbreviation (e.g., CA, NY, TX)',
} as const;

const upperCode = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : value);

/** The query: one role and one state, both required. */
export const rateInsightQuerySchema = z.object({
  role_type: z.enum(ROLE_TYPES, { error: INSIGHT_MESSAGES.roleType }),
  state: z.preprocess(
    upperCode,
    z
      .string({ error: INSIGHT_MESSAGES.state })
      .max(2, { error: INSIGHT_MESSAGES.state, abort: true })
      .refine(isUsState, INSIGHT_MESSAGES.state),
  ),
});
export type RateInsightQuery = z.infer<typeof rateInsightQuerySchema>;

const dollars = z.number().describe('US dollars per hour (to the cent: quartiles interpolate).');
export const rateSummarySchema = z.object({
  count: z.number().int(),
  median: dollars,
  p25: dollars.describe('25th percentile, US dollars per hour.'),
  p75: dollars.describe('75th percentile, US dollars per hour.'),
});

export const rateBinSchema = z.object({
  from: z.number().int().describe('Lowest rate of the bar, US dollars per hour.'),
  to: z.number().int().describe('First rate past the bar.'),
  count: z.number().int(),
});

export const notEnoughDataSchema = z.object({ enough_data: z.literal(false) });

export const marketRatesSchema = z.object({
  enough_data: z.literal(true),
  role_type: z.enum(ROLE_TYPES),
  state: z.string(),
  window_days: z.number().int(),
  since: z.string().describe('ISO date-time: the window starts here and ends now.'),
  agreed: rateSummarySchema
    .extend({ distribution: z.array(rateBinSchema) })
    .describe('Agreed rates of the connections made in the window.'),
  posted: rateSummarySchema.nullable().describe('Rates of the postings that went live in the window; null when none did.'),
  bids: z
    .object({
      count: z.number().int().describe('Bids submitted in the window.'),
      countered: z.number().int().describe('Of those, how many either side countered.'),
      countered_share: z.number().nullable().describe('countered / count (0 to 1, two decimals); null without bids.'),
    })
    .describe('How often bids were countered.'),
});

export const rateInsightSchema = z.discriminatedUnion('enough_data', [notEnoughDataSchema, marketRatesSchema]);
export type MarketRates = z.infer<typeof marketRatesSchema>;
export type RateInsight = z.infer<typeof rateInsightSchema>;

/** What the query read for the window: rates grouped, and the bid counts. */
export interface MarketRateRows {
  agreed: RateCount[];
  posted: RateCount[];
  bids: number;
  countered: number;
}

/** The answer, or `{enough_data: false}` below MIN_CONNECTIONS connections. */
export function rateInsightView(query: RateInsightQuery, since: Date, rows: MarketRateRows): RateInsight {
  const agreed = summarize(rows.agreed);
  if (!agreed || agreed.count < MIN_CONNECTIONS) return { enough_data: false };
  return {
    enough_data: true,
    role_type: query.role_type,
    state: query.state,
    window_days: INSIGHT_WINDOW_DAYS,
    since: since.toISOString(),
    agreed: { ...agreed, distribution: distribution(rows.agreed) },
    posted: summarize(rows.posted),
    bids: {
      count: rows.bids,
      countered: rows.countered,
      countered_share: rows.bids === 0 ? null : Math.round((rows.countered / rows.bids) * 100) / 100,
    },
  };
}

/** The start of the window that ends at `now`. */
export function insightWindowStart(now: Date): Date {
  return new Date(now.getTime() - INSIGHT_WINDOW_DAYS * 86_400_000);
}

const ROLE_PLURALS: Record<RoleType, string> = { CRNA: 'CRNAs', Anesthesiologist: 'anesthesiologists' };

/** "Agreed rates for CRNAs in CA, last 90 days" */
export function insightHeading(roleType: RoleType, state: string): string {
  return `Agreed rates for ${ROLE_PLURALS[roleType]} in ${state}, last ${INSIGHT_WINDOW_DAYS} days`;
}

/** "Agreed rates for CRNAs in CA, last 90 days: median $X (25th to 75th percentile $Y to $Z, N connections)" */
export function insightSentence(insight: MarketRates): string {
  const { agreed } = insight;
  return (
    `${insightHeading(insight.role_type, insight.state)}: median ${formatMoney(agreed.median)} ` +
    `(25th to 75th percentile ${formatMoney(agreed.p25)} to ${formatMoney(agreed.p75)}, ${pluralize(agreed.count, 'connection')})`
  );
}

/** "Not enough connections yet…": said instead of figures below the floor. */
export function notEnoughDataSentence(roleType: RoleType, state: string): string {
  return `${insightHeading(roleType, state)}: fewer than ${MIN_CONNECTIONS} connections so far, too few to show.`;
}

/** "Bids were countered 40% of the time (10 of 25)"; null without bids. */
export function counteredSentence(insight: MarketRates): string | null {
  const { bids } = insight;
  if (bids.countered_share === null) return null;
  return `Bids were countered ${Math.round(bids.countered_share * 100)}% of the time (${bids.countered} of ${pluralize(bids.count, 'bid')})`;
}

/** "Posted rates: median $X (25th to 75th percentile $Y to $Z, N postings)"; null without postings. */
export function postedSentence(insight: MarketRates): string | null {
  const { posted } = insight;
  if (!posted) return null;
  return `Posted rates: median ${formatMoney(posted.median)} (25th to 75th percentile ${formatMoney(posted.p25)} to ${formatMoney(posted.p75)}, ${pluralize(posted.count, 'posting')})`;
}

/** Where a rate sits among the agreed ones: "$185/hr is within the middle half of agreed rates". */
export function rateComparison(rate: number, agreed: Pick<MarketRates['agreed'], 'p25' | 'p75'>): string {
  const position =
    rate < agreed.p25 ? 'below the 25th percentile' : rate > agreed.p75 ? 'above the 75th percentile' : 'within the middle half';
  return `${formatMoney(rate)}/hr is ${position} of agreed rates`;
}
