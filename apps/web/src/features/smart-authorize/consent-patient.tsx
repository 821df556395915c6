import { Text } from '@mantine/core';
import type { SmartConsent } from '@opencare/schemas/entities/smart-clients';
import { useTranslation } from 'react-i18next';
import { PatientPicker, type BookingPatient } from '../appointments/patient-picker';

/** A clinician's choice of the patient an app may read (a standalone launch with `launch/patient`). */
export interface PatientChoice {
  value: BookingPatient | null;
  onChange: (patient: BookingPatient) => void;
  /** The server's refusal of the choice (none chosen), in the reader's words. */
  error?: string;
}

// Names isolated (FSI … PDI): a Latin name keeps its order inside an Arabic sentence, and an Arabic one in an English sentence.
const isolated = (name: string) => `\u2068${name}\u2069`;

/**
 * Whose record the app reads: the person themself ("Pat Morgan (you)"), the patient a clinician
 * opened the app from, or the patient the clinician chooses here (the picker, then their name).
 */
export function ConsentPatient({
  consent,
  own,
  choice,
}: {
  consent: SmartConsent;
  own: boolean;
  choice: PatientChoice;
}) {
  const { t } = useTranslation('smartAuthorize');
  if (consent.patient) {
    return (
      <Text data-testid="smart-consent-patient">
        {t('whose')}{' '}
        <strong>
          {own ? t('you', { name: isolated(consent.patient.name) }) : isolated(consent.patient.name)}
        </strong>
      </Text>
    );
  }
  if (!consent.choosePatient) return null;
  return (
    <>
      <PatientPicker
        value={choice.value}
        onChange={choice.onChange}
        error={choice.error}
        label={t('picker.label')}
        description={t('picker.hint')}
        data-testid="smart-consent-picker"
      />
      <Text data-testid="smart-consent-patient">
        {t('whose')}{' '}
        {choice.value ? (
          <strong>{isolated(choice.value.fullName)}</strong>
        ) : (
          <Text span c="dimmed">
            {t('notChosen')}
          </Text>
        )}
      </Text>
    </>
  );
}
