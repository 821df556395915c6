import type { HeldReading } from '@opencare/schemas/entities/held-readings';
import { trpc } from '../../../api/trpc';

/** A patient's gateway readings held for review (values outside physiological limits). */
export const useHeldReadings = (patientId: string) => trpc.heldReadings.list.useQuery({ patientId });

/**
 * A review changes more than the list: an accepted reading joins the patient's readings, charts,
 * alerts and timeline, so those are asked for again; a rejected one only leaves the list.
 */
function useReviewed(alsoRecord: boolean) {
  const utils = trpc.useUtils();
  return (reviewed: HeldReading) => {
    utils.heldReadings.list.setData({ patientId: reviewed.patientId }, (list) =>
      list?.filter((r) => r.id !== reviewed.id),
    );
    void utils.heldReadings.list.invalidate({ patientId: reviewed.patientId });
    if (alsoRecord) {
      void utils.patients.invalidate();
      void utils.measurements.invalidate();
      void utils.alerts.invalidate();
    }
  };
}

export function useAcceptHeldReading() {
  const reviewed = useReviewed(true);
  return trpc.heldReadings.accept.useMutation({ onSuccess: reviewed });
}

export function useRejectHeldReading() {
  const reviewed = useReviewed(false);
  return trpc.heldReadings.reject.useMutation({ onSuccess: reviewed });
}
