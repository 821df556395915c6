import type { IceServer, VisitParticipant } from '@opencare/schemas/entities/visits';
import type { PeerSignal } from '@opencare/schemas/socket-events';
import type { Instance as Peer, SignalData } from 'simple-peer';
import SimplePeer from 'simple-peer/simplepeer.min.js';
import type { CallEngine, CallEngineEvents, RemoteDeviceState } from './call-engine';
import { linkQuality, sampleOf, worstOf, type CallQuality, type Stat, type StatsSample } from './link-quality';

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
  /** When the offering side opened the peer or sent its offer: a greeting soon after crossed it. */
  offeredAt: number;
  /** The answering side's remote streams, reported once its answer is out; null once it is. */
  unanswered: MediaStream[] | null;
  greeter: ReturnType<typeof setInterval> | null;
  streams: Set<string>;
  /** Signals of an offer made ahead, held until the other device is in the room; null once it is. */
  held: PeerSignal[] | null;
  /** The connection's statistics when last sampled (link quality is the change since). */
  lastSample: StatsSample | null;
  /** The offering side: resolves when its offer is made (held or sent), the peer's first signal. */
  offerMade: Promise<void> | null;
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
 * The relay only reaches devices that entered the visit's room. The edge tells a device which
 * devices were in the room when it entered, and tells the room when a device enters
 * (`deviceEntered`): of each pair, the offering side then offers at once. A device among the
 * participants but not heard of in the room gets GREET_AFTER_MS; then the offering side offers
 * anyway and the answering side greets (`{ renegotiate: true }`) until an offer comes: a greeting
 * makes the offering side start its peer afresh.
 *
 * Call set-up (issue 18): the answering side greets as soon as it hears the other device entered,
 * so an offer made ahead goes out without waiting for the entering device's own answer from the
 * edge; a greeting that crosses an offer sent moments ago is ignored. The answering side opens its
 * peer on that word too, and reports the remote streams only once its answer is out (rendering
 * the tile would otherwise hold the answer back).
 */
