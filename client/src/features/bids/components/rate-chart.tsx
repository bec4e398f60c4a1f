import { formatMoney, formatRate } from '@domain/shared/format';
import { Group, Text } from '@mantine/core';
import { useId } from 'react';

import type { RatePoint } from '../lib/history';
import classes from './bids.module.css';
import { SIDE_COLORS } from './side-colors';

const WIDTH = 320;
const HEIGHT = 120;
const PAD = { left: 18, right: 78, top: 20, bottom: 10 };

/**
 * The rate over a negotiation: one dot per bid, counter and agreement (evenly spaced, in order),
 * coloured by side, with the posted rate as a dashed line. Drawn as inline SVG; its <title> and
 * <desc> carry the same figures as text for screen readers.
 */
export function RateChart({ points, postedRate }: { points: readonly RatePoint[]; postedRate?: number | null }) {
  const titleId = useId();
  const descId = useId();
  if (points.length === 0) return null;

  const rates = points.map((point) => point.rate);
  if (postedRate !== null && postedRate !== undefined) rates.push(postedRate);
  let min = Math.min(...rates);
  let max = Math.max(...rates);
  if (max - min < 10) {
    const middle = (max + min) / 2;
    min = middle - 5;
    max = middle + 5;
  }
  const spread = max - min;
  min -= spread * 0.12;
  max += spread * 0.12;

  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) => PAD.left + (points.length === 1 ? plotWidth / 2 : (index / (points.length - 1)) * plotWidth);
  const y = (rate: number) => PAD.top + (1 - (rate - min) / (max - min)) * plotHeight;

  const path = points.map((point, index) => `${index === 0 ? 'M' : 'L'}${x(index).toFixed(1)},${y(point.rate).toFixed(1)}`).join(' ');
  const description =
    points.map((point) => `${point.label} ${formatRate(point.rate)}`).join(', ') +
    (postedRate !== null && postedRate !== undefined ? `. Posted rate ${formatRate(postedRate)}.` : '.');
  const sides = [...new Set(points.map((point) => point.side))];

  return (
    <figure style={{ margin: 0 }}>
      <svg
        className={classes.chart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        focusable="false"
      >
        <title id={titleId}>Rate over time</title>
        <desc id={descId}>{description}</desc>
        <line
          x1={PAD.left - 8}
          x2={WIDTH - PAD.right + 8}
          y1={HEIGHT - PAD.bottom}
          y2={HEIGHT - PAD.bottom}
          stroke="var(--mantine-color-gray-3)"
        />
        {postedRate !== null && postedRate !== undefined && (
          <g>
            <line
              x1={PAD.left - 8}
              x2={WIDTH - PAD.right + 8}
              y1={y(postedRate)}
              y2={y(postedRate)}
              stroke="var(--mantine-color-gray-5)"
              strokeDasharray="4 4"
            />
            <text x={WIDTH - PAD.right + 12} y={y(postedRate) + 3.5} fontSize="10" fill="var(--mantine-color-gray-7)">
              posted {formatMoney(postedRate)}
            </text>
          </g>
        )}
        <path d={path} fill="none" stroke="var(--mantine-color-gray-5)" strokeWidth="2" strokeLinejoin="round" />
        {points.map((point, index) => (
          <g key={point.id}>
            <circle cx={x(index)} cy={y(point.rate)} r="5" fill={SIDE_COLORS[point.side]} stroke="white" strokeWidth="2" />
            <text x={x(index)} y={y(point.rate) - 9} textAnchor="middle" fontSize="10" fontWeight="600" fill="var(--mantine-color-gray-8)">
              {formatMoney(point.rate)}
            </text>
          </g>
        ))}
      </svg>
      <Group component="figcaption" gap="md" mt={4} aria-hidden>
        {sides.map((side) => (
          <Group key={side} gap={6} wrap="nowrap">
            <span style={{ width: 10, height: 10, borderRadius: '50%', background: SIDE_COLORS[side], display: 'inline-block' }} />
            <Text fz="xs" c="dimmed" tt="capitalize">
              {side}
            </Text>
          </Group>
        ))}
        {postedRate !== null && postedRate !== undefined && (
          <Group gap={6} wrap="nowrap">
            <span style={{ width: 14, borderTop: '2px dashed var(--mantine-color-gray-5)', display: 'inline-block' }} />
            <Text fz="xs" c="dimmed">
              Posted rate
            </Text>
          </Group>
        )}
      </Group>
    </figure>
  );
}
