import { Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What the microphone hears: a bar that moves as one speaks (orange near the top), and a hint under it. */
export function MicrophoneLevel({ level, hint }: { level: number; hint: string }) {
  const { t } = useTranslation('settings');
  return (
    <>
      <Progress
        value={level}
        size="lg"
        color={level > 85 ? 'orange' : 'teal'}
        aria-label={t('media.level')}
        transitionDuration={80}
        data-testid="microphone-level"
      />
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </>
  );
}
