import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PreCallCheck } from '../call-check/pre-call-check';
import { usePreCallMedia } from '../call-check/use-pre-call-media';
import { SettingsSection } from './settings-section';

/** Settings → Video: the pre-call check of the pre-join screen, at any time. The camera starts only when asked to. */
export function VideoPage() {
  const { t } = useTranslation('settings');
  const [checking, setChecking] = useState(false);
  const media = usePreCallMedia(checking);
  return (
    <SettingsSection title={t('callCheck.title')} description={t('callCheck.description')}>
      <Stack>
        <Group>
          {checking ? (
            <Button variant="default" onClick={() => setChecking(false)} data-testid="stop-check">
              {t('callCheck.stop')}
            </Button>
          ) : (
            <Button onClick={() => setChecking(true)} data-testid="start-check">
              {t('callCheck.start')}
            </Button>
          )}
        </Group>
        <PreCallCheck media={media} opened={checking} running={checking} />
      </Stack>
    </SettingsSection>
  );
}
