import { useTranslation } from 'react-i18next';
import { CameraTest } from './camera-test';
import { SettingsSection } from './settings-section';

export function VideoPage() {
  const { t } = useTranslation('settings');
  return (
    <SettingsSection title={t('media.cameraTitle')} description={t('media.cameraDescription')}>
      <CameraTest />
    </SettingsSection>
  );
}
