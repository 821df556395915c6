import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/use-session';
import { TwoFactorSection } from '../two-factor/two-factor-section';
import { ChangePasswordForm } from './change-password-form';
import { SessionsList } from './sessions-list';
import { SettingsSection } from './settings-section';
import { SignOutEverywhere } from './sign-out-everywhere';

/** /settings/account/security: password, two-factor sign-in (staff) and signed-in sessions. */
export function SecurityPage() {
  const { t } = useTranslation('settings');
  const { state } = useSession();
  // Two-factor sign-in is for staff; patients and caregivers are never asked.
  const isStaff = state.status === 'signed-in' && state.user.accounts.some((a) => a.accountType.code === 'prov' || 'Admin' in a.roles || 'Super' in a.roles);
  return (
    <Stack>
      <SettingsSection title={t('security.passwordTitle')} description={t('security.passwordDescription')}>
        <ChangePasswordForm />
      </SettingsSection>
      {isStaff && (
        <SettingsSection title={t('twoFactor.title')} description={t('twoFactor.description')} testId="two-factor">
          <TwoFactorSection />
        </SettingsSection>
      )}
      <SettingsSection title={t('security.sessionsTitle')} description={t('security.sessionsDescription')}>
        <SessionsList />
        <SignOutEverywhere />
      </SettingsSection>
    </Stack>
  );
}
