import { Paper, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useState, type PointerEvent } from 'react';
import type { RangeClass } from '@opencare/schemas/entities/measurements';
import { isolate, linear, niceDomain } from '../shared/chart-scale';
import { rangeColor } from '../shared/range-class';

export interface ChartPoint {
  id: string;
  at: number;
  /** Values in display units. */
  values: Record<string, number>;
  rangeClass: RangeClass | null;
  /** What a pointer over the point says: time, values and range in words. */
  label: string;
}

export interface ChartLine {
  key: string;
  label: string;
}

interface ReadingsChartProps {
  /** The chart's text alternative: what it shows, in one sentence. */
  summary: string;
  points: ChartPoint[];
  lines: ChartLine[];
  /** Normal bands per line key, in display units. */
  bands: Record<string, { low: number; high: number }>;
  from: number;
  to: number;
  formatValue: (value: number) => string;
  formatDate: (date: Date) => string;
}

const HEIGHT = 240;
const MARGIN = { top: 12, right: 12, bottom: 28, left: 48 };
// Lines in the theme's secondary and accent colours; the points carry the range colours.
const LINE_COLORS = ['var(--oc-color-secondary)', 'var(--oc-color-accent)'];
export const lineColor = (index: number) => LINE_COLORS[index % LINE_COLORS.length] ?? LINE_COLORS[0];
export const lineDash = (index: number) => (index === 0 ? undefined : '6 4');

/**
 * A line chart of readings over time, drawn in SVG: the normal band of each line shaded behind it,
 * one line per value (systolic solid, diastolic dashed), and every reading a point in its range
 * colour. Time runs left to right in every language (as on the date axis of a printed chart), so the
 * chart stays left-to-right in Arabic too; its table alternative follows the page's direction.
 */
export function ReadingsChart({
  summary,
  points,
  lines,
  bands,
  from,
  to,
  formatValue,
  formatDate,
}: ReadingsChartProps) {
  const { ref, width: measured } = useElementSize();
  const width = Math.max(280, measured || 600);
  const plotRight = width - MARGIN.right;
  const plotBottom = HEIGHT - MARGIN.bottom;

  const drawnBands = lines.flatMap((line) =>
    bands[line.key] ? [{ key: line.key, ...bands[line.key]! }] : [],
  );
  const values = [
    ...points.flatMap((p) =>
      lines.map((line) => p.values[line.key]).filter((v): v is number => v !== undefined),
    ),
    ...drawnBands.flatMap((b) => [b.low, b.high]),
  ];
  const y = niceDomain(values, 4);
  const yOf = linear([y.min, y.max], [plotBottom, MARGIN.top]);
  const xOf = linear([from, to], [MARGIN.left, plotRight]);
  const dayTicks = Math.max(2, Math.min(7, Math.floor((plotRight - MARGIN.left) / 90)));
  const xTicks = Array.from({ length: dayTicks }, (_, i) => from + ((to - from) * i) / (dayTicks - 1));

  // The reading nearest the pointer, said in words above the chart while the pointer is over it.
  const [hovered, setHovered] = useState<ChartPoint | null>(null);
  const hover = (event: PointerEvent<SVGSVGElement>) => {
    const x = event.clientX - event.currentTarget.getBoundingClientRect().left;
    let nearest: ChartPoint | null = null;
    for (const p of points)
      if (!nearest || Math.abs(xOf(p.at) - x) < Math.abs(xOf(nearest.at) - x)) nearest = p;
    setHovered(nearest);
  };
  const hoveredX = hovered ? xOf(hovered.at) : 0;

  return (
    <div ref={ref} dir="ltr" style={{ width: '100%', position: 'relative' }} data-testid="readings-chart">
      {hovered && (
        <Paper
          withBorder
          shadow="xs"
          px="xs"
          py={4}
          data-testid="chart-hover"
          // Beside the reading, kept inside the chart at either edge.
          style={{
            position: 'absolute',
            top: 0,
            left: Math.min(Math.max(hoveredX - 110, 0), width - 220),
            width: 220,
            pointerEvents: 'none',
            zIndex: 1,
          }}
        >
          <Text size="xs" dir="auto">
            {hovered.label}
          </Text>
        </Paper>
      )}
      <svg
        width={width}
        height={HEIGHT}
        role="img"
        aria-label={summary}
        style={{ display: 'block', overflow: 'visible' }}
        onPointerMove={hover}
        onPointerLeave={() => setHovered(null)}
      >
        {hovered && (
          <line
            x1={hoveredX}
            x2={hoveredX}
            y1={MARGIN.top}
            y2={plotBottom}
            stroke="var(--mantine-color-dimmed)"
            strokeDasharray="3 3"
          />
        )}
        {drawnBands.map((band) => (
          <rect
            key={band.key}
            data-testid="normal-band"
            x={MARGIN.left}
            width={plotRight - MARGIN.left}
            y={yOf(band.high)}
            height={Math.max(0, yOf(band.low) - yOf(band.high))}
            fill="var(--oc-color-normal)"
            opacity={0.12}
          />
        ))}
        {y.ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={MARGIN.left}
              x2={plotRight}
              y1={yOf(tick)}
              y2={yOf(tick)}
              stroke="var(--oc-color-border)"
              strokeWidth={1}
            />
            <text
              x={MARGIN.left - 6}
              y={yOf(tick)}
              dy="0.32em"
              textAnchor="end"
              fontSize={11}
              fill="var(--mantine-color-dimmed)"
            >
              {formatValue(tick)}
            </text>
          </g>
        ))}
        {xTicks.map((tick, i) => (
          <text
            key={tick}
            x={xOf(tick)}
            y={HEIGHT - 8}
            textAnchor={i === 0 ? 'start' : i === xTicks.length - 1 ? 'end' : 'middle'}
            fontSize={11}
            fill="var(--mantine-color-dimmed)"
          >
            {isolate(formatDate(new Date(tick)))}
          </text>
        ))}
        {lines.map((line, index) => {
          const drawn = points.filter((p) => p.values[line.key] !== undefined);
          return (
            <polyline
              key={line.key}
              points={drawn.map((p) => `${xOf(p.at)},${yOf(p.values[line.key]!)}`).join(' ')}
              fill="none"
              stroke={lineColor(index)}
              strokeWidth={2}
              strokeDasharray={lineDash(index)}
              strokeLinejoin="round"
            />
          );
        })}
        {lines.map((line) =>
          points
            .filter((p) => p.values[line.key] !== undefined)
            .map((p) => (
              <circle
                key={`${line.key}-${p.id}`}
                data-testid="chart-point"
                data-range={p.rangeClass ?? 'none'}
                cx={xOf(p.at)}
                cy={yOf(p.values[line.key]!)}
                r={4.5}
                fill={rangeColor(p.rangeClass)}
                stroke="var(--mantine-color-body)"
                strokeWidth={1.5}
              >
                <title>{p.label}</title>
              </circle>
            )),
        )}
      </svg>
    </div>
  );
}
