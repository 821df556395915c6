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

/** The video's current frame drawn on a canvas of its own size. */
function frameCanvas(video: HTMLVideoElement): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D } {
  const { width, height } = frameSize(video);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw Object.assign(new Error('invalidMediaStream'), { key: 'invalidMediaStream' });
  context.fillStyle = 'black';
  context.fillRect(0, 0, width, height);
  context.drawImage(video, 0, 0, width, height);
  return { canvas, context };
}

/** The video's current frame as a PNG data URL (lossless, so annotations stay crisp). */
export function grabFrame(video: HTMLVideoElement): string {
  return frameCanvas(video).canvas.toDataURL('image/png');
}

/**
 * A frame that shows nothing: nearly black all over (a camera turned off, covered, or sending
 * black while muted). Judged on the brightness (Rec. 601 luma) of a sample of its pixels: very dark
 * on average and nearly even, so a dark but real picture (a throat, a night room) still passes.
 */
export function isBlankFrame(image: Pick<ImageData, 'data' | 'width' | 'height'>): boolean {
  const { data } = image;
  const pixels = image.width * image.height;
  if (pixels === 0) return true;
  // About 10,000 pixels are plenty to tell black from a picture.
  const step = Math.max(1, Math.floor(pixels / 10_000));
  let sum = 0;
  let sumOfSquares = 0;
  let count = 0;
  for (let pixel = 0; pixel < pixels; pixel += step) {
    const i = pixel * 4;
    const luma = 0.299 * (data[i] ?? 0) + 0.587 * (data[i + 1] ?? 0) + 0.114 * (data[i + 2] ?? 0);
    sum += luma;
    sumOfSquares += luma * luma;
    count += 1;
  }
  const mean = sum / count;
  const spread = Math.sqrt(Math.max(0, sumOfSquares / count - mean * mean));
  return mean < 12 && spread < 4;
}

/** Why a shown video has no picture to capture, if it has none. */
export type MissingPicture = 'cameraOff' | 'noPicture';

/**
 * Whether the video shows a picture now: a stream whose camera is off (muted on its device, a
 * track turned off or ended) or a video with no frame yet has none, and capturing it would save
 * a black square.
 */
export function missingPicture(video: HTMLVideoElement, cameraOff: boolean): MissingPicture | null {
  const track = (video.srcObject instanceof MediaStream ? video.srcObject : null)?.getVideoTracks()[0];
  if (cameraOff || (track && (!track.enabled || track.readyState === 'ended'))) return 'cameraOff';
  if (!track || track.muted || video.videoWidth === 0 || video.readyState < 2) return 'noPicture';
  return null;
}

/** The shown video's frame, or why there is nothing worth capturing. */
export function captureShownFrame(
  video: HTMLVideoElement,
  cameraOff: boolean,
): { image: string } | { missing: MissingPicture } {
  const missing = missingPicture(video, cameraOff);
  if (missing) return { missing };
  const { canvas, context } = frameCanvas(video);
  if (isBlankFrame(context.getImageData(0, 0, canvas.width, canvas.height))) return { missing: 'cameraOff' };
  return { image: canvas.toDataURL('image/png') };
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
