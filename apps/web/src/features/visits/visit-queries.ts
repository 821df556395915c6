import { trpc } from '../../api/trpc';

/**
 * A visit started or ended: its appointment and visit lists (and the incomplete visits) show the new
 * state when next shown.
 */
function useVisitChanged() {
  const utils = trpc.useUtils();
  return () => {
    void utils.visits.invalidate();
    void utils.appointments.invalidate();
  };
}

export function useStartVisitMutation() {
  const changed = useVisitChanged();
  return trpc.visits.start.useMutation({ onSuccess: changed });
}

export function useEndVisitMutation() {
  const changed = useVisitChanged();
  return trpc.visits.end.useMutation({ onSuccess: changed });
}

/**
 * Leaving, for the call (which outlives this screen in picture-in-picture): the app's tRPC client
 * outside React's render.
 */
export function useLeaveVisit() {
  const utils = trpc.useUtils();
  return async (id: string, deviceId: string) => {
    await utils.client.visits.leave.mutate({ id, deviceId });
  };
}

/**
 * The note was edited, signed or amended: the visit answers with itself (written into its query), and the
 * patient's timeline, which shows the note, reads it again.
 */
function useNoteChanged() {
  const utils = trpc.useUtils();
  return (visit: { id: string }) => {
    void utils.visits.invalidate();
    void utils.patients.timeline.invalidate();
    return visit;
  };
}

export function useEditNoteMutation() {
  const changed = useNoteChanged();
  return trpc.visits.editNotes.useMutation({ onSuccess: changed });
}

export function useSignNoteMutation() {
  const changed = useNoteChanged();
  return trpc.visits.signNote.useMutation({ onSuccess: changed });
}

export function useAddAddendumMutation() {
  const changed = useNoteChanged();
  return trpc.visits.addAddendum.useMutation({ onSuccess: changed });
}
