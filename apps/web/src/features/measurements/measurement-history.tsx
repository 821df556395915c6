import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Measurement, MeasurementType } from '@opencare/schemas/entities/measurements';
import { useTranslation } from 'react-i18next';
import { ActivityIcon } from '../../components/icons/icons';
import { EmptyState } from '../../components/page/empty-state';
import { LoadFailed, Loading } from '../../components/data/load-state';
import { usePreferences } from '../../session/use-preferences';
import { UNIT_KEYS, formatTakenAt, shownValues } from './format';
import { useMeasurementHistory } from './measurement-queries';
import { PhotoThumbnail } from './photo-thumbnail';
import { RangeBadge } from './range-badge';

/** The patient's readings, newest first, of the chosen type (or all), a page at a time. */
export function MeasurementHistory({ type, patientId }: { type: MeasurementType | null; patientId?: string }) {
  const { t } = useTranslation('measurements');
  const history = useMeasurementHistory(type, patientId);
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  // A page that failed to come shows the failure, as the first one would.
  const failed = history.status === 'error' || history.isFetchNextPageError;

  const title = type ? t('history.titleOf', { type: t(`types.${type}`) }) : t('history.title');
  return (
    <Stack gap="sm" component="section" aria-labelledby="measurement-history-title">
      <Title order={2} size="h4" id="measurement-history-title">
        {title}
      </Title>
      {history.status === 'pending' && <Loading label={t('history.loading')} />}
      {failed && (
        <LoadFailed
          error={history.error}
          onRetry={() => void (history.isFetchNextPageError ? history.fetchNextPage() : history.refetch())}
        />
      )}
      {!failed && history.status === 'success' && items.length === 0 && (
        <EmptyState order={3} icon={<ActivityIcon size={28} />} title={t('history.empty')} hint={t('history.emptyHint')} />
      )}
      {!failed && items.length > 0 && (
        <>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={title} data-testid="measurement-history">
            {items.map((measurement) => (
              <HistoryItem key={measurement.id} measurement={measurement} showType={type === null} />
            ))}
          </Stack>
          {history.hasNextPage && (
            <Button
              variant="default"
              onClick={() => void history.fetchNextPage()}
              loading={history.isFetchingNextPage}
              w="fit-content"
            >
              {t('history.more')}
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}

function HistoryItem({ measurement, showType }: { measurement: Measurement; showType: boolean }) {
  const { t, i18n } = useTranslation('measurements');
  const { preferences } = usePreferences();
  const colour = measurement.rangeClass ? `var(--oc-color-${measurement.rangeClass})` : 'var(--oc-color-border)';
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      radius="md"
      data-testid="history-item"
      data-range={measurement.rangeClass ?? undefined}
      // The range colour runs down the start edge, so a list of readings reads at a glance.
      style={{ borderInlineStartWidth: 4, borderInlineStartColor: colour }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          {showType && (
            <Text size="sm" fw={600}>
              {t(`types.${measurement.type}`)}
            </Text>
          )}
          <Group gap="md" wrap="wrap">
            {shownValues(measurement, preferences, i18n.language).map((value) => (
              <Text key={value.field} fw={700} size="lg" data-testid="history-value">
                <bdi>{value.value}</bdi> <Text span size="sm" fw={400} c="dimmed"><bdi>{t(`units.${UNIT_KEYS[value.unit]}`)}</bdi></Text>
              </Text>
            ))}
          </Group>
          <Text size="sm" c="dimmed">
            <bdi>{formatTakenAt(measurement.takenAt, i18n.language)}</bdi>
            {measurement.meal && ` · ${t(`meal.${measurement.meal}`)}`}
            {` · ${t(`history.source.${measurement.source}`)}`}
          </Text>
          {measurement.note && <Text size="sm">{measurement.note}</Text>}
          {measurement.fileId && (
            <PhotoThumbnail
              fileId={measurement.fileId}
              alt={t('camera.photoOf', { date: formatTakenAt(measurement.takenAt, i18n.language) })}
            />
          )}
        </Stack>
        {measurement.rangeClass && <RangeBadge rangeClass={measurement.rangeClass} />}
      </Group>
    </Paper>
  );
}

