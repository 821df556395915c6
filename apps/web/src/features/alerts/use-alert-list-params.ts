import { uuidSchema } from '@opencare/schemas/rules';
import { useListAddress } from '../../components/data/use-list-address';
import { ALERT_STATUSES, type AlertStatus } from './alert-queries';

/**
 * The inbox's status, patient and page live in the address, so the way back from a patient's
 * snapshot returns to the same page of the same list. Anything unreadable falls back to the default.
 */
export function useAlertListParams() {
  const { params, page, setPage, update } = useListAddress();
  const status: AlertStatus = ALERT_STATUSES.find((value) => value === params.get('status')) ?? 'open';
  const patientParam = params.get('patient') ?? '';
  const patient = uuidSchema.safeParse(patientParam).success ? patientParam : undefined;

  return {
    status,
    page,
    patient,
    setStatus: (next: AlertStatus) => update({ status: next === 'open' ? null : next, page: null }),
    setPage,
    clearPatient: () => update({ patient: null, page: null }),
  };
}
