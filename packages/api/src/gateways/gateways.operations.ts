import {
  addGatewayInputSchema,
  gatewaySchema,
  gatewayTokenRequestSchema,
  gatewayTokenResultSchema,
  type GatewayTokenResult,
  nearbyDeviceSchema,
  updateGatewayInputSchema,
  wifiConnectInputSchema,
  wifiNetworkSchema,
} from '@opencare/schemas/entities/gateways';
import { scanCommandSchema } from '@opencare/schemas/gateway-events';
import { uuidSchema } from '@opencare/schemas/rules';
import { z } from 'zod';
import { byIdSchema, byPatientSchema, idAndBody, patientOfPath } from '../operations/common-inputs';
import { fromParts, operation, operations } from '../operations/operation';
import {
  addGateway,
  connectWifi,
  deleteGateway,
  getGateway,
  listMyGateways,
  listPatientGateways,
  parseAddGatewayInput,
  requestGatewayToken,
  scanNearby,
  updateGateway,
  wifiNetworks,
} from './gateways.service';


/** Home gateways (spec §2; docs/gateways.md): the agent's pairing call, and the patient's gateways. */
export const gatewaysOperations = operations('gateways', {
  // The agent's own call: no user credentials (the pairing code is its proof), so limited per address.
  requestToken: operation({
    type: 'mutation',
    summary: "The gateway agent asks for its token with the pairing code it made: pending until a patient adds the gateway, then the token.",
    access: { guard: 'public', policy: 'public', note: 'the gateway agent asks with its pairing code' },
    rateLimit: { bucket: 'gateway-token' },
    input: gatewayTokenRequestSchema,
    output: gatewayTokenResultSchema,
    rest: [
      {
        method: 'POST',
        path: '/patients/gateways/request-token',
        input: 'body',
        message: 'Gateway paired.',
        answer: (result: GatewayTokenResult) => ({ data: result, message: result.status === 'paired' ? 'Gateway paired.' : 'Waiting for the patient to add this gateway.' }),
      },
    ],
    handler: ({ deps, meta }, input) => requestGatewayToken(deps, meta, input),
  }),
  mine: operation({
    type: 'query',
    summary: "The caller's own gateways (a patient).",
    access: { guard: 'authed', policy: 'patientSelf' },
    input: undefined,
    output: z.array(gatewaySchema),
    rest: [{ method: 'GET', path: '/patients/me/gateways', input: 'none' }],
    handler: ({ deps, actor, meta }) => listMyGateways(deps, actor, meta),
  }),
  ofPatient: operation({
    type: 'query',
    summary: "A patient's gateways: the patient, or the clinicians who may read their record.",
    access: { guard: 'authed', policy: 'patientRead', kind: 'patient' },
    input: byPatientSchema,
    output: z.array(gatewaySchema),
    rest: [{ method: 'GET', path: '/patients/:id/gateways', input: patientOfPath }],
    handler: ({ deps, actor, meta }, input) => listPatientGateways(deps, actor, meta, input.patientId),
  }),
  // The MAC is checked by the service rather than the input schema, so a bad one is `macInvalid` (spec §8).
  add: operation({
    type: 'mutation',
    summary: 'A patient adds a registered gateway by its MAC and the pairing code its agent shows.',
    access: { guard: 'authed', policy: 'patientSelf', kind: 'patient', note: 'the patient pairs their own gateway (gateways.service.ts)' },
    input: z.looseObject({ patientId: uuidSchema }),
    output: gatewaySchema,
    rest: [
      {
        method: 'POST',
        path: '/patients/:id/gateways',
        input: fromParts({ params: byIdSchema, bodyAsSent: addGatewayInputSchema, map: ({ params, body }) => ({ ...(body as object), patientId: params.id }) }),
        status: 201,
        message: 'Gateway added.',
      },
    ],
    handler: ({ deps, actor, meta }, { patientId, ...gateway }) => addGateway(deps, actor, meta, patientId, parseAddGatewayInput(gateway)),
  }),
  get: operation({
    type: 'query',
    summary: 'One gateway (for its patient and their readers).',
    access: { guard: 'authed', policy: 'patientRead', kind: 'gateway' },
    input: byIdSchema,
    output: gatewaySchema,
    rest: [{ method: 'GET', path: '/gateways/:id', input: 'params' }],
    handler: ({ deps, actor, meta }, input) => getGateway(deps, actor, meta, input.id),
  }),
  update: operation({
    type: 'mutation',
    summary: "Rename a gateway (its patient only).",
    access: { guard: 'authed', policy: 'patientSelf', kind: 'gateway' },
    input: byIdSchema.extend({ changes: updateGatewayInputSchema }),
    output: gatewaySchema,
    rest: [
      {
        method: 'PATCH',
        path: '/gateways/:id',
        input: fromParts({ params: byIdSchema, body: updateGatewayInputSchema, map: ({ params, body }) => ({ id: params.id, changes: body }) }),
        message: 'Gateway saved.',
      },
    ],
    handler: ({ deps, actor, meta }, input) => updateGateway(deps, actor, meta, input.id, input.changes),
  }),
  delete: operation({
    type: 'mutation',
    summary: 'Remove a gateway: its token revoked, its devices deleted, its agent told.',
    access: { guard: 'authed', policy: 'patientSelf', kind: 'gateway', destructive: true },
    input: byIdSchema,
    output: z.null(),
    rest: [{ method: 'DELETE', path: '/gateways/:id', input: 'params', message: 'Gateway removed.' }],
    handler: async ({ deps, actor, meta }, input) => {
      await deleteGateway(deps, actor, meta, input.id);
      return null;
    },
  }),
  scan: operation({
    type: 'mutation',
    summary: 'The devices the gateway hears advertising now (it scans for `seconds`).',
    access: { guard: 'authed', policy: 'patientSelf', kind: 'gateway' },
    input: byIdSchema.extend(scanCommandSchema.shape),
    output: z.array(nearbyDeviceSchema),
    rest: [{ method: 'POST', path: '/gateways/:id/scan', input: idAndBody(scanCommandSchema) }],
    handler: ({ deps, actor, meta }, input) => scanNearby(deps, actor, meta, input.id, input.seconds),
  }),
  wifiNetworks: operation({
    type: 'query',
    summary: 'The Wi-Fi networks the gateway sees.',
    access: { guard: 'authed', policy: 'patientSelf', kind: 'gateway' },
    input: byIdSchema,
    output: z.array(wifiNetworkSchema),
    rest: [{ method: 'GET', path: '/gateways/:id/wifi', input: 'params' }],
    handler: ({ deps, actor, meta }, input) => wifiNetworks(deps, actor, meta, input.id),
  }),
  connectWifi: operation({
    type: 'mutation',
    summary: 'Connect the gateway to a Wi-Fi network (the password goes to the agent only).',
    access: { guard: 'authed', policy: 'patientSelf', kind: 'gateway' },
    input: byIdSchema.extend(wifiConnectInputSchema.shape),
    output: z.object({ ssid: z.string() }),
    rest: [{ method: 'POST', path: '/gateways/:id/wifi', input: idAndBody(wifiConnectInputSchema), message: 'The gateway is connecting to Wi-Fi.' }],
    handler: ({ deps, actor, meta }, input) => connectWifi(deps, actor, meta, input.id, { ssid: input.ssid, password: input.password }),
  }),
});
