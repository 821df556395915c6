import type { VisitSession } from '@opencare/schemas/entities/visits';
import type { ErrorKey } from '@opencare/schemas/errors';
import type { PeerSignal, VisitRoomSoFar } from '@opencare/schemas/socket-events';
import { emitWithAck } from '../../../realtime/emit-with-ack';
import type { PeopleSocket } from '../../../realtime/realtime-context';
import type { CallEngine, CallEngineEvents, RemoteDeviceState } from '../engines/call-engine';
import { VisitChat } from '../chat/visit-chat';
import { SimplePeerEngine, type Signaller } from '../engines/simple-peer-engine';
import { mediaErrorKey } from '../media-errors';
import { SharedDrawing } from '../tools/shared-drawing';
import { ApiError } from '../../../api/api-error';
import { isErrorKey } from '@opencare/schemas/errors';
import { wrapStream, type StreamWrapper } from '../stream-wrapper';
import { initialVisitState, visitReducer, type VisitAction, type VisitState } from '../visit-state';
import { openDisplay, openSecondCamera, stopStream } from './local-media';
import { initialWeakNetworkWatch, QUALITY_EVERY_MS, watchWeakNetwork } from './weak-network';

/** How long the call waits for its first offers before showing (see VisitCall.start). */
const OFFER_HEAD_START_MS = 150;

/** `work` done, or `ms` passed, whichever comes first; never rejects. */
const atMost = (work: Promise<void> | undefined, ms: number) =>
  work &&
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    void work.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Where the call is: in it, or out of it and why ('removed': a clinician removed this guest). */
export type CallPhase = 'inCall' | 'takenOver' | 'left' | 'ended' | 'removed';

export interface CallSnapshot {
  state: VisitState;
  phase: CallPhase;
  /** Notices for the user: the engine fell back, a tool failed (catalogue keys). */
  failure: ErrorKey | null;
  /** The connection to the edge dropped: the call stays while it comes back (and enters the room again). */
  reconnecting: boolean;
}

/** A session with a way to call: the device was let in (one in the waiting room has none yet). */
export type CallSession = VisitSession & { call: NonNullable<VisitSession['call']> };
export const canCall = (session: VisitSession): session is CallSession => session.call !== null;

export interface VisitCallOptions {
  session: CallSession;
  /** The room as entered with the join (`visit:join`); null: the call enters it itself once it listens. */
  room?: VisitRoomSoFar | null;
  deviceId: string;
  socket: PeopleSocket | null;
  /** The camera and microphone opened for the device check; the call takes them over. */
  local: MediaStream | null;
  /** Camera and microphone on or off from the first moment, as chosen before joining (spec default: camera off). */
  startWith?: { camera: boolean; microphone: boolean };
  onLeave: (visitId: string, deviceId: string) => Promise<void>;
}

/**
 * One running video visit on this device: the call engine, the local media, the socket room and the
 * visit state (one reducer, spec §3). It lives outside React, in the active-call provider, so the
 * call goes on in picture-in-picture while the user is elsewhere in the app.
 */
export class VisitCall {
  private snapshot: CallSnapshot;
  private readonly listeners = new Set<() => void>();
  /** Made on start: LiveKit's client is loaded only for a LiveKit call. */
  private engine: CallEngine | null = null;
  private readonly cleanups: (() => void)[] = [];
  private local: MediaStream | null;
  private screen: MediaStream | null = null;
  private secondCamera: MediaStream | null = null;
  private readonly remoteStates = new Map<string, RemoteDeviceState>();
  private entered = false;
  /** The visit's chat, heard over the same room. */
  readonly chat: VisitChat;
  /** The drawings over the streams, seen by everyone in the visit. */
  readonly drawings: SharedDrawing;

