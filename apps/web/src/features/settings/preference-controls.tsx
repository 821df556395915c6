import { CALL_ENGINES, LANGUAGES, TEXT_SIZES, THEMES } from '@opencare/schemas/preferences';
import { useTranslation } from 'react-i18next';
import { ChoiceControl } from './choice-control';
import { usePreferences } from '../../session/use-preferences';

/** Each preference applies the moment it is chosen (spec §4, Preferences): there is no save button. */

export function LanguageControl() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  const { preferences, setPreference } = usePreferences();
  return (
    <ChoiceControl
      label={t('preferences.language.label')}
      description={t('preferences.language.description')}
      value={preferences.language}
      // Each language is named in itself, so a reader finds theirs whatever is shown now.
      options={LANGUAGES.map((value) => ({ value, label: tc(`language.names.${value}`) }))}
      onChange={(value) => setPreference('language', value)}
      testId="preference-language"
    />
  );
}

export function TextSizeControl() {
  const { t } = useTranslation('settings');
  const { preferences, setPreference } = usePreferences();
  return (
    <ChoiceControl
      label={t('preferences.textSize.label')}
      description={t('preferences.textSize.description')}
      value={preferences.textSize}
      options={TEXT_SIZES.map((value) => ({ value, label: t(`preferences.textSize.${value}`) }))}
      onChange={(value) => setPreference('textSize', value)}
      testId="preference-text-size"
    />
  );
}

export function ThemeControl() {
  const { t } = useTranslation('settings');
  const { preferences, setPreference } = usePreferences();
  return (
    <ChoiceControl
      label={t('preferences.theme.label')}
      description={t('preferences.theme.description')}
      value={preferences.theme}
      options={THEMES.map((value) => ({ value, label: t(`preferences.theme.${value}`) }))}
      onChange={(value) => setPreference('theme', value)}
      testId="preference-theme"
    />
  );
}

export function CallEngineControl() {
  const { t } = useTranslation('settings');
  const { preferences, setPreference } = usePreferences();
  return (
    <ChoiceControl
      label={t('preferences.callEngine.label')}
      description={t('preferences.callEngine.description')}
      value={preferences.callEngine}
      options={CALL_ENGINES.map((value) => ({ value, label: t(`preferences.callEngine.${value}`) }))}
      onChange={(value) => setPreference('callEngine', value)}
      testId="preference-call-engine"
    />
  );
}
