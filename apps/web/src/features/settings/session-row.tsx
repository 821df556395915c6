import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionSummary } from '@opencare/schemas/entities/auth';
import { describeUserAgent } from './describe-user-agent';

interface SessionRowProps {
  session: SessionSummary;
  onSignOut: (id: string) => Promise<void>;
}

/** One session: which browser, when, from where; and a way to end it unless it is this one. */
export function SessionRow({ session, onSignOut }: SessionRowProps) {
  const { t, i18n } = useTranslation('settings');
  const [ending, setEnding] = useState(false);
  const { browser, system } = describeUserAgent(session.userAgent);
  const device =
    browser && system
      ? t('security.browserOn', { browser, system })
      : (browser ?? system ?? t('security.unknownDevice'));
  const when = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(iso),
        )
      : '—';

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="li"
      data-testid="session-row"
      data-current={session.current}
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        {/* Wide enough for the details; on a narrow screen the button goes below instead. */}
        <Stack gap={2} miw={0} style={{ flex: '1 1 14rem' }}>
          <Group gap="xs">
            <Text fw={600}>{device}</Text>
            {session.current && (
              <Badge variant="light" color="teal" tt="none">
                {t('security.thisDevice')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('security.lastActive', { when: when(session.lastUsedAt ?? session.createdAt) })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('security.signedIn', { when: when(session.createdAt) })}
          </Text>
          {session.ip && (
            <Text size="sm" c="dimmed">
              {t('security.address')} <bdi>{session.ip}</bdi>
            </Text>
          )}
        </Stack>
        {!session.current && (
          <Button
            variant="default"
            size="xs"
            loading={ending}
            aria-label={t('security.signOutSession', { device })}
            onClick={() => {
              setEnding(true);
              void onSignOut(session.id).finally(() => setEnding(false));
            }}
          >
            {t('security.signOut')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
