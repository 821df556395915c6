import { Badge, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsSection } from '../../settings/settings-section';
import { CalendarIcon } from '../../../components/icons/icons';
import { EmptyState } from '../../../components/page/empty-state';
import { today } from '../../../session/calendar-date';
import { formatTimeOfDay } from '../format';
import { trpc } from '../../../api/trpc';
import { QueryView } from '../../../components/data/load-state';
import { settled } from '../settings-queries';
import { DateField } from '../../../components/dates/date-field';

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The slots the server offers on a chosen day, fetched again after each save of the settings above. */
export function SlotPreview() {
  const { t, i18n } = useTranslation('system');
  const [date, setDate] = useState(today);
  const slots = trpc.appointments.slots.useQuery({ date }, { enabled: isDate(date) });
  return (
    <SettingsSection
      title={t('appointmentManagement.preview.title')}
      description={t('appointmentManagement.preview.description')}
    >
      <Stack gap="md">
        <DateField
          label={t('appointmentManagement.previewDate')}
          value={date}
          onChange={setDate}
          maw={240}
          data-testid="slot-preview-date"
        />
        <QueryView query={isDate(date) ? slots : settled([])}>
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
        </QueryView>
      </Stack>
    </SettingsSection>
  );
}
