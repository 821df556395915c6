import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifyError } from '../../../components/notifications/use-notify';
import { grabFrame } from './capture-frame';
import { SnapshotEditor } from './snapshot-editor';

export interface CaptureButtonProps {
  /** The video to capture (the main stream's). */
  video: HTMLVideoElement | null;
  visitId: string;
  canSave: boolean;
}

/** Captures the video's current frame and opens it in the snapshot editor. */
export function CaptureButton({ video, visitId, canSave }: CaptureButtonProps) {
  const { t } = useTranslation('visits');
  const notifyError = useNotifyError();
  const [image, setImage] = useState<string | null>(null);

  const capture = () => {
    if (!video) return;
    try {
      setImage(grabFrame(video));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <>
      <Button variant="default" onClick={capture} disabled={!video} data-testid="capture-snapshot">
        {t('tools.capture')}
      </Button>
      <SnapshotEditor image={image} onClose={() => setImage(null)} visitId={visitId} canSave={canSave} />
    </>
  );
}
