import { Checkbox, Fieldset, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { MARITAL_STATUSES } from '@opencare/schemas/entities/auth';
import { GENDERS, type Gender } from '@opencare/schemas/lookups';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountTypeField } from './account-type-field';
import { HINT_BELOW, NewPasswordFields } from './new-password-fields';
import { SectionLegend } from './section-legend';
import type { FieldErrors } from '../../components/form/form-errors';
import type { MaritalStatus, SignupValues } from './signup-values';
import { useFieldMessage } from '../../components/form/use-field-message';
import type { Availability } from './use-username-availability';
import { UsernameField } from './username-field';

interface AccountSetupStepProps {
  values: SignupValues;
  errors: FieldErrors;
  availability: Availability;
  setField: <K extends keyof SignupValues>(key: K, value: SignupValues[K]) => void;
}

const GENDER_CODES = Object.keys(GENDERS) as Gender[];
/** A number in international form; the same in every language, and always left to right. */
const PHONE_EXAMPLE = '+1 555 123 4567';

/** Every sign-up field of spec §3 a person types, grouped so a long form reads as three short ones. */
export function AccountSetupStep({ values, errors, availability, setField }: AccountSetupStepProps) {
  const { t } = useTranslation('signup');
  const message = useFieldMessage();
  const text = (key: keyof SignupValues) => ({
    name: key,
    value: values[key] as string,
    error: message(errors[key]),
    // PasswordInput does not mark its input invalid itself; first-error focus looks for this too.
    'aria-invalid': errors[key] ? true : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setField(key, event.currentTarget.value as never),
  });

  return (
    <Stack gap="lg">
      <Fieldset legend={<SectionLegend>{t('sections.account')}</SectionLegend>} variant="unstyled">
        <Stack>
          <AccountTypeField
            value={values.accountType}
            onChange={(value) => setField('accountType', value)}
            error={message(errors.accountType)}
          />
          <UsernameField
            value={values.username}
            onChange={(value) => setField('username', value)}
            error={message(errors.username)}
            availability={availability}
          />
          <NewPasswordFields password={text('password')} confirmation={text('passwordConfirmation')} />
        </Stack>
      </Fieldset>

      <Fieldset legend={<SectionLegend>{t('sections.aboutYou')}</SectionLegend>} variant="unstyled">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              {...text('firstName')}
              label={t('fields.firstName')}
              autoComplete="given-name"
              required
            />
            <TextInput
              {...text('middleName')}
              label={t('fields.middleName')}
              autoComplete="additional-name"
            />
            <TextInput
              {...text('lastName')}
              label={t('fields.lastName')}
              autoComplete="family-name"
              required
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              {...text('dateOfBirth')}
              type="date"
              label={t('fields.dateOfBirth')}
              description={t('fields.dateOfBirthHint')}
              inputWrapperOrder={HINT_BELOW}
              autoComplete="bday"
              required
            />
            <NativeSelect
              name="gender"
              label={t('fields.gender')}
              required
              value={values.gender}
              onChange={(event) => setField('gender', event.currentTarget.value as Gender | '')}
              error={message(errors.gender)}
              data={[
                { value: '', label: t('fields.choose') },
                ...GENDER_CODES.map((code) => ({ value: code, label: t(`genders.${code}`) })),
              ]}
            />
            <NativeSelect
              name="maritalStatus"
              label={t('fields.maritalStatus')}
              value={values.maritalStatus}
              onChange={(event) => setField('maritalStatus', event.currentTarget.value as MaritalStatus | '')}
              error={message(errors.maritalStatus)}
              data={[
                { value: '', label: t('fields.notSaying') },
                ...MARITAL_STATUSES.map((status) => ({
                  value: status,
                  label: t(`maritalStatuses.${status}`),
                })),
              ]}
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>

      <Fieldset legend={<SectionLegend>{t('sections.contact')}</SectionLegend>} variant="unstyled">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              {...text('emailAddress')}
              type="email"
              label={t('fields.emailAddress')}
              autoComplete="email"
              required
              dir="ltr"
            />
            <TextInput
              {...text('emailAddressConfirmation')}
              type="email"
              label={t('fields.emailAddressConfirmation')}
              autoComplete="off"
              required
              dir="ltr"
            />
            <TextInput
              {...text('phoneNumber')}
              type="tel"
              label={t('fields.phoneNumber')}
              description={
                <>
                  {t('fields.phoneHint')} <bdi dir="ltr">{PHONE_EXAMPLE}</bdi>
                </>
              }
              inputWrapperOrder={HINT_BELOW}
              autoComplete="tel"
              required
              dir="ltr"
            />
            <TextInput
              {...text('phoneNumberConfirmation')}
              type="tel"
              label={t('fields.phoneNumberConfirmation')}
              autoComplete="off"
              required
              dir="ltr"
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...text('address')} label={t('fields.address')} autoComplete="street-address" />
            <TextInput {...text('country')} label={t('fields.country')} autoComplete="country-name" />
          </SimpleGrid>
          <Checkbox
            name="emailNotifications"
            label={t('fields.emailNotifications')}
            checked={values.emailNotifications}
            onChange={(event) => setField('emailNotifications', event.currentTarget.checked)}
          />
          <Checkbox
            name="textNotifications"
            label={t('fields.textNotifications')}
            checked={values.textNotifications}
            onChange={(event) => setField('textNotifications', event.currentTarget.checked)}
          />
        </Stack>
      </Fieldset>
    </Stack>
  );
}
