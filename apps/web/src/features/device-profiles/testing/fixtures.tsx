import type { DeviceProfile, DeviceTask, Vendor } from '@opencare/schemas/entities/devices';
import { ROLES } from '@opencare/schemas/roles';
import { listMeta } from '@opencare/schemas/envelope';
import type { RouteObject } from 'react-router-dom';
import { ok } from '../../signup/testing/harness';
import { makeAccount, makeUser } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render-app';
import { vendorRoute } from '../../vendors/routes';
import { createProfileRoute, deviceProfilesRoute } from '../routes';

/** The vendor and device-profile screens at `path`, as an admin sees them, with the app's providers. */
export function renderDevices(path: string) {
  const account = makeAccount([ROLES.Admin], { accountType: { code: 'prov', description: 'Provider' } });
  const routes: RouteObject[] = [
    {
      path: '/dashboard',
      children: [{ index: true, element: <p>dashboard page</p> }, vendorRoute, deviceProfilesRoute],
    },
    createProfileRoute,
  ];
  return renderRoutes(routes, path, {
    status: 'signed-in',
    user: { ...makeUser([account]), username: 'admin', fullName: 'Alex Admin' },
    account,
  });
}

export const VENDOR_ID = '6a1f2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b';
export const PROFILE_ID = '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d';

export function vendor(overrides: Partial<Vendor> = {}): Vendor {
  return { id: VENDOR_ID, vendorName: 'Omron', ouis: [], companyIdentifiers: [], ...overrides };
}

export const bpTask: DeviceTask = {
  phase: 'task',
  service: '1810',
  characteristic: '2A35',
  descriptors: ['2902'],
  action: 'indicate',
  dataType: 'hex',
};

export function profile(overrides: Partial<DeviceProfile> = {}): DeviceProfile {
  return {
    id: PROFILE_ID,
    profileName: 'Omron X7',
    tasks: [],
    state: 'draft',
    version: 0,
    builtIn: false,
    updatedAt: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}

/** The profile a PATCH or POST answers with: the body saved, its cleared (null) fields left out. */
export function saved(body: unknown, overrides: Partial<DeviceProfile> = {}): DeviceProfile {
  const fields = Object.fromEntries(Object.entries(body as object).filter(([, value]) => value !== null));
  return profile({ ...fields, ...overrides });
}

/** A list procedure's answer: one page of `items` with its paging, as the service returns it. */
export function page<T>(items: T[], meta: Partial<{ page: number; pageSize: number; total: number }> = {}) {
  return ok({ items, meta: listMeta(meta.total ?? items.length, meta.page ?? 1, meta.pageSize ?? 20) });
}
