import {
  deviceProfileInputSchema,
  deviceProfileListQuerySchema,
  deviceProfileSchema,
  deviceProfileVersionSchema,
  updateDeviceProfileInputSchema,
} from '@opencare/schemas/entities/devices';
import { z } from 'zod';
import { byIdSchema, changesById } from '../operations/common-inputs';
import { operation, operations } from '../operations/operation';
import {
  completeDeviceProfile,
  createDeviceProfile,
  deleteDeviceProfile,
  duplicateDeviceProfile,
  getDeviceProfile,
  listDeviceProfiles,
  listDeviceProfileVersions,
  updateDeviceProfile,
} from './device-profiles.service';

const update = changesById(updateDeviceProfileInputSchema);
const admin = { guard: 'authed', policy: 'admin', kind: 'deviceProfile' } as const;

/** Device profiles (how a gateway reads a device): drafts, completed versions; the organisation's admins keep them. */
export const deviceProfilesOperations = operations('deviceProfiles', {
  list: operation({
    type: 'query',
    summary: "The organisation's device profiles.",
    access: { guard: 'authed', policy: 'admin' },
    input: deviceProfileListQuerySchema,
    output: deviceProfileSchema,
    rest: [{ method: 'GET', path: '/device-profiles', input: 'query', list: true }],
    handler: ({ deps, actor }, input) => listDeviceProfiles(deps, actor, input),
  }),
  create: operation({
    type: 'mutation',
    summary: 'A new draft profile.',
    access: { guard: 'authed', policy: 'admin' },
    input: deviceProfileInputSchema,
    output: deviceProfileSchema,
    rest: [{ method: 'POST', path: '/device-profiles', input: 'body', status: 201, message: 'Draft saved.' }],
    handler: ({ deps, actor, meta }, input) => createDeviceProfile(deps, actor, meta, input),
  }),
  get: operation({
    type: 'query',
    summary: 'One device profile.',
    access: admin,
    input: byIdSchema,
    output: deviceProfileSchema,
    rest: [{ method: 'GET', path: '/device-profiles/:id', input: 'params' }],
    handler: ({ deps, actor, meta }, input) => getDeviceProfile(deps, actor, meta, input.id),
  }),
  update: operation({
    type: 'mutation',
    summary: 'Change a draft profile.',
    access: admin,
    input: update.input,
    output: deviceProfileSchema,
    rest: [{ method: 'PATCH', path: '/device-profiles/:id', input: update.rest, message: 'Saved.' }],
    handler: ({ deps, actor, meta }, input) => updateDeviceProfile(deps, actor, meta, input.id, input.changes),
  }),
  complete: operation({
    type: 'mutation',
    summary: 'Complete a draft: a new version the gateways run.',
    access: admin,
    input: byIdSchema,
    output: deviceProfileSchema,
    rest: [{ method: 'POST', path: '/device-profiles/:id/complete', input: 'params', message: 'Profile complete.' }],
    handler: ({ deps, actor, meta }, input) => completeDeviceProfile(deps, actor, meta, input.id),
  }),
  duplicate: operation({
    type: 'mutation',
    summary: 'A draft copy of a profile.',
    access: admin,
    input: byIdSchema,
    output: deviceProfileSchema,
    rest: [{ method: 'POST', path: '/device-profiles/:id/duplicate', input: 'params', status: 201, message: 'Draft copy saved.' }],
    handler: ({ deps, actor, meta }, input) => duplicateDeviceProfile(deps, actor, meta, input.id),
  }),
  versions: operation({
    type: 'query',
    summary: "A profile's completed versions, newest first.",
    access: admin,
    input: byIdSchema,
    output: deviceProfileVersionSchema,
    rest: [{ method: 'GET', path: '/device-profiles/:id/versions', input: 'params' }],
    handler: ({ deps, actor, meta }, input) => listDeviceProfileVersions(deps, actor, meta, input.id),
  }),
  delete: operation({
    type: 'mutation',
    summary: 'Delete a profile.',
    access: { ...admin, destructive: true },
    input: byIdSchema,
    output: z.null(),
    rest: [{ method: 'DELETE', path: '/device-profiles/:id', input: 'params', message: 'Profile deleted.' }],
    handler: async ({ deps, actor, meta }, input) => {
      await deleteDeviceProfile(deps, actor, meta, input.id);
      return null;
    },
  }),
});
