import { MEASUREMENT_CODES } from '@opencare/schemas/lookups';
import { findAccount } from '../accounts/accounts.repository';
import type { Deps } from '../deps';
import { addDays, wallClockOf } from '../schedules/schedule-occurrences';
import { schedulesNotifyingByEmail } from '../schedules/schedules.repository';
import { claimDueReminders } from './tasks.repository';
import { ensureTasks, timezoneOf } from './tasks.service';

/** A task due longer ago than this gets no reminder (the edge was down): a late e-mail only confuses. */
const REMINDER_WINDOW_MS = 60 * 60 * 1000;

const typeName = (type: string) => (MEASUREMENT_CODES as Record<string, string>)[type]?.toLowerCase() ?? 'photo';

/**
 * E-mails patients whose schedule says "notify by e-mail" when a task falls due (spec §3). Meant to
 * run every minute or so on every edge: each task is claimed by the update that marks it reminded,
 * so it is mailed once however many edges run this. Returns how many reminders were sent.
 */
export async function sendTaskReminders(deps: Deps, now = new Date()): Promise<number> {
  const schedules = await schedulesNotifyingByEmail(deps.db);
  if (schedules.length === 0) return 0;
  // Tasks are made on read; make sure today's exist in every zone (yesterday to tomorrow in UTC).
  const today = now.toISOString().slice(0, 10);
  for (const patientAccountId of new Set(schedules.map((s) => s.patientAccountId))) {
    await ensureTasks(deps.db, patientAccountId, addDays(today, -1), addDays(today, 1));
  }
  const due = await claimDueReminders(
    deps.db,
    schedules.map((s) => s.id),
    new Date(now.getTime() - REMINDER_WINDOW_MS),
    now,
  );
  let sent = 0;
  for (const task of due) {
    const patient = await findAccount(deps.db, task.patientAccountId);
    const to = patient?.profile.email;
    if (!patient || !to) continue;
    const time = wallClockOf(task.dueAt, timezoneOf(patient)).time;
    const link = `${deps.config.publicUrl}/measurements?type=${task.type}&task=${task.id}`;
    try {
      await deps.mailer.send({
        organisationId: patient.account.organisationId,
        to,
        subject: `Time to take your ${typeName(task.type)}`,
        text: `Hello ${patient.profile.firstName},\n\nIt is time to take your ${typeName(task.type)} (due at ${time}).\nRecord it here: ${link}\n\nOpenCare`,
      });
      sent += 1;
    } catch (error) {
      // The claim stays: one missed reminder is better than a patient mailed every minute.
      deps.log.warn({ taskId: task.id, err: (error as Error).name }, 'task reminder not sent');
    }
  }
  return sent;
}
