import { Anchor, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import type { Alert } from '@opencare/schemas/entities/measurements';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CheckIcon } from '../../components/icons/icons';
import { RangeBadge, rangeColor } from '../patients/shared/range-class';
import { useMeasurementName } from '../patients/shared/use-measurement-name';
import { useReadingFormat } from '../patients/shared/use-reading-format';
import { pathTo } from '../../route-paths';
import { AlertHistory } from './alert-history';
import { AlertTrend } from './alert-trend';

interface AlertItemProps {
  alert: Alert;
  /** Whether the patient's name links to their snapshot (physicians and nurses). */
  linkPatient: boolean;
  acknowledging: boolean;
  /** Left out when the acting role may not change alerts (no Update permission): no buttons then. */
  onAcknowledge?: () => void;
  onAssign?: () => void;
  onResolve?: () => void;
  /** Chosen for acknowledging several at once; left out when it cannot be chosen. */
  selected?: boolean;
  onSelect?: (selected: boolean) => void;
}

/**
 * One alert: whose reading, its value in the reader's units and range colour (with the range in
 * words, as colour alone reaches not everyone), when it was taken, and what the care team did.
 */
export function AlertItem({ alert, linkPatient, acknowledging, onAcknowledge, onAssign, onResolve, selected, onSelect }: AlertItemProps) {
  const { t } = useTranslation('alerts');
  const format = useReadingFormat();
  const measurementName = useMeasurementName();
  // A "no readings" alert has no value: it says since when the patient has been silent.
  const noReadings = alert.type === 'noReadings';
  const typeName = (type: Alert['type']) => (type === 'noReadings' ? t('noReadings.type') : measurementName(type));
  const { main, extra } = noReadings
    ? { main: t('noReadings.since', { time: `\u2068${format.dateTime(alert.takenAt)}\u2069` }), extra: [] }
    : format.reading(alert.type, alert.values);
  const color = rangeColor(alert.rangeClass);
  const name = linkPatient ? (
    <Anchor component={Link} to={pathTo('patientProfile', { patientId: alert.patientId })} fw={600}>
      {alert.patientName}
    </Anchor>
  ) : (
    <Text span fw={600}>
      {alert.patientName}
    </Text>
  );

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      data-testid="alert-item"
      data-alert-id={alert.id}
      data-range={alert.rangeClass}
      data-status={alert.resolvedAt ? 'resolved' : alert.acknowledgedAt ? 'acknowledged' : 'open'}
      style={{ borderInlineStart: `4px solid ${color}` }}
    >
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: '1 1 14rem' }}>
          <Group gap="xs" wrap="wrap">
            {onSelect && !alert.acknowledgedAt && (
              <Checkbox
                checked={selected ?? false}
                onChange={(event) => onSelect(event.currentTarget.checked)}
                aria-label={t('select', { name: alert.patientName, type: typeName(alert.type) })}
              />
            )}
            {name}
            <Text span size="sm" c="dimmed">
              {typeName(alert.type)}
            </Text>
            {alert.assignedTo && (
              <Text span size="xs" c="dimmed" data-testid="alert-assignee-name">
                {t('assignedTo', { name: alert.assignedTo.name })}
              </Text>
            )}
          </Group>
          <Group gap="xs" wrap="wrap" align="center">
            <Text span size="lg" fw={700} style={{ color }} data-testid="alert-value">
              <bdi dir="ltr">{main}</bdi>
            </Text>
            {!noReadings && <RangeBadge rangeClass={alert.rangeClass} />}
          </Group>
          {extra.map((line) => (
            <Text key={line} size="sm" c="dimmed">
              <bdi>{line}</bdi>
            </Text>
          ))}
          {!noReadings && (
            <Text size="xs" c="dimmed">
              {t('takenAt', { time: `\u2068${format.dateTime(alert.takenAt)}\u2069` })}
            </Text>
          )}
          <AlertTrend alert={alert} />
          <AlertHistory alert={alert} />
        </Stack>
        <Stack gap={6} align="flex-end">
          {alert.acknowledgedAt ? (
            <Group gap={6} wrap="nowrap" c="teal.8" data-testid="alert-acknowledged">
              <CheckIcon size={18} />
              <Text size="sm">
                {t(alert.resolvedAt ? 'resolvedAt' : 'acknowledgedAt', {
                  time: `\u2068${format.dateTime(alert.resolvedAt ?? alert.acknowledgedAt)}\u2069`,
                })}
              </Text>
            </Group>
          ) : (
            onAcknowledge && (
              <Button
                variant="light"
                loading={acknowledging}
                onClick={onAcknowledge}
                aria-label={t('acknowledgeFor', { name: alert.patientName })}
              >
                {t('acknowledge')}
              </Button>
            )
          )}
          {!alert.resolvedAt && (onAssign || onResolve) && (
            <Group gap="xs" wrap="nowrap">
              {onAssign && (
                <Button variant="subtle" size="compact-sm" onClick={onAssign} aria-label={t('assignFor', { name: alert.patientName })}>
                  {t('assign')}
                </Button>
              )}
              {onResolve && (
                <Button variant="subtle" size="compact-sm" onClick={onResolve} aria-label={t('resolveFor', { name: alert.patientName })}>
                  {t('resolve')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
