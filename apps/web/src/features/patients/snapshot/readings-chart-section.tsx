import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Series, SeriesQuery } from '@opencare/schemas/entities/patients';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../../api/trpc';
import { QueryView } from '../../../components/data/load-state';
import { ChoiceChips } from '../../../components/form/choice-chips';
import { SectionCard } from '../shared/section-card';
import { chartKeysOf, scaleOf } from '../shared/units';
import { useMeasurementName } from '../shared/use-measurement-name';
import { useReadingFormat, type ReadingFormat } from '../shared/use-reading-format';
import { ChartLegend } from './chart-legend';
import { ReadingsChart, type ChartLine, type ChartPoint } from './readings-chart';
import { ReadingsTable } from './readings-table';

export const CHART_PERIODS = [7, 30, 90] as const;

interface ReadingsChartSectionProps {
  patientId: string;
  /** The measurement types the patient has readings of. */
  types: string[];
  /**
   * When the snapshot was last loaded: the period ends then, so a snapshot asked for again (a live
   * event, a resync) brings the chart up to date with it.
   */
  asOf: number;
}

/** Charts over time: one measurement type at a time, over 7, 30 or 90 days, with a table alternative. */
export function ReadingsChartSection({ patientId, types, asOf }: ReadingsChartSectionProps) {
  const { t } = useTranslation('patients');
  const measurementName = useMeasurementName();
  const [chosen, setType] = useState<string | null>(null);
  const [days, setDays] = useState<number>(30);
  const type = chosen && types.includes(chosen) ? chosen : types.includes('bp') ? 'bp' : types[0];

  return (
    <SectionCard title={t('chart.title')} testId="chart-section">
      {type === undefined ? (
        <Text size="sm" c="dimmed">
          {t('chart.none')}
        </Text>
      ) : (
        <Stack gap="sm">
          <Group gap="sm" justify="space-between" align="flex-end">
            {/* Chips wrap onto more lines: every type stays in sight on a phone (issue 17). */}
            {types.length > 1 ? (
              <ChoiceChips
                label={t('chart.type')}
                value={type}
                onChange={setType}
                options={types.map((code) => ({ value: code, label: measurementName(code) }))}
                testId="chart-type"
              />
            ) : (
              <Text fw={600}>{measurementName(type)}</Text>
            )}
            <SegmentedControl
              aria-label={t('chart.period')}
              value={String(days)}
              onChange={(value) => setDays(Number(value))}
              data={CHART_PERIODS.map((n) => ({ value: String(n), label: t(`chart.days.${n}`) }))}
              data-testid="chart-period"
            />
          </Group>
          <SeriesView patientId={patientId} type={type} days={days} asOf={asOf} />
        </Stack>
      )}
    </SectionCard>
  );
}

/** One measurement type over the `days` days up to `asOf`. */
export function seriesInput(patientId: string, type: string, days: number, asOf: number) {
  const to = new Date(asOf);
  const from = new Date(to.getTime() - days * 86_400_000);
  // The types come from the snapshot's readings: the server's own codes.
  return {
    id: patientId,
    query: { type: type as SeriesQuery['type'], from: from.toISOString(), to: to.toISOString() },
  };
}

function SeriesView({
  patientId,
  type,
  days,
  asOf,
}: {
  patientId: string;
  type: string;
  days: number;
  asOf: number;
}) {
  const series = trpc.patients.series.useQuery(seriesInput(patientId, type, days, asOf), {
    // The same chart brought up to date stays on screen until the new answer is there; another
    // type or period starts from the spinner.
    placeholderData: (previous) =>
      previous && previous.type === type && isSpan(previous, days) ? previous : undefined,
  });
  return <QueryView query={series}>{(data) => <SeriesChart series={data} />}</QueryView>;
}

const isSpan = (series: Series, days: number) =>
  Math.round((Date.parse(series.to) - Date.parse(series.from)) / 86_400_000) === days;

/** The series in display units: points, lines and bands as the chart draws them. */
function toChart(series: Series, format: ReadingFormat, rangeName: (rangeClass: string | null) => string) {
  const keys = [...new Set(series.points.flatMap((p) => Object.keys(p.values)))];
  const lineKeys = chartKeysOf(series.type, keys);
  const convert = (key: string, value: number) => scaleOf(series.type, key, format.units).convert(value);
  const lines: ChartLine[] = lineKeys.map((key) => ({ key, label: format.keyLabel(key) }));
  const points: ChartPoint[] = series.points.map((p) => {
    const { main, extra } = format.reading(series.type, p.values);
    return {
      id: p.id,
      at: Date.parse(p.takenAt),
      values: Object.fromEntries(
        lineKeys.flatMap((key) => (p.values[key] === undefined ? [] : [[key, convert(key, p.values[key])]])),
      ),
      rangeClass: p.rangeClass,
      label: [format.dateTime(p.takenAt), main, ...extra, rangeName(p.rangeClass)].join(' · '),
    };
  });
  const bands = Object.fromEntries(
    lineKeys.flatMap((key) => {
      const band = series.normalBands[key];
      return band ? [[key, { low: convert(key, band.low), high: convert(key, band.high) }]] : [];
    }),
  );
  return { lines, points, bands };
}

function SeriesChart({ series }: { series: Series }) {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  const measurementName = useMeasurementName();
  const [tableShown, { toggle }] = useDisclosure(false);
  const tableId = useId();
  const rangeName = (rangeClass: string | null) =>
    t(rangeClass ? `ranges.${rangeClass as 'normal'}` : 'ranges.none');

  if (series.points.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="chart-empty">
        {t('chart.emptyPeriod')}
      </Text>
    );
  }
  const { lines, points, bands } = toChart(series, format, rangeName);
  const latest = series.points.at(-1)!;
  const unit = format.unit(series.type, lines[0]?.key ?? 'value');
  const summary = t('chart.summary', {
    type: measurementName(series.type),
    total: format.number(series.points.length, 0),
    from: format.dateTime(series.from),
    to: format.dateTime(series.to),
    latest: format.reading(series.type, latest.values).main,
    range: rangeName(latest.rangeClass),
  });
  const digits = scaleOf(series.type, lines[0]?.key ?? 'value', format.units).digits;

  return (
    <Stack gap="xs">
      {series.truncated && (
        <Text size="xs" c="dimmed">
          {t('chart.truncated')}
        </Text>
      )}
      <ReadingsChart
        summary={summary}
        points={points}
        lines={lines}
        bands={bands}
        from={Date.parse(series.from)}
        to={Date.parse(series.to)}
        formatValue={(value) => format.number(value, digits)}
        formatDate={format.shortDate}
      />
      <ChartLegend
        lines={lines}
        unit={unit}
        hasBand={Object.keys(bands).length > 0}
        rangeClasses={series.points.map((p) => p.rangeClass)}
      />
      <Group>
        <Button
          variant="subtle"
          size="xs"
          onClick={toggle}
          aria-expanded={tableShown}
          aria-controls={tableId}
        >
          {tableShown ? t('chart.hideTable') : t('chart.showTable')}
        </Button>
      </Group>
      <div id={tableId} hidden={!tableShown}>
        {tableShown && <ReadingsTable type={series.type} readings={[...series.points].reverse()} />}
      </div>
    </Stack>
  );
}
