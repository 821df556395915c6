import { NumberInput, type NumberInputProps } from '@mantine/core';
import { USER_SLOT_MAX, USER_SLOT_MIN } from '@opencare/schemas/entities/gateways';
import { useTranslation } from 'react-i18next';

/** What the user number box holds: a number, or '' (empty: one person uses the meter), or text being typed. */
export type UserSlotValue = number | string;

/**
 * The body's userSlot from the box: empty is "not set" (null), a number as is, anything else sent as
 * typed so the shared schema words the mistake.
 */
export function userSlotOf(value: UserSlotValue): number | string | null {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? null : value;
}

/**
 * The patient's user number on a meter several people share (issue 21 part 5): the edge keeps
 * readings taken under another user's number out of the patient's record. Optional.
 */
export function UserSlotInput(props: Omit<NumberInputProps, 'label' | 'description'>) {
  const { t } = useTranslation('gateways');
  return (
    <NumberInput
      {...props}
      label={t('devices.userSlot')}
      description={t('devices.userSlotHint')}
      min={USER_SLOT_MIN}
      max={USER_SLOT_MAX}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      maw={240}
      data-testid="user-slot-input"
    />
  );
}
