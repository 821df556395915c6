import { randomUUID } from 'node:crypto';
import { DEFAULT_THRESHOLDS, rangeClassOf } from '@opencare/schemas/entities/measurement-ranges';
import type { Executor } from '../db/database';
import { careTimeEntries, patientEvents } from '../db/schema';
import { insertMeasurements } from '../measurements/measurements.repository';

const DAY_MS = 86_400_000;

/**
 * The range class a demo reading shows with: the default thresholds' (measurement-ranges.ts), as
 * the measurements service would give it, so the snapshot and the timeline have colours that agree
 * with new readings. Real readings are classified against the patient's own thresholds.
 */
function demoBloodPressureClass(systolic: number, diastolic: number): string {
  return rangeClassOf({ systolic, diastolic }, DEFAULT_THRESHOLDS.bp) ?? 'normal';
}

/**
 * Home blood-pressure readings for the demo patients over the last `days`, so the snapshot, reports
 * and the remote-monitoring billing have something to show: one patient measures most days, the
 * other only now and then.
 */
export async function seedDemoReadings(
  db: Executor,
  organisationId: string,
  patients: { accountId: string; everyNthDay: number }[],
  now = new Date(),
  days = 30,
) {
  const rows = patients.flatMap(({ accountId, everyNthDay }) =>
    Array.from({ length: days }, (_, daysAgo) => daysAgo)
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
      }))
      .map((row) => ({
        ...row,
        rangeClass: demoBloodPressureClass(row.values.systolic, row.values.diastolic),
      })),
  );
  if (rows.length === 0) return;
  await insertMeasurements(db, rows);
  // Each reading is on its patient's timeline, as the measurements service records it.
  await db.insert(patientEvents).values(
    rows.map((row) => ({
      organisationId,
      patientAccountId: row.patientAccountId,
      kind: 'measurement',
      refId: row.id,
      at: row.takenAt,
      data: { type: row.type, values: row.values, rangeClass: row.rangeClass },
    })),
  );
}

/**
 * Last month's care time on the demo patients, so the monitoring report has minutes to show: the
 * nurse's review of Pat's readings and the physician's call with him (interactive: 99457), and a
 * short look at Layla's chart without contact (the report flags it).
 */
export async function seedDemoCareTime(
  db: Executor,
  organisationId: string,
  people: { patient: string; patient2: string; physician: string; nurse: string },
  now = new Date(),
) {
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const on = (day: number, hourUtc: number) => new Date(lastMonth.getTime() + (day - 1) * DAY_MS + hourUtc * 3_600_000);
  const entry = (patient: string, clinician: string, day: number, minutes: number, source: string, interactive: boolean, reason: string | null) => ({
    organisationId,
    patientAccountId: patient,
    clinicianAccountId: clinician,
    source,
    interactive,
    startedAt: on(day, 15),
    endedAt: new Date(on(day, 15).getTime() + minutes * 60_000),
    reason,
    createdByAccountId: clinician,
  });
  await db.insert(careTimeEntries).values([
    entry(people.patient, people.nurse, 8, 14, 'chart', false, null),
    entry(people.patient, people.physician, 15, 12, 'manual', true, 'Phone call about his home blood pressure'),
    entry(people.patient2, people.nurse, 9, 8, 'chart', false, null),
  ]);
}
