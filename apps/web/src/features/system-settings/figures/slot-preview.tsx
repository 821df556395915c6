import { Badge, Group, Stack, Text, TextInput } from '@mantine/core';
import type { Settings } from '@opencare/schemas/entities/settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsSection } from '../../settings/settings-section';
import { CalendarIcon } from '../../../components/icons/icons';
import { EmptyState } from '../../../components/page/empty-state';
import { today } from '../../../session/calendar-date';
import { formatTimeOfDay } from '../format';
import { fetchAppointmentSlots } from '../settings-api';
import { useLoaded } from '../../../components/data/use-loaded';
import { LoadedView } from '../loaded-view';

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The slots the server offers on a chosen day, fetched again after each save of the settings above. */
export function SlotPreview({ saved }: { saved: Settings['appointmentManagement'] }) {
  const { t, i18n } = useTranslation('system');
  const [date, setDate] = useState(today);
  const loaded = useLoaded(
    () => (isDate(date) ? fetchAppointmentSlots(date) : Promise.resolve([])),
    [date, saved],
  );
  return (
    <SettingsSection
      title={t('appointmentManagement.preview.title')}
      description={t('appointmentManagement.preview.description')}
    >
      <Stack gap="md">
        <TextInput
          type="date"
          label={t('appointmentManagement.previewDate')}
          value={date}
          onChange={(event) => setDate(event.currentTarget.value)}
          maw={240}
          dir="ltr"
          data-testid="slot-preview-date"
        />
        <LoadedView loaded={loaded} testId="slot-preview">
          {(slots) =>
            slots.length === 0 ? (
              <EmptyState
                order={3}
                icon={<CalendarIcon size={28} />}
                title={t('appointmentManagement.noSlots')}
                hint={t('appointmentManagement.noSlotsHint')}
              />
            ) : (
              <Stack gap="xs" data-testid="slot-preview" data-count={slots.length}>
                <Text size="sm" c="dimmed">
                  {t('appointmentManagement.slotCount', { slots: slots.length })}
                </Text>
                <Group gap={6}>
                  {slots.map((slot) => (
                    <Badge
                      key={slot.startsAt}
                      variant="light"
                      size="lg"
                      tt="none"
                      data-testid="slot"
                      data-time={slot.time}
                    >
                      {formatTimeOfDay(slot.time, i18n.language)}
                    </Badge>
                  ))}
                </Group>
              </Stack>
            )
          }
        </LoadedView>
      </Stack>
    </SettingsSection>
  );
}
