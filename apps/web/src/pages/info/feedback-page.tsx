import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportClientError } from '../../api/error-reporter';
import { useNotifications } from '../../components/notifications/use-notify';
import { PageFrame } from '../../components/page/page-frame';
import { env } from '../../env';
import { errorLog } from '../../session/error-log';

/** Feedback (spec §2, menu): who to tell what, a way to write to us, and a technical report. */
export function FeedbackPage() {
  const { t } = useTranslation('info');
  const { t: tc } = useTranslation();
  const { notify } = useNotifications();
  const [reported, setReported] = useState(false);
  const mailto = env.supportEmail
    ? `mailto:${env.supportEmail}?subject=${encodeURIComponent(t('feedback.subject'))}`
    : undefined;

  const report = async () => {
    // The page it came from is in the report's environment; the recent errors of this window say what went wrong.
    const recent = errorLog.list().slice(0, 10);
    await reportClientError({
      key: 'reportTechnicalIssue',
      error: 'Reported from the feedback page',
      info: recent.map((r) => `${r.at} ${r.key}`).join('\n') || undefined,
    });
    setReported(true);
    notify({ id: 'technical-issue-reported', message: tc('errorScreen.reported'), tone: 'success' });
  };

  return (
    <PageFrame title={t('feedback.title')} intro={t('feedback.intro')}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Paper withBorder radius="md" p="lg">
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t('feedback.careTitle')}
            </Title>
            <Text>{t('feedback.careBody')}</Text>
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="xs" align="flex-start">
            <Title order={2} size="h4">
              {t('feedback.appTitle')}
            </Title>
            <Text>{t('feedback.appBody')}</Text>
            {mailto ? (
              <Button component="a" href={mailto}>
                {t('feedback.write')}
              </Button>
            ) : (
              <Text c="dimmed">{t('feedback.noEmail')}</Text>
            )}
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="xs" align="flex-start">
            <Title order={2} size="h4">
              {t('feedback.problemTitle')}
            </Title>
            <Text>{t('feedback.problemBody')}</Text>
            <Button variant="light" color="red" disabled={reported} onClick={() => void report()}>
              {t('feedback.report')}
            </Button>
          </Stack>
        </Paper>
      </SimpleGrid>
    </PageFrame>
  );
}
