import { closeSync, existsSync, fstatSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { ReadingOutcome } from '@opencare/schemas/entities/gateways';
import type { Logger } from '../logger';

/*
 * The store-and-forward queue: every reading is written here, durably, before anything else
 * happens to it, and stays until the edge has acknowledged it.
 *
 * Storage: one append-only log of JSON lines (`readings.log`) in the data dir, replayed on start.
 * Node 20 has no node:sqlite and the agent takes no native dependency (a Raspberry Pi image may have
 * no compiler), so plain files it is. Lines are whole operations:
 *   {"op":"add","r":{…reading…}}   a reading captured (fsynced before enqueue returns)
 *   {"op":"send","ids":[…]}        a batch handed to the link (not fsynced: see takeBatch)
 *   {"op":"ack","ids":[…]}         acknowledged by the edge (stored or duplicate; not fsynced)
 *   {"op":"rej","ids":[…]}         rejected by the edge; the reading itself is copied to rejected.log first
 * States: queued → sending → acknowledged | rejected. Only the ids of queued and sending readings
 * live in memory, with where their line is in the log: a batch is read back from the disk when it is
 * sent, so a backlog of 10,000 readings costs about 1 MB of memory, not 25 (bench/gateway-agent-memory.ts).
 *
 * Bounded disk (the policy the README states): at most `maxReadings` unacknowledged readings and a
 * log of at most `maxBytes`. Acknowledged readings are pruned first (compaction). When the queue is
 * still full a new reading is refused loudly: enqueue throws QueueFullError, the agent logs an
 * error, the status says "queue full" and the device reader pauses until there is room. A reading
 * already accepted is never dropped: only the edge's acknowledgement or rejection removes it.
 */

export type ReadingState = 'queued' | 'sending' | 'acknowledged' | 'rejected';

/** A reading as captured: its id (the idempotency key) is given here, once. */
export interface StoredReading {
  id: string;
  deviceId: string;
  /** When the agent captured it (ISO). */
  capturedAt: string;
  /** The measurement as uploaded (createMeasurementInput with this id). */
  reading: Record<string, unknown> & { id: string; type: string };
  /** The device's side, as uploaded (gatewayReadingDeviceSchema): its coded flags, its own time stamp when corrected, its user index. */
  device?: { takenAt?: string; flags: string[]; userIndex?: number };
}

export interface QueueCounts {
  queued: number;
  sending: number;
  /** Set aside for good since the log began (see rejected.log). */
  rejected: number;
  /** Acknowledged since this process started. */
  acknowledged: number;
  /** New readings refused because the queue was full, since this process started. */
  refused: number;
  full: boolean;
  logBytes: number;
}

export interface QueueLimits {
  maxReadings: number;
  maxBytes: number;
}

export class QueueFullError extends Error {
  constructor(public readonly limit: 'readings' | 'bytes') {
    super(limit === 'readings' ? 'The reading queue is full (too many unacknowledged readings).' : 'The reading queue is full (disk limit).');
  }
}

type LogLine =
  | { op: 'add'; r: StoredReading }
  | { op: 'send'; ids: string[] }
  | { op: 'ack'; ids: string[] }
  | { op: 'rej'; ids: string[] };

interface Entry {
  /** Where the reading's `add` line is in the log, in bytes (the newline excluded). */
  offset: number;
  length: number;
  state: 'queued' | 'sending';
}

const addLine = (r: StoredReading) => `${JSON.stringify({ op: 'add', r } satisfies LogLine)}\n`;

const LOG = 'readings.log';
const NEWLINE = Buffer.from('\n');
const REJECTED = 'rejected.log';
/** Compaction rewrites the log once this many lines no longer describe a live reading. */
const COMPACT_AFTER_GARBAGE = 2_000;

export class DurableQueue {
  /** Insertion order is capture order: the drain walks it from the start. */
  private readonly entries = new Map<string, Entry>();
  private fd: number;
  private logBytes = 0;
  /** Lines in the log that describe nothing live any more (acknowledged adds, their ops). */
  private garbageLines = 0;
  private rejectedCount = 0;
  private acknowledged = 0;
  private refused = 0;
  private readonly listeners = new Set<() => void>();

  private constructor(
    private readonly dir: string,
    private readonly limits: QueueLimits,
    private readonly log: Logger,
  ) {
    this.fd = -1;
  }

  /** Opens (or creates) the queue in `dir` and recovers what a previous run left. */
  static open(dir: string, limits: QueueLimits, log: Logger): DurableQueue {
    const queue = new DurableQueue(dir, limits, log);
    queue.recover();
    return queue;
  }

  private get logPath() {
    return join(this.dir, LOG);
  }

  private recover() {
    // 0700: readings are health data; only the agent's own user may read them.
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    // A compaction that crashed before its rename left a partial copy: the old log is still whole.
    rmSync(`${this.logPath}.tmp`, { force: true });
    const existed = existsSync(this.logPath);
    this.fd = openSync(this.logPath, 'a+', 0o600);
    if (!existed) fsyncDir(this.dir);
    const buffer = readFileSync(this.logPath);
    // A crash in the middle of an append leaves a torn last line (no newline). Everything before the
    // last newline was written whole; the torn tail was never acknowledged to anyone (enqueue had not
    // returned), so it is cut off, and cut off on disk too, or the next append would be glued to it.
    const end = buffer.lastIndexOf(0x0a) + 1;
    if (end < buffer.length) {
      this.log.warn({ bytes: buffer.length - end }, 'queue log ends with a torn line (crash during a write); skipping it');
      ftruncateSync(this.fd, end);
      fsyncSync(this.fd);
    }
    this.logBytes = end;
    let wasSending = 0;
    let unreadable = 0;
    const sent = new Set<string>();
    for (let start = 0; start < end; ) {
      const newline = buffer.indexOf(0x0a, start);
      const length = newline - start;
      if (length > 0) {
        try {
          this.replay(JSON.parse(buffer.toString('utf8', start, newline)) as LogLine, sent, start, length);
        } catch {
          // Cannot happen with whole-line appends, but one bad line must not cost the rest.
          unreadable += 1;
        }
      }
      start = newline + 1;
    }
    // Readings left in `sending` go back to `queued`: their upload may or may not have landed, and
    // sending again is safe because the edge deduplicates by id (it answers "duplicate").
    for (const id of sent) if (this.entries.has(id)) wasSending += 1;
    for (const entry of this.entries.values()) entry.state = 'queued';
    if (unreadable > 0) this.log.error({ lines: unreadable }, 'queue log had unreadable lines; they were skipped');
    this.log.info(
      { queued: this.entries.size, wasSending, rejected: this.rejectedCount, logBytes: this.logBytes },
      'reading queue opened',
    );
    if (this.garbageLines >= COMPACT_AFTER_GARBAGE) this.compact();
  }

  private replay(line: LogLine, sent: Set<string>, offset: number, length: number) {
    switch (line.op) {
      case 'add':
        this.entries.set(line.r.id, { offset, length, state: 'queued' });
        break;
      case 'send':
        for (const id of line.ids) sent.add(id);
        this.garbageLines += 1;
        break;
      case 'ack':
        for (const id of line.ids) if (this.entries.delete(id)) this.garbageLines += 1;
        this.garbageLines += 1;
        break;
      case 'rej':
        for (const id of line.ids) if (this.entries.delete(id)) this.garbageLines += 1;
        this.rejectedCount += line.ids.length;
        this.garbageLines += 1;
        break;
    }
  }

  /** Appends whole lines in one write; `durable` waits for the disk (fsync) before returning. */
  private append(lines: LogLine[], durable: boolean) {
    this.appendText(lines.map((l) => `${JSON.stringify(l)}\n`).join(''), durable);
  }

  private appendText(text: string, durable: boolean) {
    const data = Buffer.from(text, 'utf8');
    let offset = 0;
    while (offset < data.length) offset += writeSync(this.fd, data, offset);
    if (durable) fsyncSync(this.fd);
    this.logBytes += data.length;
  }

  /** Reads a queued reading back from the log. */
  private read(entry: Entry): StoredReading {
    return (JSON.parse(this.readRaw(entry).toString('utf8')) as { r: StoredReading }).r;
  }

  private readRaw(entry: Entry): Buffer {
    const buffer = Buffer.alloc(entry.length);
    let read = 0;
    while (read < entry.length) {
      const n = readSync(this.fd, buffer, read, entry.length - read, entry.offset + read);
      if (n === 0) throw new Error('the reading queue log is shorter than its index');
      read += n;
    }
    return buffer;
  }

  /**
   * Writes readings durably, in order, and returns only once they are on disk: the caller may then
   * forget them. Throws QueueFullError (after trying to prune) when there is no room.
   */
  enqueueMany(readings: StoredReading[]) {
    if (readings.length === 0) return;
    const fresh = readings.filter((r) => !this.entries.has(r.id));
    const bytes = fresh.reduce((n, r) => n + JSON.stringify(r).length + 16, 0);
    if (this.entries.size + fresh.length > this.limits.maxReadings || this.logBytes + bytes > this.limits.maxBytes) {
      if (this.garbageLines > 0) this.compact();
      const limit =
        this.entries.size + fresh.length > this.limits.maxReadings ? 'readings' : this.logBytes + bytes > this.limits.maxBytes ? 'bytes' : null;
      if (limit) {
        this.refused += fresh.length;
        throw new QueueFullError(limit);
      }
    }
    // fsync per call (a reading or a seeded batch): the reading exists nowhere else once the device
    // has sent it, so enqueue must not return before the disk has it.
    const lines = fresh.map(addLine);
    let offset = this.logBytes;
    this.appendText(lines.join(''), true);
    fresh.forEach((r, i) => {
      const length = Buffer.byteLength(lines[i]!) - 1;
      this.entries.set(r.id, { offset, length, state: 'queued' });
      offset += length + 1;
    });
    for (const listener of this.listeners) listener();
  }

  enqueue(reading: StoredReading) {
    this.enqueueMany([reading]);
  }

  /** Called after readings are queued (the link drains then). */
  onEnqueued(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The oldest queued readings, at most `max`, now in `sending`. */
  takeBatch(max: number): StoredReading[] {
    const batch: StoredReading[] = [];
    for (const entry of this.entries.values()) {
      if (batch.length >= max) break;
      if (entry.state !== 'queued') continue;
      entry.state = 'sending';
      batch.push(this.read(entry));
    }
    // Not fsynced: after a crash every reading not acknowledged is sent again anyway; the marker
    // only lets the next start say how many uploads were in doubt.
    if (batch.length > 0) {
      this.append([{ op: 'send', ids: batch.map((r) => r.id) }], false);
      this.garbageLines += 1;
    }
    return batch;
  }

  /** An upload that got no answer: its readings go back to queued, in their place. */
  release(ids: readonly string[]) {
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (entry?.state === 'sending') entry.state = 'queued';
    }
  }

  /** The edge's answer, reading by reading. Readings it did not mention go back to queued. */
  settle(batchIds: readonly string[], outcomes: readonly ReadingOutcome[]) {
    const acked: string[] = [];
    const rejected: Array<{ reading: StoredReading; key: string; message: string }> = [];
    for (const outcome of outcomes) {
      const entry = this.entries.get(outcome.id);
      if (!entry) continue;
      if (outcome.status === 'rejected') rejected.push({ reading: this.read(entry), key: outcome.key, message: outcome.message });
      else acked.push(outcome.id);
    }
    if (rejected.length > 0) {
      // The rejected reading is copied aside durably before the log forgets it: never dropped silently.
      const fd = openSync(join(this.dir, REJECTED), 'a', 0o600);
      try {
        const text = rejected.map((r) => `${JSON.stringify({ at: new Date().toISOString(), ...r })}\n`).join('');
        writeSync(fd, text);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      // Durable too: a rejection forgotten in a crash would be sent again and rejected again, harmless,
      // but the count in the status would lie until then.
      this.append([{ op: 'rej', ids: rejected.map((r) => r.reading.id) }], true);
      for (const r of rejected) {
        this.entries.delete(r.reading.id);
        this.log.warn({ readingId: r.reading.id, deviceId: r.reading.deviceId, key: r.key }, 'the edge rejected a reading; kept aside in rejected.log, not retried');
      }
      this.rejectedCount += rejected.length;
      this.garbageLines += rejected.length + 1;
    }
    if (acked.length > 0) {
      // Not fsynced: an acknowledgement lost in a crash only means the reading is sent again, and
      // the edge answers "duplicate" for an id it already has.
      this.append([{ op: 'ack', ids: acked }], false);
      for (const id of acked) this.entries.delete(id);
      this.acknowledged += acked.length;
      this.garbageLines += acked.length + 1;
    }
    this.release(batchIds);
    if (this.garbageLines >= COMPACT_AFTER_GARBAGE && this.garbageLines > this.entries.size) this.compact();
  }

  /**
   * Rewrites the log with only the live readings, so acknowledged ones do not grow it forever. The
   * copy is fsynced before it atomically replaces the log (rename), and the directory is fsynced
   * after, so a crash at any point leaves either the old log or the new one, both whole.
   */
  compact() {
    const tmp = `${this.logPath}.tmp`;
    const fd = openSync(tmp, 'w', 0o600);
    let bytes = 0;
    // The new places are kept aside until the rename: a failed compaction leaves the index as it was.
    const moved = new Map<string, number>();
    try {
      for (const [id, entry] of this.entries) {
        const line = Buffer.concat([this.readRaw(entry), NEWLINE]);
        moved.set(id, bytes);
        let written = 0;
        while (written < line.length) written += writeSync(fd, line, written);
        bytes += line.length;
      }
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.logPath);
    fsyncDir(this.dir);
    for (const [id, offset] of moved) this.entries.get(id)!.offset = offset;
    closeSync(this.fd);
    this.fd = openSync(this.logPath, 'a+', 0o600);
    const before = this.logBytes;
    this.logBytes = fstatSync(this.fd).size;
    this.garbageLines = 0;
    this.log.info({ beforeBytes: before, afterBytes: this.logBytes, live: this.entries.size }, 'queue log compacted');
  }

  isFull(): boolean {
    return this.entries.size >= this.limits.maxReadings || this.logBytes >= this.limits.maxBytes;
  }

  /** Whether a full queue has room again (some headroom, so the reader does not flap). */
  hasRoom(): boolean {
    return this.entries.size < this.limits.maxReadings * 0.9 && this.logBytes < this.limits.maxBytes * 0.9;
  }

  counts(): QueueCounts {
    let sending = 0;
    for (const entry of this.entries.values()) if (entry.state === 'sending') sending += 1;
    return {
      queued: this.entries.size - sending,
      sending,
      rejected: this.rejectedCount,
      acknowledged: this.acknowledged,
      refused: this.refused,
      full: this.isFull(),
      logBytes: this.logBytes,
    };
  }

  stateOf(id: string): 'queued' | 'sending' | null {
    return this.entries.get(id)?.state ?? null;
  }

  close() {
    if (this.fd >= 0) {
      fsyncSync(this.fd);
      closeSync(this.fd);
      this.fd = -1;
    }
  }
}

/** Makes a new or renamed file's directory entry durable (POSIX needs the directory fsynced). */
function fsyncDir(dir: string) {
  let fd = -1;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some filesystems refuse fsync on directories; the data itself was fsynced already.
  } finally {
    if (fd >= 0) closeSync(fd);
  }
}
