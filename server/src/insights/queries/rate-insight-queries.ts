import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { insightWindowStart, rateInsightQuerySchema, rateInsightView, type RateCount, type RateInsight } from '../../domain/insights';
import { parseOrThrow } from '../../http/validation';

/**
 * The market rate insight from the market-rates read models: three index-only range scans over
 * one role, state and window (migration 2100), rates grouped so the answer never holds more than
 * the window's distinct rates.
 */
@Injectable()
export class RateInsightQueries {
  constructor(private readonly db: DataSource) {}

  async rates(query: unknown, now = new Date()): Promise<RateInsight> {
    const parsed = parseOrThrow(rateInsightQuerySchema, query, 'query');
    const since = insightWindowStart(now);
    const scope = [parsed.role_type, parsed.state, since, now];
    const [agreed, posted, [bids]] = await Promise.all([
      this.rateCounts(
        `SELECT agreed_rate AS rate, count(*)::int AS count FROM market_rate_bids
          WHERE role_type = $1 AND license_state = $2 AND connected_at > $3 AND connected_at <= $4 GROUP BY agreed_rate`,
        scope,
      ),
      this.rateCounts(
        `SELECT hourly_rate AS rate, count(*)::int AS count FROM market_rate_postings
          WHERE role_type = $1 AND license_state = $2 AND published_at > $3 AND published_at <= $4 GROUP BY hourly_rate`,
        scope,
      ),
      this.db.query(
        `SELECT count(*)::int AS count, (count(*) FILTER (WHERE countered))::int AS countered FROM market_rate_bids
          WHERE role_type = $1 AND license_state = $2 AND submitted_at > $3 AND submitted_at <= $4`,
        scope,
      ) as Promise<{ count: number; countered: number }[]>,
    ]);
    return rateInsightView(parsed, since, { agreed, posted, bids: bids.count, countered: bids.countered });
  }

  private rateCounts(sql: string, params: unknown[]): Promise<RateCount[]> {
    return this.db.query(sql, params);
  }
}
