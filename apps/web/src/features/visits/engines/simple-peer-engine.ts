import type { IceServer, VisitParticipant } from '@opencare/schemas/entities/visits';
import type { PeerSignal } from '@opencare/schemas/socket-events';
import type { Instance as Peer, SignalData } from 'simple-peer';
import SimplePeer from 'simple-peer/simplepeer.min.js';
import type { CallEngine, CallEngineEvents, RemoteDeviceState } from './call-engine';

/** How signals travel: the edge's socket relay (visit:signal), one device to another. */
export interface Signaller {
  send(toDeviceId: string, signal: PeerSignal): void;
  /** Subscribe to signals for this device; returns the unsubscribe. */
  listen(handler: (fromDeviceId: string, signal: PeerSignal) => void): () => void;
}

interface PeerEntry {
  peer: Peer;
  initiator: boolean;
  connected: boolean;
  /** The passive side fed an offer already (a fresh offer before connecting means the other side started over). */
  offered: boolean;
  /** The offering side sent its offer: an answer before that belongs to a peer it dropped. */
  offerSent: boolean;
  greeter: ReturnType<typeof setInterval> | null;
  streams: Set<string>;
}

/** How long the answering side waits for an offer before greeting, and how many times it greets. */
export const GREET_AFTER_MS = 2500;
const GREETINGS = 5;
const RETRY_AFTER_MS = 1500;

/** Both sides agree who offers: the device whose id sorts first. */
export const isInitiator = (self: string, other: string) => self < other;

/**
 * Simple Peer: one RTCPeerConnection per remote device, signalled over the socket relay.
 *
 * The relay only reaches devices already in the visit's room, so a first offer can be lost when
 * the other device has joined but not yet entered. To recover, the answering side greets the
 * offering side (`{ renegotiate: true }`) when no offer came within GREET_AFTER_MS of seeing it
 * (waiting first keeps a greeting from racing an offer already on its way); a greeting from a
 * device without a connected peer makes the offering side start its peer afresh.
 */
export class SimplePeerEngine implements CallEngine {
  readonly kind = 'simple-peer';
  private readonly peers = new Map<string, PeerEntry>();
  private readonly local = new Set<MediaStream>();
  private people = new Map<string, VisitParticipant>();
  private state: RemoteDeviceState | null = null;
  private unlisten: (() => void) | null = null;

  constructor(
    private readonly selfDeviceId: string,
    private readonly iceServers: IceServer[],
    private readonly signaller: Signaller,
    private readonly events: CallEngineEvents,
  ) {}

  async start(): Promise<void> {
    this.unlisten = this.signaller.listen((from, signal) => this.onSignal(from, signal));
    return Promise.resolve();
  }

  publish(stream: MediaStream): void {
    if (this.local.has(stream)) return;
    this.local.add(stream);
    for (const entry of this.peers.values()) if (entry.connected) entry.peer.addStream(stream);
  }

  unpublish(stream: MediaStream): void {
    if (!this.local.delete(stream)) return;
    for (const entry of this.peers.values()) {
      if (!entry.connected) continue;
      try {
        entry.peer.removeStream(stream);
      } catch {
        // The peer never had it (added before connecting and dropped since).
      }
    }
  }

  shareState(state: RemoteDeviceState): void {
    this.state = state;
    for (const entry of this.peers.values()) this.sendState(entry);
  }

  setParticipants(participants: VisitParticipant[]): void {
    this.people = new Map(
      participants.filter((p) => p.deviceId !== this.selfDeviceId).map((p) => [p.deviceId, p]),
    );
    for (const deviceId of [...this.peers.keys()]) if (!this.people.has(deviceId)) this.dropPeer(deviceId);
    for (const deviceId of this.people.keys()) if (!this.peers.has(deviceId)) this.connectTo(deviceId);
  }

  /** Open the peer with a device in the visit: offer to it, or wait for its offer (greeting it). */
  private connectTo(deviceId: string) {
    if (isInitiator(this.selfDeviceId, deviceId)) this.openPeer(deviceId, true);
    else this.greetUntilOffered(deviceId, this.openPeer(deviceId, false));
  }

  /** A peer that failed or closed while its device is still in the visit is tried again. */
  private retryLater(deviceId: string) {
    setTimeout(() => {
      if (this.unlisten && this.people.has(deviceId) && !this.peers.has(deviceId)) this.connectTo(deviceId);
    }, RETRY_AFTER_MS);
  }

