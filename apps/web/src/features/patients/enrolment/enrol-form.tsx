import { Button, Chip, Group, Input, Modal, Radio, Select, Stack, TagsInput, TextInput } from '@mantine/core';
import { ENROLMENT_RULES, enrolInputSchema } from '@opencare/schemas/entities/enrolment';
import { MEASUREMENT_TYPES } from '@opencare/schemas/entities/measurements';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../../api/trpc';
import { QueryView } from '../../../components/data/load-state';
import { FormFailure } from '../../../components/form/form-failure';
import { useRuleMessages } from '../../../components/form/use-field-message';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useNotifications } from '../../../components/notifications/use-notify';
import { ALL_PROVIDERS } from '../patient-queries';
import { useMeasurementName } from '../shared/use-measurement-name';
import { useEnrolMutation } from './enrolment-queries';

interface EnrolValues {
  conditions: string[];
  measurementTypes: string[];
  devices: string[];
  startDate: string;
  primaryProviderId: string;
  method: 'verbal' | 'app';
  witness: string;
  at: string;
}

/** This device's clock as `datetime-local` and `date` want it. */
function localNow(): { day: string; minute: string } {
  const now = new Date();
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString();
  return { day: local.slice(0, 10), minute: local.slice(0, 16) };
}

/** Enrol the patient in remote monitoring, with how they consented (verbal with a witness, or in the app). */
export function EnrolForm({ patientId, onClose }: { patientId: string; onClose: () => void }) {
  const { t } = useTranslation('patients');
  const providers = trpc.providers.list.useQuery(ALL_PROVIDERS);
  return (
    <Modal opened onClose={onClose} title={t('enrolment.formTitle')} size="lg" closeButtonProps={{ 'aria-label': t('carePlan.close') }}>
      <QueryView query={providers}>
        {({ items }) => (
          <EnrolFields patientId={patientId} providers={items.map((p) => ({ value: p.accountId, label: `${p.fullName} · ${t(`roles.${p.role}`)}` }))} onClose={onClose} />
        )}
      </QueryView>
    </Modal>
  );
}

function EnrolFields({ patientId, providers, onClose }: { patientId: string; providers: { value: string; label: string }[]; onClose: () => void }) {
  const { t } = useTranslation('patients');
  const { notify } = useNotifications();
  const measurementName = useMeasurementName();
  const enrol = useEnrolMutation();
  const { day, minute } = localNow();
  const initialValues: EnrolValues = { conditions: [], measurementTypes: [], devices: [], startDate: day, primaryProviderId: '', method: 'verbal', witness: '', at: minute };
  const messages = useRuleMessages(ENROLMENT_RULES, useCallback((key: keyof typeof ENROLMENT_RULES) => t(`enrolment.errors.${key}`), [t]));
  const { field, formRef, onSubmit, submitting, failureText, form } = useSchemaForm({
    schema: enrolInputSchema,
    initialValues,
    toBody: ({ method, witness, at, ...values }) => ({
      ...values,
      consent:
        method === 'verbal'
          ? { method, witness, at: Number.isNaN(Date.parse(at)) ? at : new Date(at).toISOString() }
          : { method },
    }),
    messages,
    submit: (body) => enrol.mutateAsync({ patientId, ...body }),
    onSuccess: () => {
      notify({ id: 'patient-enrolled', message: t('enrolment.enrolled'), tone: 'success' });
      onClose();
    },
  });
  const verbal = form.values.method === 'verbal';

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate data-testid="enrol-form">
      <Stack gap="sm">
        <FormFailure text={failureText} />
        <TagsInput {...field('conditions')} label={t('enrolment.conditions')} description={t('enrolment.conditionsHint')} splitChars={[]} maxTags={10} required />
        <Input.Wrapper label={t('enrolment.measurements')} required error={field('measurementTypes').error}>
          <Chip.Group multiple value={form.values.measurementTypes} onChange={(value) => form.setFieldValue('measurementTypes', value)}>
            <Group gap="xs" mt={4}>
              {MEASUREMENT_TYPES.filter((type) => type !== 'camera').map((type) => (
                <Chip key={type} value={type} size="sm">
                  {measurementName(type)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Input.Wrapper>
        <TagsInput {...field('devices')} label={t('enrolment.devices')} description={t('enrolment.devicesHint')} splitChars={[]} maxTags={10} />
        <Group grow align="flex-start">
          <TextInput {...field('startDate')} type="date" label={t('enrolment.startDate')} dir="ltr" required />
          <Select {...field('primaryProviderId')} label={t('enrolment.primaryProvider')} placeholder={t('careForm.choose')} data={providers} searchable required comboboxProps={{ withinPortal: true }} />
        </Group>
        <Radio.Group {...field('method')} label={t('enrolment.consentHow')} required>
          <Stack gap={6} mt={4}>
            <Radio value="verbal" label={t('enrolment.methods.verbal')} />
            <Radio value="app" label={t('enrolment.methods.app')} />
          </Stack>
        </Radio.Group>
        {verbal && (
          <Group grow align="flex-start">
            <TextInput {...field('witness')} label={t('enrolment.witness')} description={t('enrolment.witnessHint')} maxLength={100} required />
            <TextInput {...field('at')} type="datetime-local" label={t('enrolment.consentAt')} dir="ltr" required />
          </Group>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={submitting}>
            {t('carePlan.cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {t('enrolment.enrol')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