  constructor(private readonly options: VisitCallOptions) {
    const { session } = options;
    this.chat = new VisitChat({ socket: options.socket, visitId: session.visit.id, selfAccountId: session.self.accountId });
    this.local = options.local;
    this.drawings = new SharedDrawing(session.visit.id, options.deviceId, options.socket, (error: unknown) =>
      this.update({ failure: error instanceof ApiError && isErrorKey(error.key) ? error.key : 'unknown' }),
    );
    let state = visitReducer(initialVisitState, { type: 'visitLoaded', visit: session.visit });
    state = visitReducer(state, {
      type: 'joined',
      engine: session.call.engine,
      room: session.call.engine === 'livekit' ? session.call.room : null,
      participants: session.participants,
    });
    if (options.startWith) {
      state = visitReducer(state, { type: 'toggle', name: 'muteVideo', value: !options.startWith.camera });
      state = visitReducer(state, { type: 'toggle', name: 'muteAudio', value: !options.startWith.microphone });
    }
    this.snapshot = { state, phase: 'inCall', failure: null, reconnecting: false };
  }

  get visitId() {
    return this.options.session.visit.id;
  }

  get session() {
    return this.options.session;
  }

  getSnapshot = (): CallSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  dispatch(action: VisitAction): void {
    this.update({ state: visitReducer(this.snapshot.state, action) });
  }

  private update(changes: Partial<CallSnapshot>) {
    this.snapshot = { ...this.snapshot, ...changes };
    for (const listener of this.listeners) listener();
  }

  /**
   * Start media, the engine and the socket room. Entered with the join, the others offer to this
   * device as soon as they hear of it, which is after the join's answer: until the engine listens,
   * only promise continuations may run (no timer, no awaited load), or a signal could come unheard.
   * `show` puts the call on screen once this device's first offers are made (at most
   * OFFER_HEAD_START_MS): the call view's first render takes 50–150 ms of the main thread, and
   * rendered first it held the offer back (call set-up, issue 18).
   */
  async start(show: () => void = () => undefined): Promise<void> {
    let entering: Promise<void> | null;
    try {
      this.engine = await this.createEngine();
      if (this.snapshot.phase !== 'inCall') return;
      this.listenToSocket();
      await this.engine.start();
      const { room } = this.options;
      // Listening, so the room's first signals to this device are heard: enter at once (call set-up).
      // What follows runs before any answer from the edge can be handled.
      entering = room ? null : this.enterRoom();
      if (this.local) this.addLocal(this.local, {});
      this.applyToggles();
      // Offers are made while the device enters the room, and sent once the other is there.
      this.engine.setParticipants(this.options.session.participants);
      this.watchQuality();
      if (room) this.roomEntered(room);
      await atMost(this.engine.offersMade?.(), OFFER_HEAD_START_MS);
    } finally {
      show();
    }
    await entering;
  }

  /**
   * Read the links every few seconds: bars on the tiles, and on a weak network this device's camera
   * pauses by itself (audio goes on) and video is offered again when the network is good again.
   */
  private watchQuality() {
    let watch = initialWeakNetworkWatch;
    const timer = setInterval(() => {
      void this.engine
        ?.sampleQuality()
        .then((quality) => {
          if (this.snapshot.phase !== 'inCall') return;
          this.dispatch({ type: 'quality', quality });
          const { toggles, weakNetwork } = this.snapshot.state;
          const cameraOn = !toggles.muteVideo && Boolean(this.local?.getVideoTracks().length);
          const result = watchWeakNetwork(watch, quality.self, { cameraOn, videoPaused: weakNetwork === 'videoPaused' });
          watch = result.watch;
          if (result.step === 'pauseVideo') {
            this.dispatch({ type: 'toggle', name: 'muteVideo', value: true });
            this.applyToggles();
            this.dispatch({ type: 'weakNetwork', value: 'videoPaused' });
          } else if (result.step === 'recovered') {
            this.dispatch({ type: 'weakNetwork', value: 'recovered' });
          }
        })
        .catch(() => undefined);
    }, QUALITY_EVERY_MS);
    this.cleanups.push(() => clearInterval(timer));
  }

