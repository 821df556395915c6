import {
  addDeviceInputSchema,
  gatewayTokenRequestSchema,
  updateDeviceInputSchema,
  updateGatewayInputSchema,
  wifiConnectInputSchema,
} from '@opencare/schemas/entities/gateways';
import { scanCommandSchema } from '@opencare/schemas/gateway-events';
import { uuidSchema } from '@opencare/schemas/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../deps';
import {
  addDevice,
  deleteDevice,
  deviceProfilesForDevices,
  getDevice,
  listMyDevices,
  listPatientDevices,
  updateDevice,
} from '../../devices/devices.service';
import { parseInput } from '../../errors/app-error';
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
} from '../../gateways/gateways.service';
import { requestMetaOf } from '../http-request';
import { authenticate, ok, rateLimit } from './rest-kit';

const idParams = z.strictObject({ id: uuidSchema });

/** Home gateways and their devices (spec §2 /gateways and /devices; docs/gateways.md). */
export function gatewayRoutes(app: FastifyInstance, deps: Deps) {
  const who = async (req: FastifyRequest) => ({
    actor: await authenticate(deps, req),
    meta: requestMetaOf(req),
  });
  const idOf = (req: FastifyRequest) => parseInput(idParams, req.params).id;

  // The agent's own call: no user credentials (the pairing code is its proof), so limited per address.
  app.post(
    '/patients/gateways/request-token',
    { preHandler: rateLimit(deps, 'gateway-token', deps.config.publicRateLimitPerMinute, 60_000) },
    async (req, reply) => {
      const input = parseInput(gatewayTokenRequestSchema, req.body);
      const result = await requestGatewayToken(deps, requestMetaOf(req), input);
      return ok(
        reply,
        result,
        result.status === 'paired' ? 'Gateway paired.' : 'Waiting for the patient to add this gateway.',
      );
    },
  );

  app.get('/patients/me/gateways', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await listMyGateways(deps, actor, meta));
  });
  app.get('/patients/:id/gateways', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await listPatientGateways(deps, actor, meta, idOf(req)));
  });
  app.post('/patients/:id/gateways', async (req, reply) => {
    const { actor, meta } = await who(req);
    const id = idOf(req);
    return ok(
      reply,
      await addGateway(deps, actor, meta, id, parseAddGatewayInput(req.body)),
      'Gateway added.',
      { status: 201 },
    );
  });

  app.get('/gateways/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await getGateway(deps, actor, meta, idOf(req)));
  });
  app.patch('/gateways/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(
      reply,
      await updateGateway(deps, actor, meta, idOf(req), parseInput(updateGatewayInputSchema, req.body)),
      'Gateway saved.',
    );
  });
  app.delete('/gateways/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    await deleteGateway(deps, actor, meta, idOf(req));
    return ok(reply, null, 'Gateway removed.');
  });
  app.post('/gateways/:id/scan', async (req, reply) => {
    const { actor, meta } = await who(req);
    const { seconds } = parseInput(scanCommandSchema, req.body);
    return ok(reply, await scanNearby(deps, actor, meta, idOf(req), seconds));
  });
  app.get('/gateways/:id/wifi', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await wifiNetworks(deps, actor, meta, idOf(req)));
  });
  app.post('/gateways/:id/wifi', async (req, reply) => {
    const { actor, meta } = await who(req);
    const input = parseInput(wifiConnectInputSchema, req.body);
    return ok(
      reply,
      await connectWifi(deps, actor, meta, idOf(req), input),
      'The gateway is connecting to Wi-Fi.',
    );
  });

  app.get('/patients/me/devices', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await listMyDevices(deps, actor, meta));
  });
  app.get('/patients/:id/devices', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await listPatientDevices(deps, actor, meta, idOf(req)));
  });
  app.get('/devices/profiles', async (req, reply) => {
    const { actor } = await who(req);
    return ok(reply, await deviceProfilesForDevices(deps, actor));
  });
  app.post('/devices', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(
      reply,
      await addDevice(deps, actor, meta, parseInput(addDeviceInputSchema, req.body)),
      'Device added.',
      { status: 201 },
    );
  });
  app.get('/devices/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await getDevice(deps, actor, meta, idOf(req)));
  });
  app.patch('/devices/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(
      reply,
      await updateDevice(deps, actor, meta, idOf(req), parseInput(updateDeviceInputSchema, req.body)),
      'Device saved.',
    );
  });
  app.delete('/devices/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    await deleteDevice(deps, actor, meta, idOf(req));
    return ok(reply, null, 'Device removed.');
  });
}
