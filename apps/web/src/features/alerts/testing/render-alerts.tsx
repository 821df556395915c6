import type { Alert } from '@opencare/schemas/entities/measurements';
import { ROLES } from '@opencare/schemas/roles';
import { makeAccount, makeUser } from '../../../testing/fixtures';
import { okList } from '../../signup/testing/harness';
import { renderRoutes } from '../../../testing/render-app';
import { alertsRoute } from '../routes';

export const PATIENT_ID = '8e1c8c9f-4a2f-4b63-8e98-1c8d5c3a0b22';
export const ALERT_ID = '5b6c7d8e-1f2a-4b3c-8d4e-5f6a7b8c9d0e';

/** The alerts inbox at `path`, as a clinician of the given role sees it, with the app's providers. */
export function renderAlerts(path = '/alerts', role: number = ROLES.Physician) {
  const account = makeAccount([role], { accountType: { code: 'prov', description: 'Provider' } });
  return renderRoutes(
    [alertsRoute, { path: '/patients/:patientId', element: <h1>Patient snapshot</h1> }],
    path,
    { status: 'signed-in', user: makeUser([account]), account },
  );
}

export function alert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: ALERT_ID,
    patientId: PATIENT_ID,
    patientName: 'Pat Morgan',
    measurementId: '11111111-1111-4111-8111-111111111111',
    type: 'bp',
    values: { systolic: 152, diastolic: 97, pulse: 77 },
    rangeClass: 'high',
    takenAt: '2026-03-01T14:00:00.000Z',
    createdAt: '2026-03-01T14:00:05.000Z',
    note: null,
    readingCount: 1,
    readings: [],
    acknowledgedAt: null,
    acknowledgedBy: null,
    assignedTo: null,
    resolvedAt: null,
    resolvedBy: null,
    escalationLevel: 0,
    history: [],
    ...overrides,
  };
}

/** An `alerts.list` answer: one page of `items` out of `total`. */
export const alertPage = (items: Alert[], page = 1, total = items.length) => okList(items, page, total);
