import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { SectionNav } from './section-nav';

/** /settings/account: profile and security. */
export function AccountLayout() {
  const { t } = useTranslation('settings');
  return (
    <Stack gap="md">
      <SectionNav
        label={t('nav.accountLabel')}
        items={[
          { to: '/settings/account/profile', label: t('nav.profile') },
          { to: '/settings/account/security', label: t('nav.security') },
        ]}
      />
      <Outlet />
    </Stack>
  );
}