export class SimplePeerEngine implements CallEngine {
  readonly kind = 'simple-peer';
  private readonly peers = new Map<string, PeerEntry>();
  private readonly local = new Set<MediaStream>();
  private people = new Map<string, VisitParticipant>();
  private state: RemoteDeviceState | null = null;
  private unlisten: (() => void) | null = null;
  /** Devices heard entering before they were among the participants. */
  private readonly enteredEarly = new Set<string>();
  /** Devices among the participants but not heard entering: tried after GREET_AFTER_MS. */
  private readonly awaited = new Map<string, ReturnType<typeof setTimeout>>();

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
    // Someone still in the waiting room is no peer: they hear nothing of the call until let in.
    this.people = new Map(
      participants.filter((p) => p.admitted && p.deviceId !== this.selfDeviceId).map((p) => [p.deviceId, p]),
    );
    for (const deviceId of [...this.peers.keys()]) if (!this.people.has(deviceId)) this.dropPeer(deviceId);
    for (const deviceId of this.people.keys()) {
      if (this.peers.has(deviceId) || this.awaited.has(deviceId)) continue;
      // The offering side makes its offer now, and holds it until the device is in the room.
      if (isInitiator(this.selfDeviceId, deviceId)) this.openPeer(deviceId, true, true);
      if (this.enteredEarly.delete(deviceId)) this.deviceEntered(deviceId);
      else this.awaitEntry(deviceId);
    }
  }

  async sampleQuality(): Promise<CallQuality> {
    const devices: CallQuality['devices'] = {};
    await Promise.all(
      [...this.peers].map(async ([deviceId, entry]) => {
        // simple-peer keeps its RTCPeerConnection in `_pc`.
        const connection = (entry.peer as unknown as { _pc?: RTCPeerConnection })._pc;
        if (!entry.connected || !connection) return;
        const report = await connection.getStats();
        const sample = sampleOf(report.values() as Iterable<Stat>, Date.now());
        if (entry.lastSample) devices[deviceId] = linkQuality(entry.lastSample, sample);
        entry.lastSample = sample;
      }),
    );
    return { self: worstOf(Object.values(devices).map((q) => q.level)), devices };
  }

  /**
   * A device is in the visit's room: it entered after this one (the edge told), or was there when
   * this one entered. The offering side offers now; the other waits for the offer, which comes
   * because the other device is told the same of this one.
   */
  deviceEntered(deviceId: string): void {
    if (!this.unlisten) return;
    if (!this.people.has(deviceId)) {
      this.enteredEarly.add(deviceId);
      return;
    }
    this.stopAwaiting(deviceId);
    if (!isInitiator(this.selfDeviceId, deviceId)) {
      // Tell the offering side this device hears it now: it sends the offer it holds.
      if (!this.peers.has(deviceId)) this.greetUntilOffered(deviceId, this.openPeer(deviceId, false), true);
      return;
    }
    const entry = this.peers.get(deviceId);
    if (entry?.held) return this.release(deviceId, entry);
    // Connected, or its greeting released the offer moments ago: the offer stands.
    if (entry && (entry.connected || this.offeredLately(entry))) return;
    if (entry) this.dropPeer(deviceId);
    this.openPeer(deviceId, true);
  }

  async offersMade(): Promise<void> {
    await Promise.all([...this.peers.values()].flatMap((entry) => (entry.offerMade ? [entry.offerMade] : [])));
  }

  /** An offer made or sent within GREET_AFTER_MS is still on its way: a greeting or entry notice crossed it. */
  private offeredLately(entry: PeerEntry): boolean {
    return Date.now() - entry.offeredAt < GREET_AFTER_MS;
  }

  private awaitEntry(deviceId: string) {
    this.awaited.set(
      deviceId,
      setTimeout(() => {
        this.awaited.delete(deviceId);
        if (!this.unlisten || !this.people.has(deviceId)) return;
        const entry = this.peers.get(deviceId);
        if (entry?.held) this.release(deviceId, entry);
        else if (!entry) this.connectTo(deviceId, true);
      }, GREET_AFTER_MS),
    );
  }

  /** Send what a peer made ahead held back. */
  private release(deviceId: string, entry: PeerEntry) {
    const held = entry.held ?? [];
    entry.held = null;
    for (const signal of held) this.send(deviceId, entry, signal);
  }

  private send(deviceId: string, entry: PeerEntry, signal: PeerSignal) {
    if (entry.held) {
      entry.held.push(signal);
      return;
    }
    if ('type' in signal && signal.type === 'offer') {
      entry.offerSent = true;
      entry.offeredAt = Date.now();
    }
    this.signaller.send(deviceId, signal);
    if ('type' in signal && signal.type === 'answer' && entry.unanswered) {
      const streams = entry.unanswered;
      entry.unanswered = null;
      for (const stream of streams) this.reportStream(deviceId, entry, stream);
    }
  }

  private stopAwaiting(deviceId: string) {
    clearTimeout(this.awaited.get(deviceId));
    this.awaited.delete(deviceId);
  }

  /**
   * Open the peer with a device in the visit: offer to it, or wait for its offer, greeting it (at
   * once when it was awaited long enough; after a lost peer, only after GREET_AFTER_MS, not to
   * race the other side's own retry).
   */
  private connectTo(deviceId: string, greetNow = false) {
    if (isInitiator(this.selfDeviceId, deviceId)) this.openPeer(deviceId, true);
    else this.greetUntilOffered(deviceId, this.openPeer(deviceId, false), greetNow);
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
    for (const deviceId of [...this.awaited.keys()]) this.stopAwaiting(deviceId);
    this.enteredEarly.clear();
    for (const deviceId of [...this.peers.keys()]) this.dropPeer(deviceId);
    this.local.clear();
  }

  private onSignal(from: string, signal: PeerSignal): void {
    const entry = this.peers.get(from);
    const initiator = isInitiator(this.selfDeviceId, from);
    if ('renegotiate' in signal && initiator && !entry?.connected) {
      // A greeting: the other side is in the room now; send the offer held for it, or start afresh.
      this.stopAwaiting(from);
      if (entry?.held) return this.release(from, entry);
      // It greeted as it heard this device enter, while this offer was being made or on its way.
      if (entry && this.offeredLately(entry)) return;
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

  private openPeer(deviceId: string, initiator: boolean, hold = false): PeerEntry {
    let offerMade: () => void = () => undefined;
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
      offeredAt: Date.now(),
      unanswered: initiator ? null : [],
      greeter: null,
      streams: new Set(),
      held: hold ? [] : null,
      lastSample: null,
      offerMade: initiator ? new Promise((resolve) => (offerMade = resolve)) : null,
    };
    this.peers.set(deviceId, entry);
    const mine = () => this.peers.get(deviceId) === entry;

    peer.on('signal', (data: SignalData) => {
      offerMade();
      if (mine()) this.send(deviceId, entry, data as PeerSignal);
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
      if (entry.unanswered) entry.unanswered.push(stream);
      else this.reportStream(deviceId, entry, stream);
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

  private reportStream(deviceId: string, entry: PeerEntry, stream: MediaStream) {
    if (this.peers.get(deviceId) !== entry) return;
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
  }

  private greetUntilOffered(deviceId: string, entry: PeerEntry, now: boolean) {
    if (now) this.signaller.send(deviceId, { renegotiate: true });
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
