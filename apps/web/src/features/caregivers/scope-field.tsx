import { Checkbox, Stack } from '@mantine/core';
import { CAREGIVER_SCOPES, type CaregiverScope } from '@opencare/schemas/entities/caregivers';
import { useTranslation } from 'react-i18next';

interface ScopeFieldProps {
  value: readonly string[];
  onChange: (scopes: CaregiverScope[]) => void;
  error?: string;
  /** `patient`: in the patient's own words ("my readings"); `other`: about the patient. */
  voice?: 'patient' | 'other';
}

/** What a caregiver may do: one checkbox per scope, at least one required. */
export function ScopeField({ value, onChange, error, voice = 'patient' }: ScopeFieldProps) {
  const { t } = useTranslation('screens');
  const label = useScopeLabel();
  return (
    <Checkbox.Group label={t('caregivers.scopes.label')} value={[...value]} onChange={(next) => onChange(CAREGIVER_SCOPES.filter((scope) => next.includes(scope)))} error={error} withAsterisk data-testid="caregiver-scopes">
      <Stack gap={6} mt={6}>
        {CAREGIVER_SCOPES.map((scope) => (
          <Checkbox key={scope} value={scope} label={label(scope, voice)} data-testid={`scope-${scope}`} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/** A scope in words: the patient's own ("my readings") or about the patient. */
export function useScopeLabel() {
  const { t } = useTranslation('screens');
  return (scope: CaregiverScope, voice: 'patient' | 'other' = 'other') => t(voice === 'patient' ? `caregivers.scopes.${scope}` : `caregivers.scopesFor.${scope}`);
}