  /** The weak-network notice was read (or video turned back on). */
  dismissWeakNetwork() {
    this.dispatch({ type: 'weakNetwork', value: null });
  }

  private async createEngine(): Promise<CallEngine> {
    const { session, deviceId } = this.options;
    const events: CallEngineEvents = {
      remoteStream: (fromDevice, stream, info) => {
        const known = this.remoteStates.get(fromDevice);
        const isScreenShare = known?.screenShareStreamId === info.sentAs;
        this.dispatch({
          type: 'streamAdded',
          stream: wrapStream(stream, {
            type: 'remote',
            sentAs: info.sentAs,
            deviceId: fromDevice,
            fullName: info.fullName,
            accountId: info.accountId,
            isScreenShare,
            isSpcCamera: known?.spcCameraStreamId === info.sentAs,
            isSecondCamera: known?.secondCameraStreamId === info.sentAs,
            isVideoMuted: known?.videoMuted ?? false,
            isAudioMuted: known?.audioMuted ?? false,
          }),
        });
        if (isScreenShare) this.showScreenShare(stream.id);
      },
      remoteStreamEnded: (_device, streamId) => this.dispatch({ type: 'streamRemoved', id: streamId }),
      remoteState: (fromDevice, remote) => {
        this.remoteStates.set(fromDevice, remote);
        for (const s of this.snapshot.state.streams.filter(
          (w) => w.deviceId === fromDevice && w.type === 'remote',
        )) {
          const camera = s.sentAs !== remote.screenShareStreamId;
          const secondCamera = s.sentAs === (remote.secondCameraStreamId ?? null);
          this.dispatch({
            type: 'streamUpdated',
            id: s.id,
            changes: {
              isScreenShare: !camera,
              isSpcCamera: s.sentAs === remote.spcCameraStreamId,
              isSecondCamera: secondCamera,
              // The device's mute is its main camera's: a second camera and a screen have their own.
              isVideoMuted: camera && !secondCamera && s.sentAs !== remote.spcCameraStreamId ? remote.videoMuted : false,
              isAudioMuted: remote.audioMuted,
            },
          });
          if (!camera && !s.isScreenShare) this.showScreenShare(s.id);
        }
      },
      failed: (key) => this.update({ failure: key }),
    };
    if (session.call.engine === 'livekit') {
      const { LiveKitEngine } = await import('../engines/livekit-engine');
      return new LiveKitEngine(session.call.url, session.call.token, events);
    }
    return new SimplePeerEngine(deviceId, session.call.iceServers, this.signaller(), events);
  }

  /** A screen shared by someone else becomes the main stream, on every width (a phone's strip is too small to read). */
  private showScreenShare(streamId: string) {
    if (this.snapshot.state.main?.kind === 'component') return;
    this.dispatch({ type: 'selectMain', main: { kind: 'stream', id: streamId } });
  }

  private signaller(): Signaller {
    const { socket } = this.options;
    return {
      send: (toDeviceId, signal) => {
        if (!socket) return;
        // A lost signal is recovered by the greeting (see SimplePeerEngine); only worth a console note.
        void emitWithAck(socket, 'visit:signal', { visitId: this.visitId, toDeviceId, signal }).catch(
          (error: unknown) =>
            console.warn('Visit signal not relayed', error instanceof Error ? error.message : error),
        );
      },
      listen: (handler: (from: string, signal: PeerSignal) => void) => {
        if (!socket) return () => undefined;
        const listener = (payload: { visitId: string; fromDeviceId: string; signal: PeerSignal }) => {
          if (payload.visitId === this.visitId) handler(payload.fromDeviceId, payload.signal);
        };
        socket.on('visit:signal', listener);
        return () => socket.off('visit:signal', listener);
      },
    };
  }

