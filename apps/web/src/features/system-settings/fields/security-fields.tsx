import { NumberInput, SimpleGrid, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AreaFormApi } from '../area-form';
import { numberField } from '../field-props';
import { formatMinutes } from '../format';

export function SecurityFields({ form }: { form: AreaFormApi<'security'> }) {
  const { t, i18n } = useTranslation('system');
  const timeout = form.values.sessionTimeoutMinutes;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <NumberInput
        {...numberField(form, 'sessionTimeoutMinutes')}
        label={t('security.sessionTimeout')}
        description={
          typeof timeout === 'number' && timeout > 0
            ? t('security.sessionTimeoutHint', { span: formatMinutes(timeout, i18n.language) })
            : t('security.sessionTimeoutRange')
        }
        min={5}
        max={7 * 24 * 60}
        step={15}
        required
      />
      <NumberInput
        {...numberField(form, 'passwordMinLength')}
        label={t('security.passwordMinLength')}
        description={t('security.passwordMinLengthHint')}
        min={8}
        max={64}
        required
      />
      <Switch
        name="twoFactorForAllStaff"
        checked={form.values.twoFactorForAllStaff === true}
        onChange={(event) => form.set('twoFactorForAllStaff', event.currentTarget.checked)}
        label={t('security.twoFactorForAllStaff')}
        description={t('security.twoFactorForAllStaffHint')}
        error={form.error('twoFactorForAllStaff')}
      />
    </SimpleGrid>
  );
}
