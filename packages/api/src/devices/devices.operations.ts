import { deviceProfileVersionSchema } from '@opencare/schemas/entities/devices';
import { addDeviceInputSchema, deviceSchema, updateDeviceInputSchema } from '@opencare/schemas/entities/gateways';
import { z } from 'zod';
import { byIdSchema, byPatientSchema, patientOfPath } from '../operations/common-inputs';
import { fromParts, operation, operations } from '../operations/operation';
import { addDevice, deleteDevice, deviceProfilesForDevices, getDevice, listMyDevices, listPatientDevices, updateDevice } from './devices.service';

/** A patient's devices, paired through their gateways (docs/gateways.md). */
export const devicesOperations = operations('devices', {
  mine: operation({
    type: 'query',
    summary: "The caller's own devices (a patient).",
    access: { guard: 'authed', policy: 'patientSelf' },
    input: undefined,
    output: z.array(deviceSchema),
    rest: [{ method: 'GET', path: '/patients/me/devices', input: 'none' }],
    handler: ({ deps, actor, meta }) => listMyDevices(deps, actor, meta),
  }),
  ofPatient: operation({
    type: 'query',
    summary: "A patient's devices: the patient, or the clinicians who may read their record.",
    access: { guard: 'authed', policy: 'patientRead', kind: 'patient' },
    input: byPatientSchema,
    output: z.array(deviceSchema),
    rest: [{ method: 'GET', path: '/patients/:id/devices', input: patientOfPath }],
    handler: ({ deps, actor, meta }, input) => listPatientDevices(deps, actor, meta, input.patientId),
  }),
  profiles: operation({
    type: 'query',
    summary: "The completed device profiles of the caller's organisation: what a new device can be read with.",
    access: { guard: 'authed', policy: 'anyUser' },
    input: undefined,
    output: z.array(deviceProfileVersionSchema),
    rest: [{ method: 'GET', path: '/devices/profiles', input: 'none' }],
    handler: ({ deps, actor }) => deviceProfilesForDevices(deps, actor),
  }),
  add: operation({
    type: 'mutation',
    summary: 'A patient pairs a device they have near one of their gateways, read with a completed profile.',
    access: { guard: 'authed', policy: 'patientSelf', kind: 'patient', note: 'the patient adds devices to their own gateway' },
    input: addDeviceInputSchema,
    output: deviceSchema,
    rest: [{ method: 'POST', path: '/devices', input: 'body', status: 201, message: 'Device added.' }],
    handler: ({ deps, actor, meta }, input) => addDevice(deps, actor, meta, input),
  }),
  get: operation({
    type: 'query',
    summary: 'One device (for its patient and their readers).',
    access: { guard: 'authed', policy: 'patientRead', kind: 'device' },
    input: byIdSchema,
    output: deviceSchema,
    rest: [{ method: 'GET', path: '/devices/:id', input: 'params' }],
    handler: ({ deps, actor, meta }, input) => getDevice(deps, actor, meta, input.id),
  }),
  update: operation({
    type: 'mutation',
    summary: 'Change a device (its patient only).',
    access: { guard: 'authed', policy: 'patientSelf', kind: 'device' },
    input: byIdSchema.extend({ changes: updateDeviceInputSchema }),
    output: deviceSchema,
    rest: [
      {
        method: 'PATCH',
        path: '/devices/:id',
        input: fromParts({ params: byIdSchema, body: updateDeviceInputSchema, map: ({ params, body }) => ({ id: params.id, changes: body }) }),
        message: 'Device saved.',
      },
    ],
    handler: ({ deps, actor, meta }, input) => updateDevice(deps, actor, meta, input.id, input.changes),
  }),
  delete: operation({
    type: 'mutation',
    summary: 'Remove a device.',
    access: { guard: 'authed', policy: 'patientSelf', kind: 'device', destructive: true },
    input: byIdSchema,
    output: z.null(),
    rest: [{ method: 'DELETE', path: '/devices/:id', input: 'params', message: 'Device removed.' }],
    handler: async ({ deps, actor, meta }, input) => {
      await deleteDevice(deps, actor, meta, input.id);
      return null;
    },
  }),
});
