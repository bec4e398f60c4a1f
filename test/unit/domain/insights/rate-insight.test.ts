import {
  distribution,
  insightSentence,
  insightWindowStart,
  MIN_CONNECTIONS,
  percentile,
  rateInsightQuerySchema,
  rateInsightView,
  summarize,
  counteredSentence,
  postedSentence,
  type MarketRates,
  type RateCount,
} from '../../../../server/src/domain/insights';

/** Rates one by one, grouped as the query reads them. */
const grouped = (...rates: number[]): RateCount[] => {
  const counts = new Map<number, number>();
  for (const rate of rates) counts.set(rate, (counts.get(rate) ?? 0) + 1);
  return [...counts].map(([rate, count]) => ({ rate, count }));
};

const CA_CRNA = { role_type: 'CRNA' as const, state: 'CA' };
const NOW = new Date('2026-11-24T12:00:00.000Z');

describe('percentiles of grouped rates (linear interpolation, as percentile_cont)', () => {
  // Sorted: 150 160 160 175 180 200 210 240 (n = 8), handed over out of order.
  const eight = grouped(240, 160, 150, 200, 175, 160, 210, 180);

  it('interpolate between the closest ranks, checked by hand', () => {
    // 25th: rank 7 x 0.25 = 1.75, between 160 and 160. Median: 3.5, 175 + 0.5 x 5. 75th: 5.25, 200 + 0.25 x 10.
    expect(summarize(eight)).toEqual({ count: 8, p25: 160, median: 177.5, p75: 202.5 });
    // 100 110 130 170 250 300: ranks 1.25, 2.5, 3.75.
    expect(summarize(grouped(300, 100, 250, 110, 170, 130))).toEqual({ count: 6, p25: 115, median: 150, p75: 230 });
    // An odd count lands on ranks: 110, 130, 170.
    expect(summarize(grouped(100, 110, 130, 170, 250))).toEqual({ count: 5, p25: 110, median: 130, p75: 170 });
  });

  it('answer the extremes and single values, and nothing without rates', () => {
    expect(percentile(eight, 0)).toBe(150);
    expect(percentile(eight, 1)).toBe(240);
    expect(summarize(grouped(185))).toEqual({ count: 1, p25: 185, median: 185, p75: 185 });
    expect(summarize([])).toBeNull();
    expect(summarize([{ rate: 200, count: 0 }])).toBeNull();
    expect(percentile([], 0.5)).toBeNull();
  });

  it('round to the cent', () => {
    // 100 101 103 (n = 3): 25th at rank 0.5 = 100.5; 7 values give thirds.
    expect(summarize(grouped(100, 101, 103))).toMatchObject({ p25: 100.5, median: 101, p75: 102 });
    expect(summarize(grouped(100, 100, 100, 101, 101, 101, 102))?.p25).toBe(100);
    expect(percentile(grouped(100, 101, 102, 104), 1 / 3)).toBeCloseTo(101);
    expect(summarize(grouped(100, 133))?.p25).toBe(108.25);
  });
});

describe('the distribution', () => {
  it('has at most 8 bars of one round width, empty ones included', () => {
    expect(distribution(grouped(240, 160, 150, 200, 175, 160, 210, 180))).toEqual([
      { from: 140, to: 160, count: 1 },
      { from: 160, to: 180, count: 3 },
      { from: 180, to: 200, count: 1 },
      { from: 200, to: 220, count: 2 },
      { from: 220, to: 240, count: 0 },
      { from: 240, to: 260, count: 1 },
    ]);
    expect(distribution(grouped(200, 200, 200))).toEqual([{ from: 200, to: 201, count: 3 }]);
    expect(distribution(grouped(1, 9_999)).length).toBeLessThanOrEqual(8);
    expect(distribution([])).toEqual([]);
  });
});

describe('the insight', () => {
  const rows = (agreed: RateCount[]) => ({ agreed, posted: grouped(180, 190, 200), bids: 20, countered: 7 });

  it(`shows nothing below ${MIN_CONNECTIONS} connections`, () => {
    expect(MIN_CONNECTIONS).toBe(5);
    expect(rateInsightView(CA_CRNA, insightWindowStart(NOW), rows([]))).toEqual({ enough_data: false });
    expect(rateInsightView(CA_CRNA, insightWindowStart(NOW), rows(grouped(150, 160, 170, 180)))).toEqual({ enough_data: false });
  });

  it('from 5 connections: agreed and posted quartiles, the distribution and the countered share', () => {
    const insight = rateInsightView(CA_CRNA, insightWindowStart(NOW), rows(grouped(150, 160, 170, 180, 240)));
    expect(insight).toEqual({
      enough_data: true,
      role_type: 'CRNA',
      state: 'CA',
      window_days: 90,
      since: '2026-08-26T12:00:00.000Z',
      agreed: { count: 5, p25: 160, median: 170, p75: 180, distribution: expect.any(Array) },
      posted: { count: 3, p25: 185, median: 190, p75: 195 },
      bids: { count: 20, countered: 7, countered_share: 0.35 },
    });
    const marketRates = insight as MarketRates;
    expect(insightSentence(marketRates)).toBe(
      'Agreed rates for CRNAs in CA, last 90 days: median $170 (25th to 75th percentile $160 to $180, 5 connections)',
    );
    expect(counteredSentence(marketRates)).toBe('Bids were countered 35% of the time (7 of 20 bids)');
    expect(postedSentence(marketRates)).toBe('Posted rates: median $190 (25th to 75th percentile $185 to $195, 3 postings)');
  });

  it('without postings or bids in the window says so with nulls', () => {
    const insight = rateInsightView(CA_CRNA, NOW, { agreed: grouped(1, 2, 3, 4, 5), posted: [], bids: 0, countered: 0 }) as MarketRates;
    expect(insight.posted).toBeNull();
    expect(insight.bids.countered_share).toBeNull();
    expect(postedSentence(insight)).toBeNull();
    expect(counteredSentence(insight)).toBeNull();
  });
});

describe('the query', () => {
  it('takes a role and a US state (any case)', () => {
    expect(rateInsightQuerySchema.parse({ role_type: 'Anesthesiologist', state: ' ny ' })).toEqual({
      role_type: 'Anesthesiologist',
      state: 'NY',
    });
  });

  it('refuses anything else with the shared messages', () => {
    const issues = (query: unknown) => rateInsightQuerySchema.safeParse(query).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({})).toEqual([
      ['role_type', 'role_type must be CRNA or Anesthesiologist'],
      ['state', 'state must be a US state abbreviation (e.g., CA, NY, TX)'],
    ]);
    expect(issues({ role_type: 'Nurse', state: 'XX' })?.map(([field]) => field)).toEqual(['role_type', 'state']);
    expect(issues({ role_type: ['CRNA'], state: 'C'.repeat(10_000) })?.map(([field]) => field)).toEqual(['role_type', 'state']);
  });
});
