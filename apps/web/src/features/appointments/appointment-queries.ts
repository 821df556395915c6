import { trpc } from '../../api/trpc';

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