  private listenToSocket() {
    const { socket } = this.options;
    if (!socket) return;
    const onParticipants = (p: { visitId: string; participants: VisitState['participants'] }) => {
      if (p.visitId !== this.visitId) return;
      this.dispatch({ type: 'participants', participants: p.participants });
      // Peers only once in the room: signals from a device that has not entered are refused.
      if (this.entered) this.engine?.setParticipants(p.participants);
    };
    const onEntered = (p: { visitId: string; deviceId: string }) => {
      if (p.visitId === this.visitId && this.entered) this.engine?.deviceEntered(p.deviceId);
    };
    const onStatus = (p: { visitId: string; startedAt: string | null; endedAt: string | null }) => {
      if (p.visitId !== this.visitId) return;
      this.dispatch({ type: 'visitTimes', startedAt: p.startedAt, endedAt: p.endedAt });
      if (p.endedAt) this.finish('ended');
    };
    const onTakenOver = (p: { visitId: string; deviceId: string }) => {
      if (p.visitId === this.visitId && p.deviceId === this.options.deviceId) this.finish('takenOver');
    };
    // The server closes this socket (a guest's revoked link, a session ended): the call is over here.
    const onRevoked = (p: { reason: string }) => this.finish(p.reason === 'invitationRevoked' ? 'removed' : 'ended');
    const onDisconnect = () => {
      if (socket.active) this.update({ reconnecting: true });
    };
    // A connection that could not be recovered lost its rooms: enter again.
    const onConnect = () => {
      this.update({ reconnecting: false });
      if (!socket.recovered) this.entered = false;
      if (!socket.recovered && this.snapshot.phase === 'inCall') void this.enterRoom();
    };
    socket.on('visit:participants', onParticipants);
    socket.on('visit:entered', onEntered);
    socket.on('visit:status', onStatus);
    socket.on('visit:takenOver', onTakenOver);
    socket.on('session:revoked', onRevoked);
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    this.cleanups.push(this.chat.listen());
    this.cleanups.push(this.drawings.listen());
    this.cleanups.push(() => {
      socket.off('visit:participants', onParticipants);
      socket.off('visit:entered', onEntered);
      socket.off('visit:status', onStatus);
      socket.off('visit:takenOver', onTakenOver);
      socket.off('session:revoked', onRevoked);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
    });
  }

  private async enterRoom() {
    const { socket, deviceId } = this.options;
    if (!socket?.connected) return;
    try {
      const entered = await emitWithAck(socket, 'visit:enter', { visitId: this.visitId, deviceId });
      this.dispatch({ type: 'participants', participants: entered.participants });
      this.engine?.setParticipants(entered.participants);
      this.roomEntered(entered);
    } catch {
      this.update({ failure: 'unableToJoin' });
    }
  }

  /** In the room: the chat so far, and the devices already there (offered to where it is this device's turn). */
  private roomEntered({ inRoom, messages, ownMessageIds }: VisitRoomSoFar) {
    this.entered = true;
    this.chat.received(messages, ownMessageIds);
    for (const other of inRoom) this.engine?.deviceEntered(other);
  }

  private addLocal(stream: MediaStream, fields: Partial<StreamWrapper>) {
    const self = this.options.session.self;
    this.dispatch({
      type: 'streamAdded',
      stream: wrapStream(stream, {
        ...fields,
        deviceId: this.options.deviceId,
        fullName: self.fullName,
        accountId: self.accountId,
      }),
    });
    this.engine?.publish(stream);
  }

  private removeLocal(stream: MediaStream) {
    this.engine?.unpublish(stream);
    stopStream(stream);
    this.dispatch({ type: 'streamRemoved', id: stream.id });
  }

  /** Mute by turning tracks off: nothing to renegotiate, and the other side is told over the data path. */
  private applyToggles() {
    const { toggles } = this.snapshot.state;
    for (const track of this.local?.getAudioTracks() ?? []) track.enabled = !toggles.muteAudio;
    for (const track of this.local?.getVideoTracks() ?? []) track.enabled = !toggles.muteVideo;
    if (this.local) {
      this.dispatch({
        type: 'streamUpdated',
        id: this.local.id,
        changes: { isAudioMuted: toggles.muteAudio, isVideoMuted: toggles.muteVideo },
      });
    }
    this.engine?.shareState({
      audioMuted: toggles.muteAudio,
      videoMuted: toggles.muteVideo,
      screenShareStreamId: this.screen?.id ?? null,
      spcCameraStreamId:
        this.snapshot.state.streams.find((s) => s.type === 'local' && s.isSpcCamera)?.id ?? null,
      secondCameraStreamId: this.secondCamera?.id ?? null,
    });
  }

