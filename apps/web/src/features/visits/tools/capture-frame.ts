import { DEFAULT_CANVAS } from '@opencare/schemas/constants';

/** The size of a video's current frame; the default call canvas (spec §9) before it has one. */
export function frameSize(video: Pick<HTMLVideoElement, 'videoWidth' | 'videoHeight'>): {
  width: number;
  height: number;
} {
  return video.videoWidth > 0 && video.videoHeight > 0
    ? { width: video.videoWidth, height: video.videoHeight }
    : { width: DEFAULT_CANVAS.width, height: DEFAULT_CANVAS.height };
}

/** The video's current frame as a PNG data URL (lossless, so annotations stay crisp). */
export function grabFrame(video: HTMLVideoElement): string {
  const { width, height } = frameSize(video);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw Object.assign(new Error('invalidMediaStream'), { key: 'invalidMediaStream' });
  context.fillStyle = 'black';
  context.fillRect(0, 0, width, height);
  context.drawImage(video, 0, 0, width, height);
  return canvas.toDataURL('image/png');
}

/** A frame of a stream that is not shown here (the special camera's tools get only the stream). */
export async function grabStreamFrame(stream: MediaStream): Promise<string> {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  try {
    await video.play();
    if (video.readyState < 2) {
      await new Promise<void>((resolve) =>
        video.addEventListener('loadeddata', () => resolve(), { once: true }),
      );
    }
    return grabFrame(video);
  } finally {
    video.pause();
    video.srcObject = null;
  }
}
