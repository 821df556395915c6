import { mediaError, mediaErrorKey } from '../media-errors';

export function stopStream(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

/** The screen (or a window) to share; a browser without getDisplayMedia cannot. */
export async function openDisplay(): Promise<MediaStream> {
  if (typeof navigator.mediaDevices?.getDisplayMedia !== 'function')
    throw mediaError('screenShareUnsupported');
  try {
    return await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
  } catch (error) {
    throw mediaError(mediaErrorKey(error, 'screen'));
  }
}

/** A camera other than the one in use (dual camera); none → secondaryCameraNotFound. */
export async function openSecondCamera(currentDeviceId: string | undefined): Promise<MediaStream> {
  if (typeof navigator.mediaDevices?.enumerateDevices !== 'function')
    throw mediaError('dualStreamUnsupported');
  const cameras = (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'videoinput');
  const other = cameras.find((d) => d.deviceId && d.deviceId !== currentDeviceId);
  if (!other) throw mediaError('secondaryCameraNotFound');
  try {
    return await navigator.mediaDevices.getUserMedia({
      video: { deviceId: { exact: other.deviceId } },
      audio: false,
    });
  } catch (error) {
    throw mediaError(mediaErrorKey(error, 'secondaryCamera'));
  }
}