  toggleAudio() {
    this.dispatch({ type: 'toggle', name: 'muteAudio' });
    this.applyToggles();
  }

  toggleVideo() {
    if (!this.local?.getVideoTracks().length) {
      this.update({ failure: 'noCamera' });
      return;
    }
    this.dispatch({ type: 'toggle', name: 'muteVideo' });
    this.applyToggles();
    this.dismissWeakNetwork();
  }

  toggleSpeaker() {
    this.dispatch({ type: 'toggle', name: 'muteSpeaker' });
  }

  async toggleScreenShare(): Promise<void> {
    if (this.screen) {
      this.removeLocal(this.screen);
      this.screen = null;
      this.dispatch({ type: 'toggle', name: 'shareScreen', value: false });
      this.applyToggles();
      return;
    }
    try {
      const screen = await openDisplay();
      this.screen = screen;
      // The browser's own "Stop sharing" button ends the track.
      screen.getVideoTracks()[0]?.addEventListener('ended', () => {
        if (this.screen === screen) void this.toggleScreenShare();
      });
      this.addLocal(screen, { isScreenShare: true });
      this.dispatch({ type: 'toggle', name: 'shareScreen', value: true });
      this.dispatch({ type: 'selectMain', main: { kind: 'stream', id: screen.id } });
      this.applyToggles();
    } catch (error) {
      this.update({ failure: errorKeyOfMedia(error, 'screen') });
    }
  }

  async toggleDualCamera(): Promise<void> {
    if (this.secondCamera) {
      this.removeLocal(this.secondCamera);
      this.secondCamera = null;
      this.dispatch({ type: 'toggle', name: 'dualCamera', value: false });
      this.applyToggles();
      return;
    }
    try {
      const current = this.local?.getVideoTracks()[0]?.getSettings().deviceId;
      const camera = await openSecondCamera(current);
      this.secondCamera = camera;
      this.addLocal(camera, { isSecondCamera: true });
      this.dispatch({ type: 'toggle', name: 'dualCamera', value: true });
      this.applyToggles();
    } catch (error) {
      this.update({ failure: errorKeyOfMedia(error, 'secondaryCamera') });
    }
  }

  clearFailure() {
    this.update({ failure: null });
  }

  reportFailure(key: ErrorKey) {
    this.update({ failure: key });
  }

  /** Leave the call on this device (the server hears of it unless the device was replaced). */
  async leave(): Promise<void> {
    const tell = this.snapshot.phase === 'inCall';
    this.finish('left');
    if (tell) await this.options.onLeave(this.visitId, this.options.deviceId).catch(() => undefined);
  }

  /** Stop media and engine; the phase says why. */
  finish(phase: Exclude<CallPhase, 'inCall'>) {
    if (this.snapshot.phase !== 'inCall') return;
    const { socket } = this.options;
    if (socket?.connected)
      void emitWithAck(socket, 'visit:exit', { visitId: this.visitId }).catch(() => undefined);
    this.engine?.stop();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    for (const stream of [this.local, this.screen, this.secondCamera]) if (stream) stopStream(stream);
    this.local = this.screen = this.secondCamera = null;
    this.update({ phase, state: visitReducer(this.snapshot.state, { type: 'reset' }) });
  }
}

function errorKeyOfMedia(error: unknown, request: 'screen' | 'secondaryCamera'): ErrorKey {
  if (error instanceof Error && error.name === 'MediaError') return error.message as ErrorKey;
  return mediaErrorKey(error, request);
}
