import { Button } from '@mantine/core';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifications, useNotifyError } from '../../../components/notifications/use-notify';
import type { StreamWrapper } from '../stream-wrapper';
import { captureShownFrame } from './capture-frame';
import { SnapshotEditor } from './snapshot-editor';

export interface CaptureButtonProps {
  /** The video to capture (the main stream's), and the stream it shows. */
  video: HTMLVideoElement | null;
  stream: StreamWrapper | undefined;
  visitId: string;
  canSave: boolean;
}

/**
 * Captures the main video's current frame and opens it in the snapshot editor. A video with no
 * picture (a camera turned off, a black or missing frame) is not captured: the message says whose
 * camera to turn on.
 */
export const CaptureButton = memo(function CaptureButton({
  video,
  stream,
  visitId,
  canSave,
}: CaptureButtonProps) {
  const { t } = useTranslation('visits');
  const { notify } = useNotifications();
  const notifyError = useNotifyError();
  const [image, setImage] = useState<string | null>(null);

  const capture = () => {
    if (!video) return;
    try {
      const frame = captureShownFrame(video, stream?.isVideoMuted ?? false);
      if ('image' in frame) return setImage(frame.image);
      const message =
        frame.missing === 'noPicture'
          ? t('tools.noPicture.waiting')
          : stream?.type === 'remote'
            ? t('tools.noPicture.theirCameraOff', { name: stream.fullName })
            : t('tools.noPicture.ownCameraOff');
      notify({ id: 'capture-no-picture', message, tone: 'error' });
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
});
