import { Container, Divider, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from '../../components/form/readable-errors.module.css';
import { useOwnPatientAccountId } from '../../session/use-session';
import { SectionNav } from './section-nav';
import { PageOutlet } from '../../components/layouts/lazy-page';

/** /settings: a heading, the sections, and the chosen section below. */
export function SettingsLayout() {
  const { t } = useTranslation('settings');
  const isPatient = useOwnPatientAccountId() !== null;
  return (
    <Container size="md" px={0} py="md" className={classes.root}>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <SectionNav
          label={t('nav.label')}
          items={[
            { to: '/settings/preferences', label: t('nav.preferences') },
            { to: '/settings/account', label: t('nav.account') },
            ...(isPatient ? [{ to: '/settings/reminders', label: t('nav.reminders') }] : []),
            { to: '/settings/audio', label: t('nav.audio') },
            { to: '/settings/video', label: t('nav.video') },
          ]}
        />
        <Divider />
        <PageOutlet />
      </Stack>
    </Container>
  );
}
