/**
 * The statistics of market rate insights (issue #16), pure so they are checked by hand. Rates
 * arrive grouped (`{rate, count}`, as the query reads them with GROUP BY), so an answer needs
 * memory for the distinct rates of the window, never for every connection.
 */

/** How many of one rate were seen. */
export interface RateCount {
  rate: number;
  count: number;
}

export interface RateSummary {
  count: number;
  median: number;
  p25: number;
  p75: number;
}

/** One bar of the distribution: rates from `from` up to but not including `to`. */
export interface RateBin {
  from: number;
  to: number;
  count: number;
}

/** Bar widths the distribution may use, in dollars: round numbers read well on an axis. */
const BIN_WIDTHS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 2_500, 5_000, 10_000];
export const MAX_BINS = 8;

const byRate = (rates: readonly RateCount[]) => rates.filter((entry) => entry.count > 0).sort((a, b) => a.rate - b.rate);
const total = (rates: readonly RateCount[]) => rates.reduce((sum, entry) => sum + entry.count, 0);

/** The rate at 0-based position `index` of the sorted rates. */
function rateAt(sorted: readonly RateCount[], index: number): number {
  let seen = 0;
  for (const entry of sorted) {
    seen += entry.count;
    if (index < seen) return entry.rate;
  }
  return sorted[sorted.length - 1].rate;
}

/**
 * The p-th percentile (0..1) by linear interpolation between the closest ranks, as Postgres's
 * percentile_cont and a spreadsheet's PERCENTILE.INC compute it; null without rates.
 */
export function percentile(rates: readonly RateCount[], p: number): number | null {
  const sorted = byRate(rates);
  const n = total(sorted);
  if (n === 0) return null;
  const position = (n - 1) * p;
  const below = Math.floor(position);
  const low = rateAt(sorted, below);
  const high = rateAt(sorted, Math.min(below + 1, n - 1));
  return low + (position - below) * (high - low);
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** Count, median and quartiles (to the cent); null without rates. */
export function summarize(rates: readonly RateCount[]): RateSummary | null {
  const count = total(byRate(rates));
  if (count === 0) return null;
  const at = (p: number) => cents(percentile(rates, p) ?? 0);
  return { count, median: at(0.5), p25: at(0.25), p75: at(0.75) };
}

/**
 * The rates as at most MAX_BINS bars of one round width, from the bar holding the lowest rate to
 * the one holding the highest, empty bars included so the shape reads true.
 */
export function distribution(rates: readonly RateCount[]): RateBin[] {
  const sorted = byRate(rates);
  if (sorted.length === 0) return [];
  const min = sorted[0].rate;
  const max = sorted[sorted.length - 1].rate;
  const width = BIN_WIDTHS.find((w) => Math.floor(max / w) - Math.floor(min / w) + 1 <= MAX_BINS) ?? BIN_WIDTHS[BIN_WIDTHS.length - 1];
  const first = Math.floor(min / width) * width;
  const bins: RateBin[] = [];
  for (let from = first; from <= max; from += width) bins.push({ from, to: from + width, count: 0 });
  for (const entry of sorted) bins[Math.floor((entry.rate - first) / width)].count += entry.count;
  return bins;
}
