import type { VisitParticipant } from '@opencare/schemas/entities/visits';
import type { PeerSignal } from '@opencare/schemas/socket-events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for simple-peer: records how it was made and what it was fed. */
const made: { initiator: boolean; signals: unknown[]; destroyed: boolean }[] = [];
vi.mock('simple-peer/simplepeer.min.js', () => ({
  default: class {
    record = { initiator: false, signals: [] as unknown[], destroyed: false };
    streams: MediaStream[] = [];
    constructor(options: { initiator: boolean }) {
      this.record.initiator = options.initiator;
      made.push(this.record);
    }
    on() {}
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
  deviceId,
  joinedAt: '2030-01-01T00:00:00.000Z',
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
  return { engine, sent, receive: (from: string, signal: PeerSignal) => deliver(from, signal) };
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

  it('opens one peer per other device; the offering side starts, the other waits', async () => {
    const { engine } = engineFor('aaaa1111');
    await engine.start();
    engine.setParticipants([person('aaaa1111'), person('bbbb2222'), person('0000zzzz')]);
    expect(made.map((p) => p.initiator)).toEqual([true, false]);
  });

  it('the waiting side greets when no offer came, and stops once one does', async () => {
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

  it('a greeting makes the offering side start its unconnected peer afresh', async () => {
    const { engine, receive } = engineFor('aaaa1111');
    await engine.start();
    engine.setParticipants([person('aaaa1111'), person('bbbb2222')]);
    receive('bbbb2222', { renegotiate: true });
    expect(made).toHaveLength(2);
    expect(made[0]?.destroyed).toBe(true);
    expect(made[1]?.initiator).toBe(true);
  });

  it('a device that left loses its peer', async () => {
    const { engine } = engineFor('aaaa1111');
    await engine.start();
    engine.setParticipants([person('aaaa1111'), person('bbbb2222')]);
    engine.setParticipants([person('aaaa1111')]);
    expect(made[0]?.destroyed).toBe(true);
  });
});
