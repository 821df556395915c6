import type { ErrorKey } from '@opencare/schemas/errors';
import { ApiError } from '../../api/api-error';

/** A media failure raised in the browser: the app's one error type, by catalogue key (spec §8, Media). */
export function mediaError(key: ErrorKey): ApiError {
  return ApiError.of(key);
}

/** The browser's media devices, or mediaDevicesNotSupported (spec §5): e.g. a page not served over HTTPS. */
export function mediaDevices(): MediaDevices {
  // Typed as always present, but absent in insecure contexts and old browsers.
  const devices = (navigator as Partial<Navigator>).mediaDevices;
  if (!devices) throw mediaError('mediaDevicesNotSupported');
  return devices;
}

export type MediaKind = 'audio' | 'video';

/** The catalogue key of a getUserMedia failure (DOMException names of the Media Capture spec). */
function keyOfFailure(error: unknown, kind: MediaKind): ErrorKey {
  const name = error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'mediaPermissionDenied';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return kind === 'audio' ? 'noMicrophone' : 'noCamera';
    case 'NotReadableError':
    case 'AbortError':
      return 'deviceInUse';
    default:
      return 'unknown';
  }
}

/**
 * Open the microphone or the camera. The chosen device is asked for as a preference, not a demand:
 * a device unplugged since it was chosen falls back to the default instead of failing.
 */
export async function openStream(kind: MediaKind, deviceId: string | undefined): Promise<MediaStream> {
  const devices = mediaDevices();
  const track: MediaTrackConstraints | boolean = deviceId ? { deviceId } : true;
  let stream: unknown;
  try {
    stream = await devices.getUserMedia(kind === 'audio' ? { audio: track } : { video: track });
  } catch (error) {
    throw mediaError(keyOfFailure(error, kind));
  }
  // Spec §5: the result must be a real media stream (some shims and extensions return other things).
  if (typeof MediaStream === 'undefined' || !(stream instanceof MediaStream)) {
    throw mediaError('invalidMediaStream');
  }
  return stream;
}

export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** Whether sound can be sent to a chosen speaker (setSinkId); Firefox and Safari mostly cannot yet. */
export function canChooseSpeaker(): boolean {
  return (
    typeof HTMLMediaElement !== 'undefined' &&
    ('setSinkId' in HTMLMediaElement.prototype ||
      (typeof AudioContext !== 'undefined' && 'setSinkId' in AudioContext.prototype))
  );
}
