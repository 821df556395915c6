import { Checkbox, Fieldset, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { MARITAL_STATUSES } from '@opencare/schemas/entities/auth';
import { GENDERS, type Gender } from '@opencare/schemas/lookups';
import { useTranslation } from 'react-i18next';
import { AccountTypeField } from './account-type-field';
import { HINT_BELOW, NewPasswordFields } from './new-password-fields';
import { SectionLegend } from './section-legend';
import type { useSignupForm } from './use-signup-form';
import { UsernameField } from './username-field';
import { DateField } from '../../components/dates/date-field';

interface AccountSetupStepProps {
  form: ReturnType<typeof useSignupForm>;
}

const GENDER_CODES = Object.keys(GENDERS) as Gender[];
/** A number in international form; the same in every language, and always left to right. */
const PHONE_EXAMPLE = '+1 555 123 4567';

/** Every sign-up field of spec §3 a person types, grouped so a long form reads as three short ones. */
export function AccountSetupStep({ form }: AccountSetupStepProps) {
  const { t } = useTranslation('signup');
  const text = form.field;

  return (
    <Stack gap="lg">
      <Fieldset legend={<SectionLegend>{t('sections.account')}</SectionLegend>} variant="unstyled">
        <Stack>
          <AccountTypeField {...text('accountType')} />
          <UsernameField {...text('username')} availability={form.availability} />
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
            <DateField
              {...text('dateOfBirth')}
              label={t('fields.dateOfBirth')}
              description={t('fields.dateOfBirthHint')}
              inputWrapperOrder={HINT_BELOW}
              required
            />
            <NativeSelect
              {...text('gender')}
              label={t('fields.gender')}
              required
              data={[
                { value: '', label: t('fields.choose') },
                ...GENDER_CODES.map((code) => ({ value: code, label: t(`genders.${code}`) })),
              ]}
            />
            <NativeSelect
              {...text('maritalStatus')}
              label={t('fields.maritalStatus')}
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
          <Checkbox {...text('emailNotifications', { type: 'checkbox' })} label={t('fields.emailNotifications')} />
          <Checkbox {...text('textNotifications', { type: 'checkbox' })} label={t('fields.textNotifications')} />
        </Stack>
      </Fieldset>
    </Stack>
  );
}
