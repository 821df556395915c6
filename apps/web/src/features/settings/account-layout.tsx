import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SectionNav } from './section-nav';
import { PageOutlet } from '../../components/layouts/lazy-page';

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
      <PageOutlet />
    </Stack>
  );
}
