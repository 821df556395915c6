import type { VisitParticipant } from '@opencare/schemas/entities/visits';
import {
  Room,
  RoomEvent,
  type RemoteParticipant,
  type RemoteTrack,
  type RemoteTrackPublication,
} from 'livekit-client';
import type { CallEngine, CallEngineEvents, RemoteDeviceState } from './call-engine';
import { levelOfLivekit, type CallQuality } from './link-quality';

/** The part of the participant's LiveKit identity that is the device id (identity may be "account:device"). */
export function deviceOfIdentity(identity: string): string {
  return identity.split(':').pop() ?? identity;
}

/**
 * LiveKit: one room per visit on the LiveKit server, joined with the token the edge minted. Each
 * local stream is published under its own stream name; the remote side rebuilds one MediaStream per
 * participant and stream name.
 */
export class LiveKitEngine implements CallEngine {
  readonly kind = 'livekit';
  private readonly room = new Room({ adaptiveStream: true, dynacast: true });
  private readonly published = new Map<MediaStream, MediaStreamTrack[]>();
  /** participant identity + stream name → the MediaStream shown. */
  private readonly remote = new Map<string, MediaStream>();
  private people = new Map<string, VisitParticipant>();
  private connected = false;

  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly events: CallEngineEvents,
  ) {}

  async start(): Promise<void> {
    this.room
      .on(RoomEvent.TrackSubscribed, (track, publication, participant) =>
        this.onTrack(track, publication, participant),
      )
      .on(RoomEvent.TrackUnsubscribed, (track, publication, participant) =>
        this.offTrack(track, publication, participant),
      )
      .on(RoomEvent.ParticipantDisconnected, (participant) => this.offParticipant(participant))
      .on(RoomEvent.DataReceived, (payload, participant) => {
        if (!participant) return;
        try {
          const state = JSON.parse(new TextDecoder().decode(payload)) as RemoteDeviceState;
          this.events.remoteState(deviceOfIdentity(participant.identity), state);
        } catch {
          // Not ours.
        }
      });
    try {
      await this.room.connect(this.url, this.token);
    } catch {
      this.events.failed('unableToJoin');
      return;
    }
    this.connected = true;
    for (const stream of this.published.keys()) this.publishTracks(stream);
  }

  publish(stream: MediaStream): void {
    if (this.published.has(stream)) return;
    this.published.set(stream, stream.getTracks());
    if (this.connected) this.publishTracks(stream);
  }

  unpublish(stream: MediaStream): void {
    const tracks = this.published.get(stream);
    this.published.delete(stream);
    if (!tracks || !this.connected) return;
    for (const track of tracks)
      void this.room.localParticipant.unpublishTrack(track, false).catch(() => undefined);
  }

  shareState(state: RemoteDeviceState): void {
    if (!this.connected) return;
    const payload = new TextEncoder().encode(JSON.stringify(state));
    void this.room.localParticipant.publishData(payload, { reliable: true }).catch(() => undefined);
  }

  setParticipants(participants: VisitParticipant[]): void {
    this.people = new Map(participants.map((p) => [p.deviceId, p]));
  }

  sampleQuality(): Promise<CallQuality> {
    const devices: CallQuality['devices'] = {};
    for (const participant of this.room.remoteParticipants.values()) {
      const level = levelOfLivekit(participant.connectionQuality);
      if (level) devices[deviceOfIdentity(participant.identity)] = { level, roundTripMs: null, lossPercent: null, kbps: null };
    }
    return Promise.resolve({ self: levelOfLivekit(this.room.localParticipant.connectionQuality), devices });
  }

  /** LiveKit's own server connects the room: nothing to do. */
  deviceEntered(): void {}

  stop(): void {
    this.connected = false;
    void this.room.disconnect();
  }

  private publishTracks(stream: MediaStream) {
    for (const track of stream.getTracks()) {
      void this.room.localParticipant
        .publishTrack(track, { stream: stream.id })
        .catch(() => this.events.failed('unableToJoin'));
    }
  }

  private keyOf(participant: RemoteParticipant, publication: RemoteTrackPublication) {
    return `${participant.identity}|${publication.trackInfo?.stream ?? publication.source}`;
  }

  private onTrack(track: RemoteTrack, publication: RemoteTrackPublication, participant: RemoteParticipant) {
    const key = this.keyOf(participant, publication);
    const stream = this.remote.get(key) ?? new MediaStream();
    this.remote.set(key, stream);
    stream.addTrack(track.mediaStreamTrack);
    const deviceId = deviceOfIdentity(participant.identity);
    const person = this.people.get(deviceId);
    this.events.remoteStream(deviceId, stream, {
      sentAs: publication.trackInfo?.stream || stream.id,
      fullName: person?.fullName ?? participant.name ?? '',
      accountId: person?.accountId ?? null,
    });
  }

  private offTrack(track: RemoteTrack, publication: RemoteTrackPublication, participant: RemoteParticipant) {
    const key = this.keyOf(participant, publication);
    const stream = this.remote.get(key);
    if (!stream) return;
    stream.removeTrack(track.mediaStreamTrack);
    if (stream.getTracks().length === 0) {
      this.remote.delete(key);
      this.events.remoteStreamEnded(deviceOfIdentity(participant.identity), stream.id);
    }
  }

  private offParticipant(participant: RemoteParticipant) {
    for (const [key, stream] of [...this.remote]) {
      if (!key.startsWith(`${participant.identity}|`)) continue;
      this.remote.delete(key);
      this.events.remoteStreamEnded(deviceOfIdentity(participant.identity), stream.id);
    }
  }
}
