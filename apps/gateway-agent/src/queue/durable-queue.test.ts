import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../logger';
import { DurableQueue, QueueFullError, type StoredReading } from './durable-queue';

const limits = { maxReadings: 1_000, maxBytes: 10_000_000 };
const dir = () => mkdtempSync(join(tmpdir(), 'gw-queue-'));
const deviceId = randomUUID();
function reading(n = 0): StoredReading {
  const id = randomUUID();
  return { id, deviceId, capturedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(), reading: { id, type: 'bw', values: { weight: 70 + n / 10 } } };
}
const ids = (rs: StoredReading[]) => rs.map((r) => r.id);

describe('DurableQueue', () => {
  it('drains in capture order, in batches, and acknowledged readings leave it', () => {
    const q = DurableQueue.open(dir(), limits, silentLogger());
    const all = Array.from({ length: 250 }, (_, i) => reading(i));
    q.enqueueMany(all);
    const first = q.takeBatch(100);
    expect(ids(first)).toEqual(ids(all.slice(0, 100)));
    expect(q.counts()).toMatchObject({ queued: 150, sending: 100 });
    q.settle(ids(first), first.map((r) => ({ id: r.id, status: 'stored' as const })));
    expect(ids(q.takeBatch(100))).toEqual(ids(all.slice(100, 200)));
    expect(q.counts()).toMatchObject({ queued: 50, sending: 100, acknowledged: 100 });
  });

  it('a failed upload puts its readings back in their place', () => {
    const q = DurableQueue.open(dir(), limits, silentLogger());
    const all = Array.from({ length: 5 }, (_, i) => reading(i));
    q.enqueueMany(all);
    const batch = q.takeBatch(3);
    q.release(ids(batch));
    expect(ids(q.takeBatch(10))).toEqual(ids(all));
  });

  it('after a crash, readings that were being sent are queued again and acknowledged ones stay gone', () => {
    const d = dir();
    const q = DurableQueue.open(d, limits, silentLogger());
    const all = Array.from({ length: 10 }, (_, i) => reading(i));
    q.enqueueMany(all);
    const batch = q.takeBatch(4);
    q.settle(ids(batch.slice(0, 2)), batch.slice(0, 2).map((r) => ({ id: r.id, status: 'duplicate' as const })));
    // No close(): the process died here, with two readings in `sending`.
    const again = DurableQueue.open(d, limits, silentLogger());
    expect(again.counts()).toMatchObject({ queued: 8, sending: 0 });
    expect(ids(again.takeBatch(100))).toEqual(ids(all.slice(2)));
  });

  it('tolerates a torn last line: skips it, keeps the rest, and appends cleanly after it', () => {
    const d = dir();
    const q = DurableQueue.open(d, limits, silentLogger());
    const all = [reading(1), reading(2)];
    q.enqueueMany(all);
    appendFileSync(join(d, 'readings.log'), '{"op":"add","r":{"id":"half-writ');
    const again = DurableQueue.open(d, limits, silentLogger());
    expect(again.counts().queued).toBe(2);
    const later = reading(3);
    again.enqueue(later);
    const third = DurableQueue.open(d, limits, silentLogger());
    expect(ids(third.takeBatch(10))).toEqual([...ids(all), later.id]);
  });

  it('keeps rejected readings aside, counts them and never hands them out again', () => {
    const d = dir();
    const q = DurableQueue.open(d, limits, silentLogger());
    const [bad, good] = [reading(1), reading(2)];
    q.enqueueMany([bad, good]);
    const batch = q.takeBatch(10);
    q.settle(ids(batch), [
      { id: bad.id, status: 'rejected', key: 'validationFailed', message: 'no' },
      { id: good.id, status: 'stored' },
    ]);
    expect(q.counts()).toMatchObject({ queued: 0, sending: 0, rejected: 1 });
    expect(readFileSync(join(d, 'rejected.log'), 'utf8')).toContain(bad.id);
    const again = DurableQueue.open(d, limits, silentLogger());
    expect(again.counts()).toMatchObject({ queued: 0, rejected: 1 });
  });

  it('refuses new readings loudly when full, keeps every accepted one, and has room again once drained', () => {
    const q = DurableQueue.open(dir(), { maxReadings: 100, maxBytes: 10_000_000 }, silentLogger());
    q.enqueueMany(Array.from({ length: 100 }, (_, i) => reading(i)));
    expect(q.isFull()).toBe(true);
    expect(() => q.enqueue(reading(101))).toThrow(QueueFullError);
    expect(q.counts()).toMatchObject({ queued: 100, refused: 1, full: true });
    const batch = q.takeBatch(50);
    q.settle(ids(batch), batch.map((r) => ({ id: r.id, status: 'stored' as const })));
    expect(q.hasRoom()).toBe(true);
    q.enqueue(reading(102));
    expect(q.counts().queued).toBe(51);
  });

  it('compaction prunes acknowledged readings from the log and survives a restart', () => {
    const d = dir();
    const q = DurableQueue.open(d, { maxReadings: 10_000, maxBytes: 10_000_000 }, silentLogger());
    const all = Array.from({ length: 3_000 }, (_, i) => reading(i));
    q.enqueueMany(all);
    const big = statSync(join(d, 'readings.log')).size;
    for (let i = 0; i < 29; i++) {
      const batch = q.takeBatch(100);
      q.settle(ids(batch), batch.map((r) => ({ id: r.id, status: 'stored' as const })));
    }
    expect(statSync(join(d, 'readings.log')).size).toBeLessThan(big / 2);
    // The queue reads each batch back from the log: after the rewrite, from the new places.
    expect(q.takeBatch(50)).toEqual(all.slice(2_900, 2_950));
    const again = DurableQueue.open(d, limits, silentLogger());
    expect(again.takeBatch(1_000)).toEqual(all.slice(2_900));
  });
});
