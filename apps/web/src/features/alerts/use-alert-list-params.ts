import { uuidSchema } from '@opencare/schemas/rules';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ALERT_STATUSES, type AlertStatus } from './alert-queries';

/**
 * The inbox's status, patient and page live in the address, so the way back from a patient's
 * snapshot returns to the same page of the same list. Anything unreadable falls back to the default.
 */
export function useAlertListParams() {
  const [params, setParams] = useSearchParams();
  const status: AlertStatus = ALERT_STATUSES.find((value) => value === params.get('status')) ?? 'open';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const patientParam = params.get('patient') ?? '';
  const patient = uuidSchema.safeParse(patientParam).success ? patientParam : undefined;

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return {
    status,
    page,
    patient,
    setStatus: (next: AlertStatus) => update({ status: next === 'open' ? null : next, page: null }),
    setPage: (next: number) => update({ page: next > 1 ? String(next) : null }),
    clearPatient: () => update({ patient: null, page: null }),
  };
}
