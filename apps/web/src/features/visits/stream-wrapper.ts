import type { LinkQuality } from './engines/link-quality';

/**
 * A stream on the visit screen (spec §3, stream wrapper): the local camera, a screen share, a second
 * camera, or a remote participant's stream. `deviceId` names the device it comes from, so a remote
 * wrapper is found again when that device's tracks change.
 */
export interface StreamWrapper {
  /** Unique on the screen: the stream's own id. */
  id: string;
  stream: MediaStream;
  isMainVideo: boolean;
  isVideoMuted: boolean;
  isAudioMuted: boolean;
  isScreenShare: boolean;
  isSpcCamera: boolean;
  isVideoCall: boolean;
  fullName: string;
  accountId: string | null;
  type: 'local' | 'remote';
  deviceId: string;
  /** How the link of this stream's device is doing (this device's own for a local stream); null until measured. */
  linkQuality: LinkQuality | null;
}

/** The special camera's name match (spec §9). */
export const SPC_CAMERA_MATCH = /SPC Camera/i;

export function wrapStream(
  stream: MediaStream,
  fields: Partial<Omit<StreamWrapper, 'stream' | 'id'>> & { deviceId: string },
): StreamWrapper {
  const video = stream.getVideoTracks()[0];
  return {
    id: stream.id,
    stream,
    isMainVideo: false,
    isVideoMuted: false,
    isAudioMuted: false,
    isScreenShare: false,
    isSpcCamera: video ? SPC_CAMERA_MATCH.test(video.label) : false,
    isVideoCall: true,
    fullName: '',
    accountId: null,
    type: 'local',
    linkQuality: null,
    ...fields,
  };
}
