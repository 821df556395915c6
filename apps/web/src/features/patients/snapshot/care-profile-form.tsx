import { Alert, Button, Group, Modal, MultiSelect, Select, Stack, TagsInput } from '@mantine/core';
import { BLOOD_TYPES, type PatientDetail, type ProviderListItem } from '@opencare/schemas/entities/patients';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, asApiError } from '../../../api/api-error';
import { errorMessageOf } from '../../../api/error-message';
import { trpc } from '../../../api/trpc';
import { QueryView } from '../../../components/data/load-state';
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

function CareProfileFieldset({ patient, providers, onCancel, onSaved }: FieldsetProps) {
  const { t } = useTranslation('patients');
  const { t: tc } = useTranslation();
  const { notify } = useNotifications();
  const [primaryProviderId, setPrimaryProviderId] = useState<string | null>(
    patient.primaryProvider?.accountId ?? null,
  );
  const [careTeam, setCareTeam] = useState(patient.careTeam.map((m) => m.accountId));
  const [medicalHistory, setMedicalHistory] = useState(patient.medicalHistory);
  const [medications, setMedications] = useState(patient.medications);
  const [allergies, setAllergies] = useState(patient.allergies);
  const [bloodType, setBloodType] = useState<string | null>(patient.bloodType);
  const update = useUpdateCareMutation();
  const saving = update.isPending;
  const failure = update.error ? asApiError(update.error) : null;

  // Someone already on the team who is no longer a provider still shows, by name, until removed.
  const options = [
    ...providers.map((p) => ({ value: p.accountId, label: `${p.fullName} · ${t(`roles.${p.role}`)}` })),
    ...patient.careTeam
      .filter((m) => !providers.some((p) => p.accountId === m.accountId))
      .map((m) => ({ value: m.accountId, label: m.fullName })),
  ];
  const wrongFields = new Set(
    // The server names a field within the input's `values` ("values.careTeam.0").
    failure instanceof ApiError
      ? failure.errors.map((e) => e.field.replace(/^values\./, '').split('.')[0])
      : [],
  );
  const errorOf = (field: string) => (wrongFields.has(field) ? t('careForm.checkField') : undefined);

  function save(event: FormEvent) {
    event.preventDefault();
    const values = {
      primaryProviderId,
      careTeam,
      medicalHistory,
      medications,
      allergies,
      bloodType: BLOOD_TYPES.find((b) => b === bloodType) ?? null,
    };
    update.mutate(
      { id: patient.accountId, values },
      {
        onSuccess: () => {
          notify({ id: 'care-profile-saved', message: t('careForm.saved'), tone: 'success' });
          onSaved();
        },
      },
    );
  }

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="md">
        {failure !== null && (
          <Alert color="red" variant="light" role="alert">
            {errorMessageOf(tc, failure)}
          </Alert>
        )}
        <Select
          label={t('profile.primaryProvider')}
          placeholder={t('careForm.choose')}
          data={options}
          value={primaryProviderId}
          onChange={setPrimaryProviderId}
          searchable
          clearable
          error={errorOf('primaryProviderId')}
          comboboxProps={{ withinPortal: true }}
        />
        <MultiSelect
          label={t('profile.careTeam')}
          description={t('careForm.careTeamHint')}
          placeholder={careTeam.length === 0 ? t('careForm.choose') : undefined}
          data={options}
          value={careTeam}
          onChange={setCareTeam}
          searchable
          clearable
          error={errorOf('careTeam')}
        />
        <TagsInput
          label={t('profile.medicalHistory')}
          description={t('careForm.listHint')}
          value={medicalHistory}
          onChange={setMedicalHistory}
          splitChars={[]}
          maxTags={50}
          error={errorOf('medicalHistory')}
        />
        <TagsInput
          label={t('profile.medications')}
          description={t('careForm.listHint')}
          value={medications}
          onChange={setMedications}
          splitChars={[]}
          maxTags={50}
          error={errorOf('medications')}
        />
        <TagsInput
          label={t('profile.allergies')}
          description={t('careForm.listHint')}
          value={allergies}
          onChange={setAllergies}
          splitChars={[]}
          maxTags={50}
          error={errorOf('allergies')}
        />
        <Select
          label={t('profile.bloodType')}
          placeholder={t('careForm.choose')}
          data={[...BLOOD_TYPES]}
          value={bloodType}
          onChange={setBloodType}
          clearable
          error={errorOf('bloodType')}
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
