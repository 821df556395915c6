import { Button, Group, Modal, MultiSelect, Select, Stack, TagsInput } from '@mantine/core';
import {
  BLOOD_TYPES,
  updatePatientCareInputSchema,
  type PatientDetail,
  type ProviderListItem,
} from '@opencare/schemas/entities/patients';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../../api/trpc';
import { QueryView } from '../../../components/data/load-state';
import { FormFailure } from '../../../components/form/form-failure';
import type { FeatureMessages } from '../../../components/form/use-field-message';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useNotifications } from '../../../components/notifications/use-notify';
import { ALL_PROVIDERS, useUpdateCareMutation } from '../patient-queries';

interface CareProfileFormProps {
  patient: PatientDetail;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** The care profile in a dialog: primary provider, care team, history, medications, allergies, blood type. */
export function CareProfileForm({ patient, opened, onClose, onSaved }: CareProfileFormProps) {
  const { t } = useTranslation('patients');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('careForm.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('careForm.close') }}
    >
      {/* The dialog's content mounts when it opens: the providers are read then, not with the page. */}
      <CareProfileFields patient={patient} onCancel={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function CareProfileFields({
  patient,
  onCancel,
  onSaved,
}: {
  patient: PatientDetail;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const providers = trpc.providers.list.useQuery(ALL_PROVIDERS);
  return (
    <QueryView query={providers}>
      {({ items }) => (
        <CareProfileFieldset patient={patient} providers={items} onCancel={onCancel} onSaved={onSaved} />
      )}
    </QueryView>
  );
}

interface FieldsetProps {
  patient: PatientDetail;
  providers: ProviderListItem[];
  onCancel: () => void;
  onSaved: () => void;
}

const CARE_FIELDS = ['primaryProviderId', 'careTeam', 'medicalHistory', 'medications', 'allergies', 'bloodType'];
const TOO_LONG = /must be at most (\d+) characters\.$/;

/**
 * The care profile's messages: an entry too long says its limit; anything else the schema or the
 * server says of a field (none of which the inputs let happen) asks to check it.
 */
function useCareProfileMessages(): FeatureMessages {
  const { t } = useTranslation('patients');
  return useCallback(
    (message: string, field?: string) => {
      if (field === undefined || !CARE_FIELDS.includes(field)) return undefined;
      const tooLong = TOO_LONG.exec(message);
      return tooLong ? t('careForm.entryTooLong', { max: Number(tooLong[1]) }) : t('careForm.checkField');
    },
    [t],
  );
}

function CareProfileFieldset({ patient, providers, onCancel, onSaved }: FieldsetProps) {
  const { t } = useTranslation('patients');
  const { notify } = useNotifications();
  const update = useUpdateCareMutation();
  const initialValues = {
    primaryProviderId: patient.primaryProvider?.accountId ?? null,
    careTeam: patient.careTeam.map((m) => m.accountId),
    medicalHistory: patient.medicalHistory,
    medications: patient.medications,
    allergies: patient.allergies,
    bloodType: patient.bloodType,
  };
  // Every field is sent: the care profile is saved as the dialog shows it.
  const { field, formRef, onSubmit, submitting: saving, failureText, form } = useSchemaForm({
    schema: updatePatientCareInputSchema,
    initialValues,
    messages: useCareProfileMessages(),
    submit: (values) => update.mutateAsync({ id: patient.accountId, values }),
    onSuccess: () => {
      notify({ id: 'care-profile-saved', message: t('careForm.saved'), tone: 'success' });
      onSaved();
    },
  });

  // Someone already on the team who is no longer a provider still shows, by name, until removed.
  const options = [
    ...providers.map((p) => ({ value: p.accountId, label: `${p.fullName} · ${t(`roles.${p.role}`)}` })),
    ...patient.careTeam
      .filter((m) => !providers.some((p) => p.accountId === m.accountId))
      .map((m) => ({ value: m.accountId, label: m.fullName })),
  ];

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormFailure text={failureText} />
        <Select
          {...field('primaryProviderId')}
          label={t('profile.primaryProvider')}
          placeholder={t('careForm.choose')}
          data={options}
          searchable
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <MultiSelect
          {...field('careTeam')}
          label={t('profile.careTeam')}
          description={t('careForm.careTeamHint')}
          placeholder={form.values.careTeam.length === 0 ? t('careForm.choose') : undefined}
          data={options}
          searchable
          clearable
        />
        <TagsInput
          {...field('medicalHistory')}
          label={t('profile.medicalHistory')}
          description={t('careForm.listHint')}
          splitChars={[]}
          maxTags={50}
        />
        <TagsInput
          {...field('medications')}
          label={t('profile.medications')}
          description={t('careForm.listHint')}
          splitChars={[]}
          maxTags={50}
        />
        <TagsInput
          {...field('allergies')}
          label={t('profile.allergies')}
          description={t('careForm.listHint')}
          splitChars={[]}
          maxTags={50}
        />
        <Select
          {...field('bloodType')}
          label={t('profile.bloodType')}
          placeholder={t('careForm.choose')}
          data={[...BLOOD_TYPES]}
          clearable
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {t('careForm.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('careForm.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
