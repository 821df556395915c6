import type { VisitParticipant } from '@opencare/schemas/entities/visits';
import type { PeerSignal } from '@opencare/schemas/socket-events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for simple-peer: records how it was made and what it was fed. */
interface Made {
  initiator: boolean;
  signals: unknown[];
  destroyed: boolean;
  /** Make the peer produce a signal of its own (an offer, a candidate). */
  produce: (signal: unknown) => void;
  /** Make the peer report a remote stream. */
  stream: (stream: MediaStream) => void;
}
const made: Made[] = [];
vi.mock('simple-peer/simplepeer.min.js', () => ({
  default: class {
    record: Made = { initiator: false, signals: [], destroyed: false, produce: () => undefined, stream: () => undefined };
    streams: MediaStream[] = [];
    constructor(options: { initiator: boolean }) {
      this.record.initiator = options.initiator;
      made.push(this.record);
    }
    on(event: string, handler: (data: unknown) => void) {
      if (event === 'signal') this.record.produce = handler;
      if (event === 'stream') this.record.stream = handler;
    }
    signal(data: unknown) {
      this.record.signals.push(data);
    }
    destroy() {
      this.record.destroyed = true;
    }
  },
}));

const { GREET_AFTER_MS, SimplePeerEngine, isInitiator } = await import('./simple-peer-engine');

const person = (deviceId: string): VisitParticipant => ({
  accountId: null,
  fullName: deviceId,
  role: 'patient',
  guestRole: null,
  deviceId,
  joinedAt: '2030-01-01T00:00:00.000Z',
  admitted: true,
});

function engineFor(self: string) {
  const sent: { to: string; signal: PeerSignal }[] = [];
  let deliver: (from: string, signal: PeerSignal) => void = () => undefined;
  const events = { remoteStream: vi.fn(), remoteStreamEnded: vi.fn(), remoteState: vi.fn(), failed: vi.fn() };
  const engine = new SimplePeerEngine(
    self,
    [],
    {
      send: (to, signal) => sent.push({ to, signal }),
      listen: (handler) => {
        deliver = handler;
        return () => undefined;
      },
    },
    events,
  );
  return { engine, sent, events, receive: (from: string, signal: PeerSignal) => deliver(from, signal) };
}

