import type { ErrorKey } from '@opencare/schemas/errors';
import type { VisitParticipant } from '@opencare/schemas/entities/visits';
import type { CallQuality } from './link-quality';

/** What the engine tells the visit screen. */
export interface CallEngineEvents {
  /** A remote device's stream arrived (or came back with other tracks). */
  remoteStream(deviceId: string, stream: MediaStream, info: RemoteStreamInfo): void;
  remoteStreamEnded(deviceId: string, streamId: string): void;
  /** A remote device says how its streams are (muted, screen share) — over the engine's data path. */
  remoteState(deviceId: string, state: RemoteDeviceState): void;
  failed(key: ErrorKey): void;
}

export interface RemoteStreamInfo {
  /** The stream's id on the sending device (a LiveKit stream arrives under an id of its own). */
  sentAs: string;
  fullName: string;
  accountId: string | null;
}

/** Sent by each side so the other can label its streams and show a muted camera as such. */
export interface RemoteDeviceState {
  audioMuted: boolean;
  videoMuted: boolean;
  screenShareStreamId: string | null;
  spcCameraStreamId: string | null;
  secondCameraStreamId: string | null;
}

/**
 * One call engine (design: LiveKit by default, Simple Peer without a LiveKit server). The visit
 * screen publishes local streams and hears of remote ones; muting is done on the tracks themselves
 * (track.enabled), so it needs no renegotiation.
 */
export interface CallEngine {
  readonly kind: 'livekit' | 'simple-peer';
  start(): Promise<void>;
  publish(stream: MediaStream): void;
  unpublish(stream: MediaStream): void;
  /** Tell the others how this device's streams are. */
  shareState(state: RemoteDeviceState): void;
  /** Who is in the visit now (Simple Peer opens or closes its peers from this). */
  setParticipants(participants: VisitParticipant[]): void;
  /** How the links are doing now (read every few seconds). */
  sampleQuality(): Promise<CallQuality>;
  /** A device entered the visit's room and can be signalled now (Simple Peer connects to it). */
  deviceEntered(deviceId: string): void;
  /** Resolves once the offers this device makes to the devices known so far are made (Simple Peer). */
  offersMade?(): Promise<void>;
  stop(): void;
}
