import { Chip, Group, Input, Text } from '@mantine/core';
import type { AppointmentSlot } from '@opencare/schemas/entities/settings';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../api/trpc';
import { QueryView } from '../../components/data/load-state';
import { formatTime } from './format';

interface SlotPickerProps {
  providerId: string | null;
  date: string;
  /** The chosen slot's start (ISO), or null. */
  value: string | null;
  onChange: (startsAt: string) => void;
  error?: string;
}

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The provider's free slots on a day, as a group of radio chips, each in 12-hour form. The server
 * leaves out the taken and the past ones.
 */
export function SlotPicker({ providerId, date, value, onChange, error }: SlotPickerProps) {
  const { t } = useTranslation('appointments');
  const id = useId();
  return (
    <Input.Wrapper id={id} label={t('slots.label')} error={error} withAsterisk>
      <div style={{ paddingTop: 4 }}>
        {providerId === null || !isDate(date) ? (
          <Text c="dimmed" size="sm">
            {t('slots.choose')}
          </Text>
        ) : (
          <FreeSlots providerId={providerId} date={date} value={value} onChange={onChange} errorId={error ? `${id}-error` : undefined} />
        )}
      </div>
    </Input.Wrapper>
  );
}

/** The free slots of one provider and day (`appointments.slots`), fetched again when one was taken. */
function FreeSlots({
  providerId,
  date,
  value,
  onChange,
  errorId,
}: {
  providerId: string;
  date: string;
  value: string | null;
  onChange: (startsAt: string) => void;
  errorId: string | undefined;
}) {
  const { t } = useTranslation('appointments');
  const slots = trpc.appointments.slots.useQuery({ date, providerId });
  return (
    <QueryView query={slots} loading={t('slots.loading')}>
      {(data) => <SlotChoices slots={data} value={value} onChange={onChange} errorId={errorId} />}
    </QueryView>
  );
}

interface SlotChoicesProps {
  slots: AppointmentSlot[];
  value: string | null;
  onChange: (startsAt: string) => void;
  /** The message under the times, if any: the group is marked invalid (a form's first-error focus lands on its first time) and described by it. */
  errorId: string | undefined;
}

function SlotChoices({ slots, value, onChange, errorId }: SlotChoicesProps) {
  const { t, i18n } = useTranslation('appointments');
  if (slots.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="no-slots">
        {t('slots.none')}
      </Text>
    );
  }
  return (
    <Chip.Group multiple={false} value={value} onChange={onChange}>
      <Group
        gap={6}
        data-testid="slots"
        role="radiogroup"
        aria-label={t('slots.label')}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      >
        {slots.map((slot) => (
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
