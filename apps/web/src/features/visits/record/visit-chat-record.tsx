import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../../api/trpc';
import { QueryView } from '../../../components/data/load-state';
import { RecordSection } from './record-section';
import { useWhen } from './visit-note';
import classes from './visit-record.module.css';

/** The visit's chat on its record: what everyone in the call wrote, oldest first. */
export function VisitChatRecord({ visitId }: { visitId: string }) {
  const { t } = useTranslation('visits');
  const when = useWhen();
  const query = trpc.visits.messages.useQuery({ id: visitId });
  return (
    <RecordSection id="visit-chat-title" title={t('record.chat')} testId="visit-chat-record">
      <QueryView query={query} loading={t('record.chatLoading')}>
        {(messages) =>
          messages.length === 0 ? (
            <Text c="dimmed" data-testid="visit-chat-empty">
              {t('record.noChat')}
            </Text>
          ) : (
            <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
              {messages.map((message) => (
                <li key={message.id} data-testid="visit-chat-message">
                  <Text size="xs" c="dimmed">
                    <bdi>{message.senderName}</bdi> · <bdi>{when(message.sentAt)}</bdi>
                  </Text>
                  {/* Isolated, not dir="auto": a message in another script keeps to the page's side, under its sender. */}
                  <Text size="sm" className={classes.text}>
                    <bdi>{message.body}</bdi>
                  </Text>
                </li>
              ))}
            </Stack>
          )
        }
      </QueryView>
    </RecordSection>
  );
}
