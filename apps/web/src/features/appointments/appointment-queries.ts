import { trpc } from '../../api/trpc';

/** Appointment lists of the screens: the statuses still to come, joined as the procedure reads them. */
export const UPCOMING_STATUSES = 'scheduled,confirmed,rescheduled';

/** The next few appointments, as home's appointments tab and the patient's "up next" read them (one cached query). */
export const NEXT_APPOINTMENTS = { when: 'upcoming', status: UPCOMING_STATUSES, pageSize: 3 } as const;

/**
 * What a change to an appointment touches: every cached appointment list, day and free time (a
 * booked, moved or cancelled appointment takes or frees a slot), the visits behind them, and the
 * patient snapshots (their upcoming appointments).
 */
function useAppointmentsChanged() {
  const utils = trpc.useUtils();
  return () => {
    void utils.appointments.invalidate();
    void utils.visits.invalidate();
    void utils.patients.snapshot.invalidate();
  };
}

export function useBookMutation() {
  const changed = useAppointmentsChanged();
  return trpc.appointments.book.useMutation({ onSuccess: changed });
}

export function useRescheduleMutation() {
  const changed = useAppointmentsChanged();
  return trpc.appointments.reschedule.useMutation({ onSuccess: changed });
}

export function useConfirmMutation() {
  const changed = useAppointmentsChanged();
  return trpc.appointments.confirm.useMutation({ onSuccess: changed });
}

export function useCancelMutation() {
  const changed = useAppointmentsChanged();
  return trpc.appointments.cancel.useMutation({ onSuccess: changed });
}

/** A completed visit leaves the incomplete list; the appointment shows the visit completed. */
export function useCompleteVisitMutation() {
  const changed = useAppointmentsChanged();
  return trpc.visits.complete.useMutation({ onSuccess: changed });
}

/** The free times shown again after the chosen one was taken meanwhile; settles once they are there. */
export function useRefetchSlots() {
  const utils = trpc.useUtils();
  return () => utils.appointments.slots.invalidate();
}