  stop(): void {
    this.unlisten?.();
    this.unlisten = null;
    for (const deviceId of [...this.peers.keys()]) this.dropPeer(deviceId);
    this.local.clear();
  }

  private onSignal(from: string, signal: PeerSignal): void {
    const entry = this.peers.get(from);
    const initiator = isInitiator(this.selfDeviceId, from);
    if ('renegotiate' in signal && initiator && !entry?.connected) {
      // A greeting: the other side is in the room now; (re)start the offer.
      if (entry) this.dropPeer(from);
      this.openPeer(from, true);
      return;
    }
    const isOffer = 'type' in signal && signal.type === 'offer';
    let target = entry;
    if (!initiator && isOffer && (!target || (target.offered && !target.connected))) {
      if (target) this.dropPeer(from);
      target = this.openPeer(from, false);
    }
    if (!target) return;
    if ('type' in signal && signal.type === 'answer' && !target.offerSent) return;
    if (isOffer) target.offered = true;
    target.peer.signal(signal as SignalData);
  }

  private openPeer(deviceId: string, initiator: boolean): PeerEntry {
    const peer = new SimplePeer({
      initiator,
      trickle: true,
      config: { iceServers: this.iceServers },
      streams: [...this.local],
    });
    const entry: PeerEntry = {
      peer,
      initiator,
      connected: false,
      offered: false,
      offerSent: false,
      greeter: null,
      streams: new Set(),
    };
    this.peers.set(deviceId, entry);
    const mine = () => this.peers.get(deviceId) === entry;

    peer.on('signal', (data: SignalData) => {
      if (data.type === 'offer') entry.offerSent = true;
      if (mine()) this.signaller.send(deviceId, data as PeerSignal);
    });
    peer.on('connect', () => {
      if (!mine()) return;
      entry.connected = true;
      this.sendState(entry);
      // Streams published while connecting were not in the offer.
      for (const stream of this.local) if (!peer.streams.includes(stream)) this.addQuietly(peer, stream);
    });
    peer.on('stream', (stream: MediaStream) => {
      if (!mine()) return;
      entry.streams.add(stream.id);
      const person = this.people.get(deviceId);
      this.events.remoteStream(deviceId, stream, {
        // The sender's msid: the same id on both sides.
        sentAs: stream.id,
        fullName: person?.fullName ?? '',
        accountId: person?.accountId ?? null,
      });
      stream.addEventListener('removetrack', () => {
        if (stream.getTracks().length === 0 && entry.streams.delete(stream.id)) {
          this.events.remoteStreamEnded(deviceId, stream.id);
        }
      });
    });
    peer.on('data', (data: Uint8Array | string) => {
      if (!mine()) return;
      try {
        const text = typeof data === 'string' ? data : new TextDecoder().decode(data);
        this.events.remoteState(deviceId, JSON.parse(text) as RemoteDeviceState);
      } catch {
        // Not ours: ignore.
      }
    });
    const lost = () => {
      if (!mine()) return;
      this.dropPeer(deviceId);
      this.retryLater(deviceId);
    };
    peer.on('close', lost);
    peer.on('error', lost);
    return entry;
  }

  private greetUntilOffered(deviceId: string, entry: PeerEntry) {
    let left = GREETINGS;
    entry.greeter = setInterval(() => {
      if (this.peers.get(deviceId) !== entry || entry.offered || entry.connected || left <= 0) {
        if (entry.greeter) clearInterval(entry.greeter);
        entry.greeter = null;
        return;
      }
      left -= 1;
      this.signaller.send(deviceId, { renegotiate: true });
    }, GREET_AFTER_MS);
  }

  private addQuietly(peer: Peer, stream: MediaStream) {
    try {
      peer.addStream(stream);
    } catch {
      // Already there.
    }
  }

  private sendState(entry: PeerEntry) {
    if (!entry.connected || !this.state) return;
    try {
      entry.peer.send(JSON.stringify(this.state));
    } catch {
      // The channel closed; the peer's close event follows.
    }
  }

  private dropPeer(deviceId: string) {
    const entry = this.peers.get(deviceId);
    if (!entry) return;
    this.peers.delete(deviceId);
    if (entry.greeter) clearInterval(entry.greeter);
    for (const id of entry.streams) this.events.remoteStreamEnded(deviceId, id);
    entry.peer.destroy();
  }
}
