import type { MarketRates } from '@domain/insights';
import { formatMoney, pluralize } from '@domain/shared/format';
import { useId } from 'react';

const WIDTH = 320;
const HEIGHT = 112;
const PAD = { left: 8, right: 8, top: 18, bottom: 22 };

/**
 * The agreed rates as a small histogram: the middle half shaded, the median as a solid line and,
 * when given, the rate being typed as a dashed one. Inline SVG; its <title> and <desc> say the same
 * in words for screen readers.
 */
export function RateDistribution({ agreed, yourRate = null }: { agreed: MarketRates['agreed']; yourRate?: number | null }) {
  const titleId = useId();
  const descId = useId();
  const bins = agreed.distribution;
  if (bins.length === 0) return null;

  const low = bins[0].from;
  const high = bins[bins.length - 1].to;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (rate: number) => PAD.left + ((rate - low) / (high - low)) * plotWidth;
  const tallest = Math.max(...bins.map((bin) => bin.count));
  const barHeight = (count: number) => (count / tallest) * plotHeight;
  const baseline = HEIGHT - PAD.bottom;
  const showsYours = yourRate !== null && yourRate >= low && yourRate <= high;

  const description =
    bins.map((bin) => `${formatMoney(bin.from)} to ${formatMoney(bin.to - 1)}: ${pluralize(bin.count, 'connection')}`).join(', ') +
    `. Median ${formatMoney(agreed.median)}, middle half ${formatMoney(agreed.p25)} to ${formatMoney(agreed.p75)}.`;

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      style={{ display: 'block', maxWidth: WIDTH }}
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
      focusable="false"
      data-testid="rate-distribution"
    >
      <title id={titleId}>Agreed rates by hourly rate</title>
      <desc id={descId}>{description}</desc>
      <rect
        x={x(agreed.p25)}
        y={PAD.top - 6}
        width={Math.max(x(agreed.p75) - x(agreed.p25), 2)}
        height={plotHeight + 6}
        fill="var(--mantine-color-tenens-0)"
      />
      {bins.map((bin) => (
        <rect
          key={bin.from}
          x={x(bin.from) + 1.5}
          y={baseline - barHeight(bin.count)}
          width={Math.max(x(bin.to) - x(bin.from) - 3, 1)}
          height={barHeight(bin.count)}
          rx={2}
          fill="var(--mantine-color-tenens-5)"
        />
      ))}
      <line x1={PAD.left} x2={WIDTH - PAD.right} y1={baseline} y2={baseline} stroke="var(--mantine-color-gray-4)" />
      <line
        x1={x(agreed.median)}
        x2={x(agreed.median)}
        y1={PAD.top - 6}
        y2={baseline}
        stroke="var(--mantine-color-gray-8)"
        strokeWidth={1.5}
      />
      <text
        x={Math.min(Math.max(x(agreed.median), 44), WIDTH - 44)}
        y={PAD.top - 9}
        fontSize="10"
        textAnchor="middle"
        fill="var(--mantine-color-gray-8)"
      >
        median {formatMoney(agreed.median)}
      </text>
      {showsYours && (
        <line
          x1={x(yourRate)}
          x2={x(yourRate)}
          y1={PAD.top - 6}
          y2={baseline + 4}
          stroke="var(--mantine-color-orange-7)"
          strokeWidth={2}
          strokeDasharray="4 3"
          data-testid="your-rate"
        />
      )}
      <text x={PAD.left} y={HEIGHT - 6} fontSize="10" fill="var(--mantine-color-gray-7)">
        {formatMoney(low)}
      </text>
      <text x={WIDTH - PAD.right} y={HEIGHT - 6} fontSize="10" textAnchor="end" fill="var(--mantine-color-gray-7)">
        {formatMoney(high)}
      </text>
    </svg>
  );
}
