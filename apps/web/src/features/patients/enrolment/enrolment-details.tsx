import { Badge, Group, Stack, Text } from '@mantine/core';
import type { Enrolment } from '@opencare/schemas/entities/enrolment';
import { useTranslation } from 'react-i18next';
import { useMeasurementName } from '../shared/use-measurement-name';
import { useReadingFormat } from '../shared/use-reading-format';

/** One episode as both sides read it: what is monitored, from when, who leads it, and the consent. */
export function EnrolmentDetails({ enrolment }: { enrolment: Enrolment }) {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  const measurementName = useMeasurementName();
  const { consent } = enrolment;
  return (
    <Stack gap={4} data-testid="enrolment" data-status={enrolment.status}>
      <Group gap="xs">
        <Badge variant="light" color={enrolment.status === 'active' ? 'teal' : enrolment.status === 'ended' ? 'gray' : 'yellow'} tt="none">
          {t(`enrolment.status.${enrolment.status}`)}
        </Badge>
        <Text size="sm">{t('enrolment.since', { date: format.day(enrolment.startDate) })}</Text>
      </Group>
      <Text size="sm">
        <Text span fw={600}>
          {t('enrolment.conditions')}:
        </Text>{' '}
        <bdi>{enrolment.conditions.join(', ')}</bdi>
      </Text>
      <Text size="sm">
        <Text span fw={600}>
          {t('enrolment.measurements')}:
        </Text>{' '}
        {enrolment.measurementTypes.map(measurementName).join(', ')}
      </Text>
      {enrolment.devices.length > 0 && (
        <Text size="sm">
          <Text span fw={600}>
            {t('enrolment.devices')}:
          </Text>{' '}
          <bdi>{enrolment.devices.join(', ')}</bdi>
        </Text>
      )}
      <Text size="sm">
        <Text span fw={600}>
          {t('enrolment.primaryProvider')}:
        </Text>{' '}
        <bdi>{enrolment.primaryProviderName}</bdi>
      </Text>
      <Text size="sm" data-testid="enrolment-consent">
        {consent
          ? consent.method === 'verbal'
            ? t('enrolment.consentVerbal', { at: format.dateTime(consent.at), by: consent.recordedByName, witness: consent.witness ?? '' })
            : t('enrolment.consentApp', { at: format.dateTime(consent.at) })
          : t('enrolment.consentAwaited')}
      </Text>
      {enrolment.consentWithdrawnAt && (
        <Text size="sm" fw={600}>
          {t('enrolment.withdrawn', { at: format.dateTime(enrolment.consentWithdrawnAt) })}
        </Text>
      )}
    </Stack>
  );
}
