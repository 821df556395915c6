import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { updateProfileInputSchema, type UserProfileResponse } from '@opencare/schemas/entities/user';
import { GENDERS, type Gender } from '@opencare/schemas/lookups';
import { LANGUAGES } from '@opencare/schemas/preferences';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../api/trpc';
import { FormFailure } from '../../components/form/form-failure';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { profileBody, profilePatch, profileValuesOf } from './profile-values';
import { DateField } from '../../components/dates/date-field';

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
  const initial = useMemo(() => profileValuesOf(profile), [profile]);
  const [saved, setSaved] = useState(false);
  const utils = trpc.useUtils();
  // The saved profile is the one the page shows from now on.
  const save = trpc.profile.update.useMutation({ onSuccess: (next) => utils.profile.get.setData(undefined, next) });
  const zones = useMemo(() => timeZones(initial.timezone), [initial.timezone]);
  const { form, field, formRef, onSubmit, submitting, failureText } = useSchemaForm({
    schema: updateProfileInputSchema,
    initialValues: initial,
    // Every field is checked; only the changed ones are sent.
    toBody: profileBody,
    submit: async (body) => {
      setSaved(false);
      const patch = profilePatch(initial, form.getValues(), body);
      return Object.keys(patch).length === 0 ? null : save.mutateAsync(patch);
    },
    onSuccess: (next) => {
      setSaved(true);
      if (next) form.setValues(profileValuesOf(next));
    },
  });
  const values = form.values;

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label={t('profile.title')}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            {...field('firstName')}
            label={ts('fields.firstName')}
            autoComplete="given-name"
            required
          />
          <TextInput {...field('middleName')} label={ts('fields.middleName')} autoComplete="additional-name" />
          <TextInput
            {...field('lastName')}
            label={ts('fields.lastName')}
            autoComplete="family-name"
            required
          />
          <TextInput {...field('preferredName')} label={t('profile.preferredName')} autoComplete="nickname" />
          <DateField
            {...field('dateOfBirth')}
            label={ts('fields.dateOfBirth')}
          />
          <NativeSelect
            {...field('gender')}
            label={ts('fields.gender')}
            data={[
              ...(values.gender === '' ? [{ value: '', label: ts('fields.choose') }] : []),
              ...GENDER_CODES.map((code) => ({ value: code, label: ts(`genders.${code}`) })),
            ]}
          />
          <TextInput
            {...field('phone')}
            type="tel"
            label={ts('fields.phoneNumber')}
            autoComplete="tel"
            dir="ltr"
          />
          <NativeSelect
            {...field('preferredLanguage')}
            label={t('profile.preferredLanguage')}
            data={LANGUAGES.map((lng) => ({ value: lng, label: tc(`language.names.${lng}`) }))}
          />
          <NativeSelect
            {...field('timezone')}
            label={t('profile.timezone')}
            data={zones}
            dir="ltr"
          />
        </SimpleGrid>
        <div aria-live="polite">
          {saved && (
            <Alert color="teal" variant="light" data-testid="profile-saved">
              {t('profile.saved')}
            </Alert>
          )}
          <FormFailure text={failureText} testId="profile-save-error" />
        </div>
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
