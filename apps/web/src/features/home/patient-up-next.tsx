import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../api/trpc';
import { CalendarIcon, MailIcon } from '../../components/icons/icons';
import { formatDate, formatTime } from '../appointments/format';
import { useUnreadCount } from '../mail/mail-queries';
import { homeQueries } from './home-queries';

type Tab = 'appointments' | 'messages';

/**
 * Under today's tasks (issue 17): the patient's next appointment and their unread messages, each
 * opening its tab. The queries are the tabs' own, so opening one shows what is already here.
 */
export function PatientUpNext({
  showMessages,
  onOpen,
}: {
  showMessages: boolean;
  onOpen: (tab: Tab) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="section" aria-label={t('home.upNext.title')}>
      <NextAppointment onOpen={() => onOpen('appointments')} />
      {showMessages && <UnreadMessages onOpen={() => onOpen('messages')} />}
    </Stack>
  );
}

function Card({
  icon,
  title,
  children,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action: ReactNode;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group gap="sm" align="flex-start" wrap="nowrap" miw={0}>
          <Text c="dimmed" aria-hidden mt={2}>
            {icon}
          </Text>
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h6">
              {title}
            </Title>
            {children}
          </div>
        </Group>
        {action}
      </Group>
    </Paper>
  );
}

function NextAppointment({ onOpen }: { onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const next = useQuery(homeQueries.nextAppointments(trpc.useUtils()));
  const first = next.data?.items[0];
  return (
    <Card
      icon={<CalendarIcon size={20} />}
      title={t('home.upNext.appointment')}
      testId="home-next-appointment"
      action={
        <Button size="xs" variant="light" onClick={onOpen}>
          {first ? t('home.upNext.seeAppointments') : t('home.upNext.book')}
        </Button>
      }
    >
      {next.status === 'pending' && (
        <Skeleton height={16} width={160} mt={4} role="status" aria-label={t('home.upNext.loading')} />
      )}
      {next.status === 'error' && (
        <Text size="sm" c="red">
          {t('home.upNext.failed')}
        </Text>
      )}
      {next.status === 'success' && (
        <Text size="sm">
          {first
            ? t('home.upNext.appointmentAt', {
                date: formatDate(first.startsAt, i18n.language),
                time: formatTime(first.startsAt, i18n.language),
                provider: first.provider.fullName,
              })
            : t('home.upNext.noAppointment')}
        </Text>
      )}
    </Card>
  );
}

function UnreadMessages({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  return (
    <Card
      icon={<MailIcon size={20} />}
      title={t('home.upNext.messages')}
      testId="home-unread-messages"
      action={
        <Button size="xs" variant="light" onClick={onOpen}>
          {t('home.upNext.readMessages')}
        </Button>
      }
    >
      {unread === null ? (
        <Skeleton height={16} width={120} mt={4} role="status" aria-label={t('home.upNext.loading')} />
      ) : (
        <Text size="sm" fw={unread > 0 ? 700 : 400}>
          {unread > 0 ? t('home.upNext.unread', { count: unread }) : t('home.upNext.noUnread')}
        </Text>
      )}
    </Card>
  );
}
