import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { HeldReading } from '@opencare/schemas/entities/held-readings';
import { fieldRule } from '@opencare/schemas/entities/measurements';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../api/error-message';
import { useNotifications } from '../../../components/notifications/use-notify';
import { ConfirmDialog } from '../care-plan/confirm-dialog';
import { useMeasurementName } from '../shared/use-measurement-name';
import { useReadingFormat } from '../shared/use-reading-format';
import { useAcceptHeldReading, useRejectHeldReading } from './held-readings-queries';

/**
 * One held reading: what the device sent, why it is held (values outside limits, or a shared meter's
 * reading under another person's user number), accept or reject. Another user's reading can only be
 * rejected: it is someone else's, so accepting it is not offered (the server refuses it too).
 */
export function HeldReadingItem({ reading }: { reading: HeldReading }) {
  const { t } = useTranslation('patients');
  const { t: tc } = useTranslation();
  const format = useReadingFormat();
  const measurementName = useMeasurementName();
  const { notify } = useNotifications();
  const accept = useAcceptHeldReading();
  const reject = useRejectHeldReading();
  const [rejecting, setRejecting] = useState(false);
  const shown = format.reading(reading.type, reading.values);
  const input = { patientId: reading.patientId, readingId: reading.id };
  const otherUser = reading.reason === 'otherUser';

  return (
    <Paper withBorder radius="sm" p="sm" data-testid="held-reading" data-reading-id={reading.id}>
      <Stack gap={4}>
        <Text fw={600}>
          {measurementName(reading.type)} · <span data-testid="held-reading-value">{shown.main}</span>
          {shown.extra.length > 0 && ` · ${shown.extra.join(' · ')}`}
        </Text>
        <Text size="sm" c="dimmed">
          {reading.device
            ? t('heldReadings.takenWith', {
                date: format.dateTime(reading.takenAt),
                device: reading.device.name,
              })
            : t('heldReadings.taken', { date: format.dateTime(reading.takenAt) })}
        </Text>
        {otherUser && (
          <Text size="sm" c="orange.8" data-testid="held-reading-other-user">
            {t('heldReadings.otherUser', {
              index: format.number(reading.userIndex ?? 0, 0),
              slot: format.number(reading.userSlot ?? 0, 0),
            })}
          </Text>
        )}
        {reading.outOfLimits.map((field) => {
          const rule = fieldRule(reading.type, field);
          const value = reading.values[field];
          if (!rule || value === undefined) return null;
          return (
            <Text size="sm" c="red" key={field} data-testid="held-reading-limit">
              {t('heldReadings.outside', {
                field: format.keyLabel(field),
                value: format.quantity(reading.type, field, value),
                min: format.value(reading.type, field, rule.min),
                max: format.value(reading.type, field, rule.max),
                unit: format.unit(reading.type, field),
              })}
            </Text>
          );
        })}
        {reading.deviceTakenAt && (
          <Text size="sm" c="dimmed">
            {t('heldReadings.deviceClock', { date: format.dateTime(reading.deviceTakenAt) })}
          </Text>
        )}
        {accept.error && (
          <Alert color="red" variant="light" role="alert">
            {errorMessageOf(tc, accept.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button
            size="compact-sm"
            variant="default"
            color="red"
            onClick={() => setRejecting(true)}
            disabled={accept.isPending}
          >
            {t('heldReadings.reject')}
          </Button>
          {!otherUser && (
            <Button
              size="compact-sm"
              loading={accept.isPending}
              onClick={() =>
                accept.mutate(input, {
                  onSuccess: () =>
                    notify({ id: `held-${reading.id}`, message: t('heldReadings.accepted'), tone: 'success' }),
                })
              }
            >
              {t('heldReadings.accept')}
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={rejecting}
        title={t('heldReadings.rejectTitle')}
        body={t('heldReadings.rejectBody', { reading: `${measurementName(reading.type)} ${shown.main}` })}
        confirmLabel={t('heldReadings.rejectConfirm')}
        onClose={() => setRejecting(false)}
        onConfirm={async () => {
          await reject.mutateAsync(input);
          setRejecting(false);
          notify({ id: `held-${reading.id}`, message: t('heldReadings.rejected'), tone: 'success' });
        }}
      />
    </Paper>
  );
}
