import { Button, Center, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportClientError } from '../../api/error-reporter';
import { errorMessageOf } from '../../api/error-message';
import { useNotifications } from '../notifications/use-notify';
import { AlertIcon, InboxIcon } from '../icons/page-icons';
import type { AppErrorValue } from './app-error-context';

interface ErrorScreenProps {
  error: AppErrorValue;
  /** Leave the error screen (clears the active error); absent where nothing can be retried. */
  onRetry?: () => void;
  onHome: () => void;
}

/** The application error screen (spec §2, §8): replaces the layout while an error is active. */
export function ErrorScreen({ error, onRetry, onHome }: ErrorScreenProps) {
  const { t } = useTranslation();
  const { notify } = useNotifications();
  const [reporting, setReporting] = useState(false);
  const [reported, setReported] = useState(false);
  const noContent = error.key === 'noContent';

  const report = async () => {
    setReporting(true);
    await reportClientError({ key: error.key, error: error.cause ?? error.key, info: `code ${error.code}` });
    setReporting(false);
    setReported(true);
    notify({ id: 'technical-issue-reported', message: t('errorScreen.reported'), tone: 'success' });
  };

  return (
    <Center mih="100dvh" p="md" data-testid="error-screen" data-error-key={error.key}>
      <Container size={480} px={0} w="100%">
        <Paper withBorder radius="md" p="xl" shadow="sm">
          <Stack align="center" ta="center" gap="md">
            <ThemeIcon size={64} radius="xl" variant="light" color={noContent ? 'gray' : 'red'}>
              {noContent ? <InboxIcon size={32} /> : <AlertIcon size={32} />}
            </ThemeIcon>
            <Title order={1} size="h2">
              {noContent ? t('errorScreen.noContentTitle') : t('errorScreen.title')}
            </Title>
            <Text>{errorMessageOf(t, error.cause ?? error.key)}</Text>
            {!noContent && (
              <Text size="sm" c="dimmed">
                {t('errorScreen.code', { code: `${error.key} ${error.code}` })}
              </Text>
            )}
            <Group justify="center" gap="sm">
              {onRetry && <Button onClick={onRetry}>{t('common.tryAgain')}</Button>}
              <Button variant="default" onClick={onHome}>
                {t('common.goHome')}
              </Button>
            </Group>
            {!noContent && (
              <Button variant="subtle" color="red" loading={reporting} disabled={reported} onClick={() => void report()}>
                {t('errorScreen.report')}
              </Button>
            )}
          </Stack>
        </Paper>
      </Container>
    </Center>
  );
}
