import type { Schedule } from '@opencare/schemas/entities/care';
import type { Thresholds } from '@opencare/schemas/entities/measurement-ranges';
import { trpc } from '../../../api/trpc';

/** The patient's active schedules (a patient has few: one page of 100 holds them). */
export const schedulesOf = (patientId: string) => ({ patient: patientId, pageSize: 100 });

/** A changed schedule: the patient's schedules and tasks are asked for again. */
function useScheduleChanged() {
  const utils = trpc.useUtils();
  return (schedule: Schedule) => {
    void utils.schedules.list.invalidate(schedulesOf(schedule.patientId));
    void utils.tasks.invalidate();
  };
}

export function useCreateScheduleMutation() {
  const changed = useScheduleChanged();
  return trpc.schedules.create.useMutation({ onSuccess: changed });
}

/** Changes a schedule's end date or e-mail reminders; its rhythm stays (a new rhythm is a new schedule). */
export function useUpdateScheduleMutation() {
  const changed = useScheduleChanged();
  return trpc.schedules.update.useMutation({ onSuccess: changed });
}

/** The patient turns a schedule's e-mail reminders on or off (their own choice; the rest is the care team's). */
export function useScheduleRemindersMutation() {
  const changed = useScheduleChanged();
  return trpc.schedules.reminders.useMutation({ onSuccess: changed });
}

/** Ends a schedule: it goes inactive and its pending tasks from now on are removed. */
export function useEndScheduleMutation() {
  const changed = useScheduleChanged();
  return trpc.schedules.end.useMutation({ onSuccess: changed });
}

/** New limits (or the defaults again) for one type: the patient's list shows them at once. */
function useThresholdsChanged() {
  const utils = trpc.useUtils();
  return (updated: Thresholds, { patientId }: { patientId: string }) =>
    utils.measurements.thresholds.setData({ patientId }, (all) =>
      all?.map((t) => (t.type === updated.type ? updated : t)),
    );
}

/** Limits in canonical units; a field left out keeps its defaults, `{}` turns its limits off. */
export function useSetThresholdsMutation() {
  const changed = useThresholdsChanged();
  return trpc.measurements.setThresholds.useMutation({ onSuccess: changed });
}

export function useResetThresholdsMutation() {
  const changed = useThresholdsChanged();
  return trpc.measurements.resetThresholds.useMutation({ onSuccess: changed });
}
