import { describe, expect, it } from 'vitest';
import type { AccountRecord } from '../accounts/accounts.repository';
import { AppError } from '../errors/app-error';
import type { MeasurementRow } from './measurements.repository';
import type { NewReading } from './measurements.service';
import { ReadingWriter, type PatientReadings } from './reading-writer';

/** A patient's batch of readings, as the writer sees it (only the patient's id and the readings' ids count here). */
const batchOf = (patientId: string, ...ids: string[]): PatientReadings => ({
  patient: { account: { id: patientId } } as AccountRecord,
  fresh: ids.map((id) => ({ id }) as NewReading),
  now: new Date(),
});

/** A transaction that ends when the test says so; the batches each transaction was given. */
function database() {
  const transactions: { patients: string[]; end(error?: Error): void }[] = [];
  const write = (batches: readonly PatientReadings[]) =>
    new Promise<Map<string, MeasurementRow>>((resolve, reject) => {
      const stored = new Map(batches.flatMap((b) => b.fresh.map((r): [string, MeasurementRow] => [r.id, { id: r.id } as MeasurementRow])));
      transactions.push({ patients: batches.map((b) => b.patient.account.id), end: (error) => (error ? reject(error) : resolve(stored)) });
    });
  return { transactions, write };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the shared writer of readings', () => {
  it('writes a reading at once when a slot is free, and what arrives meanwhile together in the next transaction', async () => {
    const db = database();
    const writer = new ReadingWriter(db.write, { transactions: 1, readings: 100 });
    const first = writer.write(batchOf('ann', 'r1'));
    expect(db.transactions.map((t) => t.patients)).toEqual([['ann']]);
    const later = [writer.write(batchOf('bob', 'r2')), writer.write(batchOf('cat', 'r3')), writer.write(batchOf('dan', 'r4'))];
    expect(db.transactions).toHaveLength(1);
    db.transactions[0]!.end();
    expect([...(await first).keys()]).toEqual(['r1']);
    await tick();
    expect(db.transactions.map((t) => t.patients)).toEqual([['ann'], ['bob', 'cat', 'dan']]);
    db.transactions[1]!.end();
    for (const [i, saved] of (await Promise.all(later)).entries()) expect(saved.has(`r${i + 2}`)).toBe(true);
  });

  it('keeps a patient in one transaction at a time: their second reading waits for the next', async () => {
    const db = database();
    const writer = new ReadingWriter(db.write, { transactions: 2, readings: 100 });
    const one = writer.write(batchOf('ann', 'r1'));
    const two = writer.write(batchOf('ann', 'r2'));
    const other = writer.write(batchOf('bob', 'r3'));
    // The second slot takes Bob; Ann's second reading waits for her first transaction to end.
    expect(db.transactions.map((t) => t.patients)).toEqual([['ann'], ['bob']]);
    db.transactions[0]!.end();
    await one;
    await tick();
    expect(db.transactions.map((t) => t.patients)).toEqual([['ann'], ['bob'], ['ann']]);
    db.transactions[1]!.end();
    db.transactions[2]!.end();
    expect((await two).has('r2')).toBe(true);
    expect((await other).has('r3')).toBe(true);
  });

  it('refuses a reading id that is already waiting or being written (409 in flight), and takes it again once written', async () => {
    const db = database();
    const writer = new ReadingWriter(db.write, { transactions: 1, readings: 100 });
    const first = writer.write(batchOf('ann', 'r1'));
    await expect(writer.write(batchOf('ann', 'r1'))).rejects.toMatchObject({ key: 'requestInFlight' });
    await expect(writer.write(batchOf('bob', 'r1', 'r9'))).rejects.toMatchObject({ key: 'requestInFlight' });
    db.transactions[0]!.end();
    await first;
    const again = writer.write(batchOf('ann', 'r1'));
    expect(db.transactions).toHaveLength(2);
    db.transactions[1]!.end();
    await expect(again).resolves.toBeInstanceOf(Map);
  });

  it("writes each patient alone when a shared transaction fails: one patient's refusal is not another's", async () => {
    const db = database();
    const writer = new ReadingWriter(db.write, { transactions: 1, readings: 100 });
    const first = writer.write(batchOf('ann', 'r1'));
    const bob = writer.write(batchOf('bob', 'r2'));
    const cat = writer.write(batchOf('cat', 'r3'));
    db.transactions[0]!.end();
    await first;
    await tick();
    db.transactions[1]!.end(new AppError('requestInFlight'));
    await tick();
    // Bob and Cat again, each alone.
    expect(db.transactions.map((t) => t.patients)).toEqual([['ann'], ['bob', 'cat'], ['bob'], ['cat']]);
    db.transactions[2]!.end(new AppError('requestInFlight'));
    db.transactions[3]!.end();
    await expect(bob).rejects.toMatchObject({ key: 'requestInFlight' });
    expect((await cat).has('r3')).toBe(true);
  });

  it('puts at most the set number of readings in one transaction, and never more transactions at once than allowed', async () => {
    const db = database();
    const writer = new ReadingWriter(db.write, { transactions: 2, readings: 3 });
    const saved = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((patient, i) => writer.write(batchOf(patient, `r${i}`)));
    expect(db.transactions.map((t) => t.patients)).toEqual([['a'], ['b']]);
    db.transactions[0]!.end();
    db.transactions[1]!.end();
    await tick();
    expect(db.transactions.map((t) => t.patients)).toEqual([['a'], ['b'], ['c', 'd', 'e'], ['f', 'g', 'h']]);
    db.transactions[2]!.end();
    db.transactions[3]!.end();
    expect(await Promise.all(saved)).toHaveLength(8);
  });
});
