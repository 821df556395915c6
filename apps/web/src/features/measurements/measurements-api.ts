import { taskSchema, type Task } from '@opencare/schemas/entities/care';
import {
  fileContentSchema,
  measurementSchema,
  storedFileSchema,
  type CreateMeasurementInput,
  type FileContent,
  type Measurement,
  type MeasurementType,
  type StoredFile,
  type UploadFileInput,
} from '@opencare/schemas/entities/measurements';
import { listMetaSchema, type ListMeta } from '@opencare/schemas/envelope';
import { z } from 'zod';
import { ApiError, authedRequest, authedResponse } from '../../api/client';

export const HISTORY_PAGE_SIZE = 10;

/** Every task of the calendar year of `date`, in time order (`GET /daily-tasks`). */
export function fetchDailyTasks(date: string): Promise<Task[]> {
  return authedRequest(`/daily-tasks?date=${date}`, { schema: taskSchema.array() });
}

/**
 * The days with appointments between two dates (`GET /appointments/dates`). Highlights are a help,
 * not the point of the calendar: a server without the call, or a failure, highlights none.
 */
export async function fetchAppointmentDates(from: string, to: string): Promise<string[]> {
  try {
    return await authedRequest(`/appointments/dates?from=${from}&to=${to}`, { schema: z.array(z.string()) });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return [];
    throw error;
  }
}

export interface MeasurementPage {
  items: Measurement[];
  meta: ListMeta;
}

/** The signed-in patient's readings, newest first, of one type or all. */
export async function fetchMeasurements(type: MeasurementType | null, page: number): Promise<MeasurementPage> {
  const params = new URLSearchParams({ page: String(page), pageSize: String(HISTORY_PAGE_SIZE) });
  if (type) params.set('type', type);
  const { data, meta } = await authedResponse(`/measurements?${params.toString()}`, { schema: measurementSchema.array() });
  const checked = listMetaSchema.safeParse(meta);
  if (!checked.success) throw ApiError.of('invalidResponseData');
  return { items: data, meta: checked.data };
}

export function recordMeasurement(input: CreateMeasurementInput): Promise<Measurement> {
  return authedRequest('/measurements', { method: 'POST', body: input, schema: measurementSchema });
}

export function uploadPhoto(input: UploadFileInput): Promise<StoredFile> {
  return authedRequest('/files', { method: 'POST', body: input, schema: storedFileSchema });
}

export function fetchPhoto(id: string): Promise<FileContent> {
  return authedRequest(`/files/${id}`, { schema: fileContentSchema });
}

export function fetchTask(id: string): Promise<Task> {
  return authedRequest(`/tasks/${id}`, { schema: taskSchema });
}
