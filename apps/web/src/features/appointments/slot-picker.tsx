import { Chip, Group, Input, Text } from '@mantine/core';
import type { AppointmentSlot } from '@opencare/schemas/entities/settings';
import { useTranslation } from 'react-i18next';
import { fetchFreeSlots } from './appointments-api';
import { formatTime } from './format';
import { LoadFailed, Loading } from './load-state';
import { useLoaded, type Loaded } from '../../components/data/use-loaded';

interface SlotPickerProps {
  providerId: string | null;
  date: string;
  /** The chosen slot's start (ISO), or null. */
  value: string | null;
  onChange: (startsAt: string) => void;
  /** Bumped by the caller to fetch the free slots again (after a slot was taken under us). */
  version?: number;
  error?: string;
}

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The provider's free slots on a day, as a group of radio chips, each in 12-hour form. The server
 * leaves out the taken and the past ones.
 */
export function SlotPicker({ providerId, date, value, onChange, version = 0, error }: SlotPickerProps) {
  const { t } = useTranslation('appointments');
  const ready = providerId !== null && isDate(date);
  const slots = useLoaded<AppointmentSlot[]>(
    () => (ready ? fetchFreeSlots(date, providerId) : Promise.resolve([])),
    [providerId, date, version],
  );
  return (
    <Input.Wrapper label={t('slots.label')} error={error} withAsterisk>
      <div style={{ paddingTop: 4 }}>
        {!ready ? (
          <Text c="dimmed" size="sm">
            {t('slots.choose')}
          </Text>
        ) : (
          <SlotChoices slots={slots} value={value} onChange={onChange} />
        )}
      </div>
    </Input.Wrapper>
  );
}

interface SlotChoicesProps {
  slots: Loaded<AppointmentSlot[]> & { reload: () => void };
  value: string | null;
  onChange: (startsAt: string) => void;
}

function SlotChoices({ slots, value, onChange }: SlotChoicesProps) {
  const { t, i18n } = useTranslation('appointments');
  if (slots.status === 'loading') return <Loading label={t('slots.loading')} />;
  if (slots.status === 'failed') return <LoadFailed error={slots.error} onRetry={slots.reload} />;
  if (slots.data.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="no-slots">
        {t('slots.none')}
      </Text>
    );
  }
  return (
    <Chip.Group multiple={false} value={value} onChange={onChange}>
      <Group gap={6} data-testid="slots" role="radiogroup" aria-label={t('slots.label')}>
        {slots.data.map((slot) => (
          <Chip
            key={slot.startsAt}
            value={slot.startsAt}
            type="radio"
            variant="outline"
            // One width for every time, so the times line up in a grid in any language.
            styles={{ label: { minWidth: '6.5rem', justifyContent: 'center' } }}
            data-testid="slot"
            data-time={slot.time}
          >
            <bdi>{formatTime(slot.startsAt, i18n.language)}</bdi>
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
