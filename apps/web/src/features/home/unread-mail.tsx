import { Anchor, Badge, Group, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ItemList } from '../../components/data/list-view';
import { QueryView } from '../../components/data/load-state';
import { EmptyState } from '../../components/page/empty-state';
import { MailIcon } from '../../components/icons/icons';
import { ROUTES } from '../../route-paths';
import { trpc } from '../../api/trpc';
import { useUnreadCount } from '../mail/mail-queries';
import { homeQueries } from './home-queries';
import { HomeSection } from './home-section';

/** The clinician's unread messages: the count, the latest threads (unread ones marked), a link to mail. */
export function UnreadMail() {
  const { t } = useTranslation('screens');
  const unread = useUnreadCount();
  const threads = useQuery(homeQueries.latestThreads(trpc.useUtils()));
  return (
    <HomeSection
      title={t('home.mail.title')}
      testId="home-mail"
      count={unread}
      more={{ to: ROUTES.mail, label: t('home.mail.all') }}
    >
      <QueryView query={threads} loading={t('home.mail.loading')}>
        {(page) =>
          page.items.length === 0 ? (
            <EmptyState
              order={3}
              icon={<MailIcon size={28} />}
              title={t('home.mail.empty')}
              hint={t('home.mail.emptyHint')}
            />
          ) : (
            <ItemList gap={6} testId="home-thread-list">
              {page.items.map((thread) => (
                <Paper
                  key={thread.id}
                  component="li"
                  withBorder
                  radius="sm"
                  px="sm"
                  py={6}
                  data-testid="home-thread"
                  data-unread={thread.unreadCount > 0}
                >
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Anchor
                      component={Link}
                      to={`${ROUTES.mail}?thread=${encodeURIComponent(thread.id)}`}
                      fw={thread.unreadCount > 0 ? 700 : 400}
                      truncate
                      miw={0}
                    >
                      {thread.subject}
                    </Anchor>
                    {thread.unreadCount > 0 && (
                      <Badge size="sm" variant="light" color="red" tt="none">
                        {t('home.mail.unread', { count: thread.unreadCount })}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" truncate>
                    {thread.patient.fullName}
                  </Text>
                </Paper>
              ))}
            </ItemList>
          )
        }
      </QueryView>
    </HomeSection>
  );
}