beforeEach(() => {
  made.length = 0;
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('Simple Peer', () => {
  it('both sides agree who offers: the smaller device id', () => {
    expect(isInitiator('aaaa1111', 'bbbb2222')).toBe(true);
    expect(isInitiator('bbbb2222', 'aaaa1111')).toBe(false);
  });

  it('says when its offers are made: the call shows only then, so its first render does not hold them back', async () => {
    const { engine } = engineFor('aaaa1111');
    await engine.start();
    // Answering only: nothing to wait for.
    engine.setParticipants([person('aaaa1111'), person('0000zzzz')]);
    await expect(engine.offersMade()).resolves.toBeUndefined();
    engine.setParticipants([person('aaaa1111'), person('0000zzzz'), person('bbbb2222'), person('cccc3333')]);
    let offered = false;
    void engine.offersMade().then(() => (offered = true));
    const settle = async () => {
      for (let i = 0; i < 10; i += 1) await Promise.resolve();
    };
    made[0]?.produce({ type: 'offer', sdp: 'v=0' });
    await settle();
    expect(offered).toBe(false);
    made[1]?.produce({ type: 'offer', sdp: 'v=0' });
    await settle();
    expect(offered).toBe(true);
  });

  it('the offering side makes its offer ahead and sends it once the device is in the room', async () => {
    const { engine, sent } = engineFor('aaaa1111');
    await engine.start();
    engine.setParticipants([person('aaaa1111'), person('bbbb2222'), person('0000zzzz')]);
    expect(made.map((p) => p.initiator)).toEqual([true]);
    made[0]?.produce({ type: 'offer', sdp: 'v=0' });
    made[0]?.produce({ type: 'candidate', candidate: { candidate: 'c1' } });
    expect(sent).toEqual([]);
    engine.deviceEntered('bbbb2222');
    expect(sent).toEqual([
      { to: 'bbbb2222', signal: { type: 'offer', sdp: 'v=0' } },
      { to: 'bbbb2222', signal: { type: 'candidate', candidate: { candidate: 'c1' } } },
    ]);
    made[0]?.produce({ type: 'candidate', candidate: { candidate: 'c2' } });
    expect(sent).toHaveLength(3);
    // Where it is the other's turn to offer: a peer ready for its offer, and a greeting at once
    // (it sends the offer it holds), again after a while until the offer comes.
    engine.deviceEntered('0000zzzz');
    expect(made.map((p) => p.initiator)).toEqual([true, false]);
    expect(sent.at(-1)).toEqual({ to: '0000zzzz', signal: { renegotiate: true } });
    vi.advanceTimersByTime(GREET_AFTER_MS);
    expect(sent.filter((s) => s.to === '0000zzzz')).toHaveLength(2);
  });

  it('without word that the device is in the room, the held offer goes out after a while', async () => {
    const { engine, sent } = engineFor('aaaa1111');
    await engine.start();
    engine.setParticipants([person('aaaa1111'), person('bbbb2222')]);
    made[0]?.produce({ type: 'offer', sdp: 'v=0' });
    vi.advanceTimersByTime(GREET_AFTER_MS);
    expect(sent).toEqual([{ to: 'bbbb2222', signal: { type: 'offer', sdp: 'v=0' } }]);
  });

  it('a device heard entering before it is among the participants is offered to when it is', async () => {
    const { engine, sent } = engineFor('aaaa1111');
    await engine.start();
    engine.deviceEntered('bbbb2222');
    expect(made).toEqual([]);
    engine.setParticipants([person('aaaa1111'), person('bbbb2222')]);
    made[0]?.produce({ type: 'offer', sdp: 'v=0' });
    expect(sent).toEqual([{ to: 'bbbb2222', signal: { type: 'offer', sdp: 'v=0' } }]);
  });

  it('without the entry notice, the waiting side greets after a while, and stops once an offer came', async () => {
    const { engine, sent, receive } = engineFor('bbbb2222');
    await engine.start();
    engine.setParticipants([person('aaaa1111'), person('bbbb2222')]);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(GREET_AFTER_MS);
    expect(sent).toEqual([{ to: 'aaaa1111', signal: { renegotiate: true } }]);
    receive('aaaa1111', { type: 'offer', sdp: 'v=0' });
    vi.advanceTimersByTime(GREET_AFTER_MS * 3);
    expect(sent).toHaveLength(1);
    expect(made[0]?.signals).toEqual([{ type: 'offer', sdp: 'v=0' }]);
  });

  it('a greeting sends the held offer, or makes an unconnected peer start afresh', async () => {
    const { engine, sent, receive } = engineFor('aaaa1111');
    await engine.start();
    engine.setParticipants([person('aaaa1111'), person('bbbb2222')]);
    made[0]?.produce({ type: 'offer', sdp: 'v=0' });
    receive('bbbb2222', { renegotiate: true });
    expect(sent).toEqual([{ to: 'bbbb2222', signal: { type: 'offer', sdp: 'v=0' } }]);
    // A greeting or entry notice right after the offer went out crossed it: the offer is on its way.
    receive('bbbb2222', { renegotiate: true });
    engine.deviceEntered('bbbb2222');
    expect(made).toHaveLength(1);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(GREET_AFTER_MS);
    receive('bbbb2222', { renegotiate: true });
    expect(made).toHaveLength(2);
    expect(made[0]?.destroyed).toBe(true);
    expect(made[1]?.initiator).toBe(true);
  });

  it('the answering side shows the remote stream once its answer is out', async () => {
    const { engine, sent, receive, events } = engineFor('bbbb2222');
    await engine.start();
    engine.setParticipants([person('aaaa1111'), person('bbbb2222')]);
    receive('aaaa1111', { type: 'offer', sdp: 'v=0' });
    const stream = { id: 'remote-camera', addEventListener: () => undefined } as unknown as MediaStream;
    made[0]?.stream(stream);
    expect(events.remoteStream).not.toHaveBeenCalled();
    made[0]?.produce({ type: 'answer', sdp: 'v=0' });
    expect(sent.at(-1)).toEqual({ to: 'aaaa1111', signal: { type: 'answer', sdp: 'v=0' } });
    expect(events.remoteStream).toHaveBeenCalledWith('aaaa1111', stream, expect.objectContaining({ sentAs: 'remote-camera', fullName: 'aaaa1111' }));
  });

  it('a device that left loses its peer', async () => {
    const { engine } = engineFor('aaaa1111');
    await engine.start();
    engine.setParticipants([person('aaaa1111'), person('bbbb2222')]);
    engine.deviceEntered('bbbb2222');
    engine.setParticipants([person('aaaa1111')]);
    expect(made[0]?.destroyed).toBe(true);
  });

  it('someone in the waiting room is no peer until let in', async () => {
    const { engine } = engineFor('aaaa1111');
    await engine.start();
    engine.setParticipants([person('aaaa1111'), { ...person('bbbb2222'), admitted: false }]);
    engine.deviceEntered('bbbb2222');
    expect(made).toHaveLength(0);
    engine.setParticipants([person('aaaa1111'), person('bbbb2222')]);
    expect(made).toHaveLength(1);
  });
});
