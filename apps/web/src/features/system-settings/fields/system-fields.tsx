import { NativeSelect, Stack, Textarea } from '@mantine/core';
import { LANGUAGES } from '@opencare/schemas/preferences';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../../i18n/language';
import type { AreaFormApi } from '../area-form';
import { textField } from '../field-props';

const MESSAGE_MAX = 280;

export function SystemFields({ form }: { form: AreaFormApi<'system'> }) {
  const { t } = useTranslation('system');
  const { t: tc } = useTranslation('common');
  const message = form.values.maintenanceMessage;
  return (
    <Stack gap="md">
      <NativeSelect
        name="defaultLanguage"
        label={t('system.defaultLanguage')}
        description={t('system.defaultLanguageHint')}
        value={form.values.defaultLanguage}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (isLanguage(next)) form.set('defaultLanguage', next);
        }}
        // Each language is named in itself, as in the language switch.
        data={LANGUAGES.map((lng) => ({ value: lng, label: tc(`language.names.${lng}`) }))}
        error={form.error('defaultLanguage')}
      />
      <Textarea
        {...textField(form, 'maintenanceMessage')}
        label={t('system.maintenanceMessage')}
        description={t('system.maintenanceMessageHint', { used: message.length, max: MESSAGE_MAX })}
        maxLength={MESSAGE_MAX}
        autosize
        minRows={2}
        maxRows={6}
      />
    </Stack>
  );
}
