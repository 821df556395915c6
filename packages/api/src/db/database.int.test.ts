import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../demo/demo-data';
import { createTestDatabase } from '../testing/test-database';
import { findUserByLogin } from '../users/users.repository';
import type { DatabaseHandle } from './database';
import { accounts, auditLog, measurementSchedules, profiles } from './schema';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe('database', () => {
  it('keeps the audit log append-only: the database refuses updates and deletes', async () => {
    await handle.db.insert(auditLog).values({ action: 'test.write', resourceType: 'test', outcome: 'allowed' });
    await expect(handle.db.update(auditLog).set({ action: 'changed' })).rejects.toThrow();
    await expect(handle.db.delete(auditLog)).rejects.toThrow();
    await expect(handle.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const rows = await handle.db.select({ action: auditLog.action }).from(auditLog);
    expect(rows).toEqual([{ action: 'test.write' }]);
  });

  it('seeds the demo data once', async () => {
    expect(await seedDemoData(handle.db)).toBe(true);
    expect(await seedDemoData(handle.db)).toBe(false);
    expect((await findUserByLogin(handle.db, 'caregiver'))?.username).toBe('caregiver');
  });

  it("gives the demo patient a care plan from today only when asked (the demo a person tries)", async () => {
    const other = await createTestDatabase();
    try {
      expect(await seedDemoData(other.db, { schedules: true })).toBe(true);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
      const plans = await other.db
        .select({ type: measurementSchedules.type, times: measurementSchedules.times, startDate: measurementSchedules.startDate })
        .from(measurementSchedules)
        .innerJoin(profiles, eq(profiles.accountId, measurementSchedules.patientAccountId))
        .where(eq(profiles.firstName, 'Pat'));
      expect(plans.sort((a, b) => a.type.localeCompare(b.type))).toEqual([
        { type: 'bp', times: ['08:00', '20:00'], startDate: today },
        { type: 'bs', times: ['07:30'], startDate: today },
      ]);
    } finally {
      await other.close();
    }
    // The tests' own seed has none: each test makes the plan it needs.
    expect(await handle.db.select().from(measurementSchedules)).toEqual([]);
  });

  it('allows one default account per user', async () => {
    const caregiver = await findUserByLogin(handle.db, 'caregiver');
    await expect(handle.db.update(accounts).set({ isDefault: true }).where(eq(accounts.userId, caregiver!.id))).rejects.toThrow();
  });
});
