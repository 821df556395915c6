import { randomUUID } from 'node:crypto';
import type { Executor } from '../db/database';
import { measurements } from '../db/schema';

const DAY_MS = 86_400_000;

/**
 * A month of home blood-pressure readings for the demo patients, so the snapshot, reports and the
 * remote-monitoring billing summary have something to show: one patient measures most days, the
 * other only now and then.
 */
export async function seedDemoReadings(
  db: Executor,
  organisationId: string,
  patients: { accountId: string; everyNthDay: number }[],
  now = new Date(),
) {
  const rows = patients.flatMap(({ accountId, everyNthDay }) =>
    Array.from({ length: 30 }, (_, daysAgo) => daysAgo)
      .filter((daysAgo) => daysAgo % everyNthDay === 0)
      .map((daysAgo) => ({
        id: randomUUID(),
        organisationId,
        patientAccountId: accountId,
        type: 'bp',
        // Gently varying values, a few of them high, as real home readings are.
        values: {
          systolic: 118 + ((daysAgo * 7) % 29),
          diastolic: 76 + ((daysAgo * 5) % 15),
          pulse: 64 + ((daysAgo * 3) % 17),
        },
        takenAt: new Date(now.getTime() - daysAgo * DAY_MS - 2 * 3_600_000),
        source: 'gateway' as const,
      })),
  );
  if (rows.length > 0) await db.insert(measurements).values(rows);
}
