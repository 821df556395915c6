import { Checkbox, Group, NativeSelect, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AreaFormApi } from '../area-form';
import { numberField, textField } from '../field-props';
import { formatUnit, weekdayNames } from '../format';

const SLOT_STEPS = [5, 10, 15, 20, 30, 45, 60] as const;
type SlotStep = (typeof SLOT_STEPS)[number];
const isSlotStep = (n: number): n is SlotStep => (SLOT_STEPS as readonly number[]).includes(n);

export function AppointmentFields({ form }: { form: AreaFormApi<'appointmentManagement'> }) {
  const { t, i18n } = useTranslation('system');
  const days = weekdayNames(i18n.language);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NativeSelect
          name="slotStepMinutes"
          label={t('appointmentManagement.slotStep')}
          description={t('appointmentManagement.slotStepHint')}
          value={String(form.values.slotStepMinutes)}
          onChange={(event) => {
            const step = Number(event.currentTarget.value);
            if (isSlotStep(step)) form.set('slotStepMinutes', step);
          }}
          data={SLOT_STEPS.map((step) => ({
            value: String(step),
            label: formatUnit(step, 'minute', i18n.language),
          }))}
          error={form.error('slotStepMinutes')}
        />
        <TextInput
          {...textField(form, 'workdayStart')}
          type="time"
          label={t('appointmentManagement.workdayStart')}
          description={t('appointmentManagement.workdayHint')}
          required
          dir="ltr"
        />
        <TextInput
          {...textField(form, 'workdayEnd')}
          type="time"
          label={t('appointmentManagement.workdayEnd')}
          description={t('appointmentManagement.workdayHint')}
          required
          dir="ltr"
        />
      </SimpleGrid>
      <Checkbox.Group
        label={t('appointmentManagement.workingDays')}
        description={t('appointmentManagement.workingDaysHint')}
        value={typeof form.values.workingDays === 'string' ? [] : form.values.workingDays.map(String)}
        onChange={(value) =>
          form.set(
            'workingDays',
            value.map(Number).sort((a, b) => a - b),
          )
        }
        error={form.error('workingDays')}
        data-testid="working-days"
      >
        <Group gap="md" mt={8}>
          {days.map((name, day) => (
            <Checkbox key={name} value={String(day)} label={name} />
          ))}
        </Group>
      </Checkbox.Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          {...numberField(form, 'maxOpenAppointmentsPerPatient')}
          label={t('appointmentManagement.maxOpenAppointments')}
          description={t('appointmentManagement.maxOpenAppointmentsHint')}
          min={1}
          max={100}
          required
        />
      </SimpleGrid>
    </Stack>
  );
}
