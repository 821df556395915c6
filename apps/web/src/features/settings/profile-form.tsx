import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UserProfileResponse } from '@opencare/schemas/entities/user';
import { GENDERS, type Gender } from '@opencare/schemas/lookups';
import { LANGUAGES } from '@opencare/schemas/preferences';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, asApiError } from '../../api/api-error';
import { trpc } from '../../api/trpc';
import { isLanguage } from '../../i18n/language';
import { mergeErrors, serverFieldErrors, type FieldErrors } from '../../components/form/form-errors';
import { useApiErrorText } from '../../components/form/use-api-error-text';
import { useFieldMessage } from '../../components/form/use-field-message';
import { profilePatch, profileValuesOf, type ProfileValues } from './profile-values';

interface ProfileFormProps {
  profile: UserProfileResponse;
}

const GENDER_CODES = Object.keys(GENDERS) as Gender[];

/** Every IANA time zone the browser knows, with the profile's own first in case it is not listed. */
function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

export function ProfileForm({ profile }: ProfileFormProps) {
  const { t } = useTranslation('settings');
  const { t: ts } = useTranslation('signup');
  const { t: tc } = useTranslation('common');
  const message = useFieldMessage();
  const errorText = useApiErrorText();
  const initial = useMemo(() => profileValuesOf(profile), [profile]);
  const [values, setValues] = useState<ProfileValues>(initial);
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<{ status: 'saved' } | { status: 'failed'; error: unknown } | null>(
    null,
  );
  const utils = trpc.useUtils();
  // The saved profile is the one the page shows from now on.
  const save = trpc.profile.update.useMutation({ onSuccess: (saved) => utils.profile.get.setData(undefined, saved) });

  const validation = useMemo(() => profilePatch(initial, values), [initial, values]);
  const errors = mergeErrors(serverErrors, checked ? validation.errors : {});
  const zones = useMemo(() => timeZones(initial.timezone), [initial.timezone]);

  function setField<K extends keyof ProfileValues>(key: K, value: ProfileValues[K]) {
    setValues((previous) => ({ ...previous, [key]: value }));
    setServerErrors((previous) => ({ ...previous, [key]: undefined }));
    setOutcome(null);
  }
  const text = (
    key: 'firstName' | 'middleName' | 'lastName' | 'preferredName' | 'dateOfBirth' | 'phone',
  ) => ({
    name: key,
    value: values[key],
    error: message(errors[key]),
    onChange: (event: { currentTarget: { value: string } }) => setField(key, event.currentTarget.value),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    if (!validation.patch) return;
    if (Object.keys(validation.patch).length === 0) {
      setOutcome({ status: 'saved' });
      return;
    }
    try {
      const saved = await save.mutateAsync(validation.patch);
      setOutcome({ status: 'saved' });
      setValues(profileValuesOf(saved));
    } catch (failure) {
      const error = asApiError(failure);
      if (error instanceof ApiError) setServerErrors(serverFieldErrors(error.errors));
      setOutcome({ status: 'failed', error });
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('profile.title')}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            {...text('firstName')}
            label={ts('fields.firstName')}
            autoComplete="given-name"
            required
          />
          <TextInput {...text('middleName')} label={ts('fields.middleName')} autoComplete="additional-name" />
          <TextInput
            {...text('lastName')}
            label={ts('fields.lastName')}
            autoComplete="family-name"
            required
          />
          <TextInput {...text('preferredName')} label={t('profile.preferredName')} autoComplete="nickname" />
          <TextInput
            {...text('dateOfBirth')}
            type="date"
            label={ts('fields.dateOfBirth')}
            autoComplete="bday"
          />
          <NativeSelect
            name="gender"
            label={ts('fields.gender')}
            value={values.gender}
            onChange={(event) => setField('gender', event.currentTarget.value as Gender | '')}
            error={message(errors.gender)}
            data={[
              ...(values.gender === '' ? [{ value: '', label: ts('fields.choose') }] : []),
              ...GENDER_CODES.map((code) => ({ value: code, label: ts(`genders.${code}`) })),
            ]}
          />
          <TextInput
            {...text('phone')}
            type="tel"
            label={ts('fields.phoneNumber')}
            autoComplete="tel"
            dir="ltr"
          />
          <NativeSelect
            name="preferredLanguage"
            label={t('profile.preferredLanguage')}
            value={values.preferredLanguage}
            onChange={(event) => {
              const next = event.currentTarget.value;
              if (isLanguage(next)) setField('preferredLanguage', next);
            }}
            data={LANGUAGES.map((lng) => ({ value: lng, label: tc(`language.names.${lng}`) }))}
          />
          <NativeSelect
            name="timezone"
            label={t('profile.timezone')}
            value={values.timezone}
            onChange={(event) => setField('timezone', event.currentTarget.value)}
            error={message(errors.timezone)}
            data={zones}
            dir="ltr"
          />
        </SimpleGrid>
        <div aria-live="polite">
          {outcome?.status === 'saved' && (
            <Alert color="teal" variant="light" data-testid="profile-saved">
              {t('profile.saved')}
            </Alert>
          )}
          {outcome?.status === 'failed' && (
            <Alert color="red" variant="light" role="alert" data-testid="profile-save-error">
              {errorText(outcome.error)}
            </Alert>
          )}
        </div>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
