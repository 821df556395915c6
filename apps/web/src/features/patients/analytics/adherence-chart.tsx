import { useElementSize } from '@mantine/hooks';
import type { Analytics } from '@opencare/schemas/entities/analytics';
import { isolate, linear } from '../shared/chart-scale';

interface AdherenceChartProps {
  weeks: Analytics['adherenceByWeek'];
  targetPercent: number;
  summary: string;
  targetLabel: string;
  formatWeek: (weekStart: string) => string;
  formatPercent: (value: number) => string;
}

const HEIGHT = 220;
const MARGIN = { top: 16, right: 8, bottom: 28, left: 40 };

/**
 * Task adherence per week as bars from 0 to 100 %, with the organisation's target as a dashed line.
 * A week with nothing due has no bar. Weeks run left to right in every language (a time axis), so
 * the chart stays left-to-right in Arabic; the table beside it follows the page.
 */
export function AdherenceChart({
  weeks,
  targetPercent,
  summary,
  targetLabel,
  formatWeek,
  formatPercent,
}: AdherenceChartProps) {
  const { ref, width: measured } = useElementSize();
  const width = Math.max(260, measured || 600);
  const plotRight = width - MARGIN.right;
  const plotBottom = HEIGHT - MARGIN.bottom;
  const yOf = linear([0, 100], [plotBottom, MARGIN.top]);
  const slot = (plotRight - MARGIN.left) / Math.max(1, weeks.length);
  const barWidth = Math.max(4, Math.min(40, slot * 0.6));
  // Label every week while they fit, else every second or third.
  const labelEvery = Math.max(1, Math.ceil(80 / slot));
  // A label near the far edge is anchored there, so it is not cut off (the near edge has the axis's room).
  const anchorAt = (x: number) => (x > plotRight - 32 ? 'end' : 'middle');

  return (
    <div ref={ref} dir="ltr" style={{ width: '100%' }} data-testid="adherence-chart">
      <svg width={width} height={HEIGHT} role="img" aria-label={summary} style={{ display: 'block' }}>
        {[0, 25, 50, 75, 100].map((tick) => (
          <g key={tick}>
            <line
              x1={MARGIN.left}
              x2={plotRight}
              y1={yOf(tick)}
              y2={yOf(tick)}
              stroke="var(--oc-color-border)"
            />
            <text
              x={MARGIN.left - 6}
              y={yOf(tick)}
              dy="0.32em"
              textAnchor="end"
              fontSize={11}
              fill="var(--mantine-color-dimmed)"
            >
              {formatPercent(tick)}
            </text>
          </g>
        ))}
        {weeks.map((week, index) => {
          const center = MARGIN.left + slot * (index + 0.5);
          return (
            <g key={week.weekStart}>
              {week.percent !== null && (
                <rect
                  data-testid="adherence-bar"
                  x={center - barWidth / 2}
                  width={barWidth}
                  y={yOf(week.percent)}
                  height={Math.max(0, plotBottom - yOf(week.percent))}
                  fill="var(--oc-color-primary)"
                  rx={2}
                >
                  <title>{`${formatWeek(week.weekStart)}: ${formatPercent(week.percent)}`}</title>
                </rect>
              )}
              {index % labelEvery === 0 && (
                <text
                  x={center}
                  y={HEIGHT - 8}
                  textAnchor={anchorAt(center)}
                  fontSize={11}
                  fill="var(--mantine-color-dimmed)"
                >
                  {isolate(formatWeek(week.weekStart))}
                </text>
              )}
            </g>
          );
        })}
        <line
          x1={MARGIN.left}
          x2={plotRight}
          y1={yOf(targetPercent)}
          y2={yOf(targetPercent)}
          stroke="var(--oc-color-warning)"
          strokeWidth={2}
          strokeDasharray="6 4"
        />
        <text
          x={plotRight}
          y={yOf(targetPercent) - 5}
          textAnchor="end"
          fontSize={11}
          fill="var(--oc-color-warning)"
          // A halo in the page's colour keeps the label legible where it crosses a bar.
          stroke="var(--mantine-color-body)"
          strokeWidth={3}
          paintOrder="stroke"
        >
          {isolate(targetLabel)}
        </text>
      </svg>
    </div>
  );
}
