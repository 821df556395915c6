import { Button, Checkbox, Group, Modal, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  CARE_TIME_MAX_MINUTES,
  CARE_TIME_RULES,
  addCareTimeInputSchema,
  correctCareTimeInputSchema,
  type CareTimeEntry,
} from '@opencare/schemas/entities/care-time';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../../components/form/form-failure';
import { useRuleMessages, type FeatureMessages } from '../../../components/form/use-field-message';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useNotifications } from '../../../components/notifications/use-notify';
import { useReadingFormat } from '../shared/use-reading-format';
import { useAddCareTimeMutation, useCorrectCareTimeMutation } from './care-time-queries';

function SaveOrCancel({ onCancel, submitting }: { onCancel: () => void; submitting: boolean }) {
  const { t } = useTranslation('patients');
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={submitting}>
        {t('carePlan.cancel')}
      </Button>
      <Button type="submit" loading={submitting}>
        {t('careTime.save')}
      </Button>
    </Group>
  );
}

/** The time rules of care-time.ts in the reader's words. */
function useCareTimeMessages(): FeatureMessages {
  const { t } = useTranslation('patients');
  return useRuleMessages(CARE_TIME_RULES, useCallback((key: keyof typeof CARE_TIME_RULES) => t(`careTime.errors.${key}`), [t]));
}

/** `datetime-local` wants the browser's local time without a zone: YYYY-MM-DDTHH:mm. */
function localInputValue(at: Date): string {
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

interface AddValues {
  startedAt: string;
  minutes: number | string;
  interactive: boolean;
  reason: string;
}

/** Time spent on the patient away from the product (a phone call, a review with a colleague), with why. */
export function AddCareTimeForm({ patientId, opened, onClose }: { patientId: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('patients');
  const { notify } = useNotifications();
  const add = useAddCareTimeMutation();
  const initial: AddValues = { startedAt: localInputValue(new Date(Date.now() - 30 * 60_000)), minutes: '', interactive: false, reason: '' };
  const { field, formRef, onSubmit, submitting, failureText, reset } = useSchemaForm({
    schema: addCareTimeInputSchema,
    initialValues: initial,
    toBody: (values) => ({
      ...values,
      // The browser's local time as an instant; an empty or half-typed box stays as typed, for its message.
      startedAt: Number.isNaN(Date.parse(values.startedAt)) ? values.startedAt : new Date(values.startedAt).toISOString(),
      minutes: values.minutes === '' ? undefined : values.minutes,
    }),
    messages: useCareTimeMessages(),
    submit: (body) => add.mutateAsync({ patientId, ...body }),
    onSuccess: () => {
      notify({ id: 'care-time-added', message: t('careTime.added'), tone: 'success' });
      close();
    },
  });
  const close = () => {
    reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('careTime.addTitle')} closeButtonProps={{ 'aria-label': t('carePlan.close') }}>
      <form ref={formRef} onSubmit={onSubmit} noValidate data-testid="add-care-time-form">
        <Stack gap="sm">
          <FormFailure text={failureText} />
          <TextInput {...field('startedAt')} type="datetime-local" label={t('careTime.startedAt')} dir="ltr" required />
          <NumberInput
            {...field('minutes')}
            label={t('careTime.minutesField')}
            min={1}
            max={CARE_TIME_MAX_MINUTES}
            allowDecimal={false}
            dir="ltr"
            required
          />
          <Checkbox {...field('interactive', { type: 'checkbox' })} label={t('careTime.interactiveField')} />
          <Textarea {...field('reason')} label={t('careTime.reason')} description={t('careTime.reasonHint')} minRows={2} maxLength={500} required />
          <SaveOrCancel onCancel={close} submitting={submitting} />
        </Stack>
      </form>
    </Modal>
  );
}

interface CorrectValues {
  minutes: number | string;
  reason: string;
}

/** Fewer minutes than first counted (never more), with why: the entry keeps both. */
export function CorrectCareTimeForm({ patientId, entry, onClose }: { patientId: string; entry: CareTimeEntry; onClose: () => void }) {
  const { t } = useTranslation('patients');
  const { notify } = useNotifications();
  const format = useReadingFormat();
  const correct = useCorrectCareTimeMutation(patientId);
  const firstCounted = Math.floor((entry.originalSeconds ?? entry.seconds) / 60);
  const initialValues: CorrectValues = { minutes: Math.floor(entry.seconds / 60), reason: '' };
  const { field, formRef, onSubmit, submitting, failureText } = useSchemaForm({
    schema: correctCareTimeInputSchema,
    initialValues,
    toBody: (values) => ({ ...values, minutes: values.minutes === '' ? undefined : values.minutes }),
    messages: useCareTimeMessages(),
    submit: (body) => correct.mutateAsync({ id: entry.id, ...body }),
    onSuccess: () => {
      notify({ id: 'care-time-corrected', message: t('careTime.corrected'), tone: 'success' });
      onClose();
    },
  });

  return (
    <Modal opened onClose={onClose} title={t('careTime.correctTitle')} closeButtonProps={{ 'aria-label': t('carePlan.close') }}>
      <form ref={formRef} onSubmit={onSubmit} noValidate data-testid="correct-care-time-form">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('careTime.correctHint', {
              source: t(`careTime.sources.${entry.source}`),
              date: format.dateTime(entry.startedAt),
              minutes: format.number(firstCounted, 0),
            })}
          </Text>
          <FormFailure text={failureText} />
          <NumberInput {...field('minutes')} label={t('careTime.minutesField')} min={0} max={firstCounted} allowDecimal={false} dir="ltr" required />
          <Textarea {...field('reason')} label={t('careTime.reason')} minRows={2} maxLength={500} required />
          <SaveOrCancel onCancel={onClose} submitting={submitting} />
        </Stack>
      </form>
    </Modal>
  );
}
