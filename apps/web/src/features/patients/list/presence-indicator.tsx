import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Presence } from '../../../realtime/use-live-presence';
import { useReadingFormat } from '../shared/use-reading-format';

/** A dot (green when online) and, in words, "Online" or when the person was last seen. */
export function PresenceIndicator({ presence }: { presence: Presence }) {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  const label = presence.isOnline
    ? t('list.presence.online')
    : presence.lastSeen
      ? t('list.presence.lastSeen', { time: format.dateTime(presence.lastSeen) })
      : t('list.presence.never');
  return (
    <Group gap={6} wrap="nowrap" data-testid="patient-presence" data-online={presence.isOnline}>
      <Box
        aria-hidden
        w={8}
        h={8}
        style={{
          borderRadius: '50%',
          flexShrink: 0,
          background: presence.isOnline ? 'var(--mantine-color-green-6)' : 'var(--mantine-color-gray-4)',
        }}
      />
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}
