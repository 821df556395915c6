import {
  scheduleSchema,
  type MeasurementScheduleInput,
  type Schedule,
  type UpdateScheduleInput,
} from '@opencare/schemas/entities/care';
import type { MeasurementType } from '@opencare/schemas/entities/measurements';
import {
  thresholdsSchema,
  type Thresholds,
  type TypeLimits,
} from '@opencare/schemas/entities/measurement-ranges';
import { authedRequest } from '../../../api/client';

const encode = encodeURIComponent;

/** The patient's limits for every classified type, their own or the defaults. */
export function getThresholds(patientId: string): Promise<Thresholds[]> {
  return authedRequest(`/patients/${encode(patientId)}/thresholds`, { schema: thresholdsSchema.array() });
}

/** Limits in canonical units; a field left out keeps its defaults, `{}` turns its limits off. */
export function setThresholds(
  patientId: string,
  type: MeasurementType,
  limits: TypeLimits,
): Promise<Thresholds> {
  return authedRequest(`/patients/${encode(patientId)}/thresholds/${type}`, {
    method: 'PUT',
    body: { limits },
    schema: thresholdsSchema,
  });
}

export function resetThresholds(patientId: string, type: MeasurementType): Promise<Thresholds> {
  return authedRequest(`/patients/${encode(patientId)}/thresholds/${type}`, {
    method: 'DELETE',
    schema: thresholdsSchema,
  });
}

/** The patient's active schedules (a patient has few: one page of 100 holds them). */
export function listSchedules(patientId: string): Promise<Schedule[]> {
  const params = new URLSearchParams({ patient: patientId, pageSize: '100' });
  return authedRequest(`/schedules?${params.toString()}`, { schema: scheduleSchema.array() });
}

export function createSchedule(input: MeasurementScheduleInput): Promise<Schedule> {
  return authedRequest('/schedules', { method: 'POST', body: input, schema: scheduleSchema });
}

/** Changes a schedule's end date or e-mail reminders; its rhythm stays (a new rhythm is a new schedule). */
export function updateSchedule(id: string, input: UpdateScheduleInput): Promise<Schedule> {
  return authedRequest(`/schedules/${encode(id)}`, { method: 'PATCH', body: input, schema: scheduleSchema });
}

/** Ends a schedule: it goes inactive and its pending tasks from now on are removed. */
export function endSchedule(id: string): Promise<Schedule> {
  return authedRequest(`/schedules/${encode(id)}`, { method: 'DELETE', schema: scheduleSchema });
}
