import type { ErrorKey } from '@opencare/schemas/errors';

/** What the failing call asked for: it decides which device "not found" names. */
export type MediaRequest = 'camera' | 'microphone' | 'both' | 'screen' | 'speaker' | 'secondaryCamera';

/**
 * The catalogue key of a media failure (spec §8), from a getUserMedia / getDisplayMedia /
 * setSinkId / requestPictureInPicture rejection (DOMException names) or a missing API.
 */
export function mediaErrorKey(error: unknown, request: MediaRequest = 'both'): ErrorKey {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return request === 'screen' ? 'screenShareUnsupported' : 'mediaPermissionDenied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return notFoundKey(request);
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'deviceInUse';
    case 'NotSupportedError':
    case 'TypeError':
      return request === 'screen' ? 'screenShareUnsupported' : 'mediaDevicesNotSupported';
    case 'InvalidStateError':
      return 'invalidMediaStream';
    default:
      return 'unknown';
  }
}

function notFoundKey(request: MediaRequest): ErrorKey {
  switch (request) {
    case 'microphone':
      return 'noMicrophone';
    case 'speaker':
      return 'noSpeakers';
    case 'secondaryCamera':
      return 'secondaryCameraNotFound';
    case 'screen':
      return 'screenShareUnsupported';
    case 'camera':
    case 'both':
      return 'noCamera';
  }
}

/** An Error whose message is a catalogue key: errorMessageOf translates it. */
export function mediaError(key: ErrorKey): Error {
  const error = new Error(key);
  error.name = 'MediaError';
  return error;
}

export function hasMediaDevices(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/**
 * Camera and microphone for the visit. Without one of them the other alone (a laptop without a
 * camera can still talk); without both, the camera's error.
 */
export async function openCameraAndMicrophone(chosen: { cameraId?: string; microphoneId?: string } = {}): Promise<MediaStream> {
  if (!hasMediaDevices()) throw mediaError('mediaDevicesNotSupported');
  // The chosen devices as a preference, not a demand: one unplugged since falls back to the default.
  const video: MediaTrackConstraints = { width: 640, height: 480, ...(chosen.cameraId ? { deviceId: chosen.cameraId } : {}) };
  const audio: MediaTrackConstraints | true = chosen.microphoneId ? { deviceId: chosen.microphoneId } : true;
  const attempts: [MediaStreamConstraints, MediaRequest][] = [
    [{ audio, video }, 'both'],
    [{ video }, 'camera'],
    [{ audio }, 'microphone'],
  ];
  let first: ErrorKey | null = null;
  for (const [constraints, request] of attempts) {
    try {
      return await navigator.mediaDevices.getUserMedia(constraints);
    } catch (error) {
      const key = mediaErrorKey(error, request);
      first ??= key;
      // Only a missing device is worth trying without; a refusal or a busy device stays one.
      if (key !== 'noCamera' && key !== 'noMicrophone') throw mediaError(key);
    }
  }
  throw mediaError(first ?? 'unknown');
}
