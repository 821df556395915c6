import { Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAudioLevel } from './use-audio-level';

/**
 * What the microphone hears: a bar that moves as one speaks (orange near the top), and a hint under
 * it. The level changes 15 times a second, so it is read here: only the bar renders again, not the
 * device check around it (its device lists, switches and network check).
 */
export function MicrophoneLevel({ stream, hint }: { stream: MediaStream | null; hint: string }) {
  const { t } = useTranslation('settings');
  const level = useAudioLevel(stream);
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
