import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '../i18n/language';
import { useLanguage } from '../i18n/use-language';

export function LanguageSwitch({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  return (
    <NativeSelect
      aria-label={t('language.label')}
      value={language}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLanguage(next)) setLanguage(next);
      }}
      // Each language is named in itself, so a reader can find theirs whatever is shown now.
      data={LANGUAGES.map((lng) => ({ value: lng, label: t(`language.names.${lng}`) }))}
      size="sm"
      w={fullWidth ? '100%' : 130}
      data-testid="language-switch"
    />
  );
}
