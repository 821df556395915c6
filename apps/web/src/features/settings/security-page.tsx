import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from './change-password-form';
import { SessionsList } from './sessions-list';
import { SettingsSection } from './settings-section';
import { SignOutEverywhere } from './sign-out-everywhere';
import { useSessions } from './use-sessions';

/** /settings/account/security: password and signed-in sessions. */
export function SecurityPage() {
  const { t } = useTranslation('settings');
  const sessions = useSessions();
  return (
    <Stack>
      <SettingsSection title={t('security.passwordTitle')} description={t('security.passwordDescription')}>
        <ChangePasswordForm onChanged={sessions.reload} />
      </SettingsSection>
      <SettingsSection title={t('security.sessionsTitle')} description={t('security.sessionsDescription')}>
        <SessionsList state={sessions.state} reload={sessions.reload} />
        <SignOutEverywhere />
      </SettingsSection>
    </Stack>
  );
}
