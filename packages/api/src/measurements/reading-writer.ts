import type { AccountRecord } from '../accounts/accounts.repository';
import { AppError } from '../errors/app-error';
import type { MeasurementRow } from './measurements.repository';
import type { NewReading } from './measurements.service';

/** One patient's new readings, checked and classified, to be written (alone or beside other patients'). */
export interface PatientReadings {
  patient: AccountRecord;
  fresh: readonly NewReading[];
  /** When they were received: their stored time. */
  now: Date;
}

/** Writes patients' readings in one transaction; the readings it stored, by id. */
export type WriteReadings = (batches: readonly PatientReadings[]) => Promise<Map<string, MeasurementRow>>;

interface Waiting {
  batch: PatientReadings;
  resolve: (stored: Map<string, MeasurementRow>) => void;
  reject: (error: unknown) => void;
}

/**
 * The shared writer (issue 20): readings of many patients that arrive while earlier ones are being
 * written go to the database together, in one transaction of multi-row statements, instead of a
 * transaction of a dozen statements each. A reading that finds a free slot is written at once
 * (nothing waits for company); under load each waits for at most one transaction. A patient is in
 * at most one of the writer's transactions at a time, so they never wait on each other's rows. A
 * reading id already waiting or being written is refused (409, design.md: in flight), as another
 * edge's claim refuses it, so one transaction never holds an id twice. When a shared transaction
 * fails (an id in flight on another edge, a task done meanwhile, a deadlock with another writer),
 * each patient's readings are written again alone: one reading's refusal is never another patient's.
 */
export class ReadingWriter {
  private readonly waiting: Waiting[] = [];
  /** The patients of the transactions being written. */
  private readonly writingFor = new Set<string>();
  /** The reading ids waiting or being written. */
  private readonly inFlight = new Set<string>();
  private writing = 0;

  constructor(
    private readonly writeTogether: WriteReadings,
    /** Transactions at once (the pool's other connections serve reads) and readings per transaction. */
    private readonly limits: { transactions: number; readings: number },
  ) {}

  async write(batch: PatientReadings): Promise<Map<string, MeasurementRow>> {
    const ids = batch.fresh.map((r) => r.id);
    if (ids.some((id) => this.inFlight.has(id))) throw new AppError('requestInFlight');
    for (const id of ids) this.inFlight.add(id);
    try {
      return await new Promise((resolve, reject) => {
        this.waiting.push({ batch, resolve, reject });
        this.next();
      });
    } finally {
      for (const id of ids) this.inFlight.delete(id);
    }
  }

  /** Starts transactions while slots are free and readings wait (in the order they came). */
  private next(): void {
    while (this.writing < this.limits.transactions) {
      const taken = this.take();
      if (taken.length === 0) return;
      this.writing++;
      void this.writeAll(taken).finally(() => {
        this.writing--;
        for (const { batch } of taken) this.writingFor.delete(batch.patient.account.id);
        this.next();
      });
    }
  }

  /** The waiting batches that go together, one per patient: none of a patient another transaction holds. */
  private take(): Waiting[] {
    const taken: Waiting[] = [];
    let readings = 0;
    for (let i = 0; i < this.waiting.length && readings < this.limits.readings; ) {
      const entry = this.waiting[i]!;
      const patientId = entry.batch.patient.account.id;
      if (this.writingFor.has(patientId)) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      this.writingFor.add(patientId);
      taken.push(entry);
      readings += entry.batch.fresh.length;
    }
    return taken;
  }

  private async writeAll(taken: Waiting[]): Promise<void> {
    try {
      const stored = await this.writeTogether(taken.map((entry) => entry.batch));
      for (const entry of taken) entry.resolve(stored);
    } catch (error) {
      if (taken.length === 1) {
        taken[0]!.reject(error);
        return;
      }
      await Promise.all(taken.map((entry) => this.writeTogether([entry.batch]).then(entry.resolve, entry.reject)));
    }
  }
}
