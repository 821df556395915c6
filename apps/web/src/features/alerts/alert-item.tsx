import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Alert } from '@opencare/schemas/entities/measurements';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CheckIcon } from '../../components/icons/icons';
import { RangeBadge, rangeColor } from '../patients/shared/range-class';
import { useMeasurementName } from '../patients/shared/use-measurement-name';
import { useReadingFormat } from '../patients/shared/use-reading-format';
import { pathTo } from '../../route-paths';

interface AlertItemProps {
  alert: Alert;
  /** Whether the patient's name links to their snapshot (physicians and nurses). */
  linkPatient: boolean;
  acknowledging: boolean;
  /** Left out when the acting role may not acknowledge (no Update permission): no button then. */
  onAcknowledge?: () => void;
}

/**
 * One alert: whose reading, its value in the reader's units and range colour (with the range in
 * words, as colour alone reaches not everyone), when it was taken, and what the care team did.
 */
export function AlertItem({ alert, linkPatient, acknowledging, onAcknowledge }: AlertItemProps) {
  const { t } = useTranslation('alerts');
  const format = useReadingFormat();
  const typeName = useMeasurementName();
  const { main, extra } = format.reading(alert.type, alert.values);
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
      data-status={alert.acknowledgedAt ? 'acknowledged' : 'open'}
      style={{ borderInlineStart: `4px solid ${color}` }}
    >
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: '1 1 14rem' }}>
          <Group gap="xs" wrap="wrap">
            {name}
            <Text span size="sm" c="dimmed">
              {typeName(alert.type)}
            </Text>
          </Group>
          <Group gap="xs" wrap="wrap" align="center">
            <Text span size="lg" fw={700} style={{ color }} data-testid="alert-value">
              <bdi dir="ltr">{main}</bdi>
            </Text>
            <RangeBadge rangeClass={alert.rangeClass} />
          </Group>
          {extra.map((line) => (
            <Text key={line} size="sm" c="dimmed">
              <bdi>{line}</bdi>
            </Text>
          ))}
          <Text size="xs" c="dimmed">
            {t('takenAt', { time: `\u2068${format.dateTime(alert.takenAt)}\u2069` })}
          </Text>
        </Stack>
        {alert.acknowledgedAt ? (
          <Group gap={6} wrap="nowrap" c="teal.8" data-testid="alert-acknowledged">
            <CheckIcon size={18} />
            <Text size="sm">
              {t('acknowledgedAt', { time: `\u2068${format.dateTime(alert.acknowledgedAt)}\u2069` })}
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
      </Group>
    </Paper>
  );
}
