import { Anchor, Text } from '@mantine/core';
import type { PatientSnapshot } from '@opencare/schemas/entities/patients';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../../route-paths';
import { SectionCard } from '../shared/section-card';
import { useReadingFormat } from '../shared/use-reading-format';

/** The patient's mail in numbers, and the way to read it. */
export function MessagesCard({ messages }: { messages: PatientSnapshot['messages'] }) {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  return (
    <SectionCard
      title={t('messages.title')}
      testId="messages-card"
      action={
        <Anchor component={Link} to={ROUTES.mail} size="sm">
          {t('messages.open')}
        </Anchor>
      }
    >
      {messages.threads === 0 ? (
        <Text size="sm" c="dimmed">
          {t('messages.none')}
        </Text>
      ) : (
        <>
          <Text size="sm" fw={messages.unread > 0 ? 700 : undefined}>
            {t('messages.unread', { value: format.number(messages.unread, 0) })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('messages.threads', { value: format.number(messages.threads, 0) })}
            {messages.lastMessageAt && (
              <>
                {' · '}
                {t('messages.last', { when: format.dateTime(messages.lastMessageAt) })}
              </>
            )}
          </Text>
        </>
      )}
    </SectionCard>
  );
}
