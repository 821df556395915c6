import type { Alert } from '@opencare/schemas/entities/measurements';

export interface PatientAlerts {
  patientId: string;
  patientName: string;
  alerts: Alert[];
}

/**
 * The page's alerts by patient, in the server's order (worst, then longest waiting): a patient comes
 * where their first alert comes, so the patient with the worst alert is on top.
 */
export function groupByPatient(alerts: readonly Alert[]): PatientAlerts[] {
  const groups = new Map<string, PatientAlerts>();
  for (const alert of alerts) {
    const group = groups.get(alert.patientId) ?? { patientId: alert.patientId, patientName: alert.patientName, alerts: [] };
    group.alerts.push(alert);
    groups.set(alert.patientId, group);
  }
  return [...groups.values()];
}
