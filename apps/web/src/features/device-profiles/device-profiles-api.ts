import {
  deviceProfileSchema,
  deviceProfileVersionSchema,
  type DeviceProfile,
  type DeviceProfileVersion,
  type DeviceTask,
} from '@opencare/schemas/entities/devices';
import { listMetaSchema, type ListMeta } from '@opencare/schemas/envelope';
import type { MeasurementCode } from '@opencare/schemas/lookups';
import { ApiError, authedRequest, authedResponse } from '../../api/client';

/** The device-profile calls of the admin screens (`/device-profiles`); answers are checked with the shared schemas. */

/** Everything the builder saves; null clears a field of a draft. */
export interface DeviceProfileBody {
  profileName: string;
  vendorId: string | null;
  measurement: MeasurementCode | null;
  device: string | null;
  tasks: DeviceTask[];
}

const profilePath = (id: string) => `/device-profiles/${encodeURIComponent(id)}`;

export async function listDeviceProfiles(
  query: { page?: number; pageSize?: number; state?: 'draft' | 'complete' } = {},
): Promise<{ items: DeviceProfile[]; meta: ListMeta }> {
  const params = new URLSearchParams();
  if (query.page) params.set('page', String(query.page));
  if (query.pageSize) params.set('pageSize', String(query.pageSize));
  if (query.state) params.set('state', query.state);
  const suffix = params.size > 0 ? `?${params.toString()}` : '';
  const { data, meta } = await authedResponse(`/device-profiles${suffix}`, {
    schema: deviceProfileSchema.array(),
  });
  const checked = listMetaSchema.safeParse(meta);
  if (!checked.success) throw ApiError.of('invalidResponseData');
  return { items: data, meta: checked.data };
}

export function getDeviceProfile(id: string): Promise<DeviceProfile> {
  return authedRequest(profilePath(id), { schema: deviceProfileSchema });
}

/** A new draft: blank fields are left out (the create schema has no nulls). */
export function createDeviceProfile(body: DeviceProfileBody): Promise<DeviceProfile> {
  const withoutBlanks = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));
  return authedRequest('/device-profiles', {
    method: 'POST',
    body: withoutBlanks,
    schema: deviceProfileSchema,
  });
}

export function updateDeviceProfile(id: string, body: DeviceProfileBody): Promise<DeviceProfile> {
  return authedRequest(profilePath(id), { method: 'PATCH', body, schema: deviceProfileSchema });
}

export function completeDeviceProfile(id: string): Promise<DeviceProfile> {
  return authedRequest(`${profilePath(id)}/complete`, { method: 'POST', schema: deviceProfileSchema });
}

export function duplicateDeviceProfile(id: string): Promise<DeviceProfile> {
  return authedRequest(`${profilePath(id)}/duplicate`, { method: 'POST', schema: deviceProfileSchema });
}

export function listDeviceProfileVersions(id: string): Promise<DeviceProfileVersion[]> {
  return authedRequest(`${profilePath(id)}/versions`, { schema: deviceProfileVersionSchema.array() });
}

export async function deleteDeviceProfile(id: string): Promise<void> {
  await authedRequest<null>(profilePath(id), { method: 'DELETE' });
}
