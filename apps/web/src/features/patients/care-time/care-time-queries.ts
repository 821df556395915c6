import { trpc } from '../../../api/trpc';

/** The chart's month of care time; a write refreshes it. */
export const useCareTimeMonth = (patientId: string, month?: string) =>
  trpc.careTime.month.useQuery(month ? { patientId, month } : { patientId }, { placeholderData: (previous) => previous });

function useCareTimeChanged() {
  const utils = trpc.useUtils();
  return (_: unknown, { patientId }: { patientId: string }) => void utils.careTime.month.invalidate({ patientId });
}

export function useChartBeatMutation() {
  return trpc.careTime.chartBeat.useMutation({ onSuccess: useCareTimeChanged() });
}

export function useAddCareTimeMutation() {
  return trpc.careTime.add.useMutation({ onSuccess: useCareTimeChanged() });
}

export function useCorrectCareTimeMutation(patientId: string) {
  const changed = useCareTimeChanged();
  return trpc.careTime.correct.useMutation({ onSuccess: (entry) => changed(entry, { patientId }) });
}
