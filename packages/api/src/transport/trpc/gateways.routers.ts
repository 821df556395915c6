import {
  addDeviceInputSchema,
  gatewayTokenRequestSchema,
  updateDeviceInputSchema,
  updateGatewayInputSchema,
  wifiConnectInputSchema,
} from '@opencare/schemas/entities/gateways';
import { scanCommandSchema } from '@opencare/schemas/gateway-events';
import { uuidSchema } from '@opencare/schemas/rules';
import { z } from 'zod';
import {
  addDevice,
  deleteDevice,
  deviceProfilesForDevices,
  getDevice,
  listMyDevices,
  listPatientDevices,
  updateDevice,
} from '../../devices/devices.service';
import { AppError } from '../../errors/app-error';
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
import { authedProcedure, publicProcedure, router } from './trpc';

const byId = z.strictObject({ id: uuidSchema });
const byPatient = z.strictObject({ patientId: uuidSchema });

/** The agent's token request shares REST's per-address limit. */
const limitedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const { count } = await ctx.deps.limiter.hit(`gateway-token:${ctx.meta.ip}`, 60_000);
  if (count > ctx.deps.config.publicRateLimitPerMinute) throw new AppError('rateLimited');
  return next();
});

/** The same services as gateways.routes.ts. */
const gatewaysRouter = router({
  requestToken: limitedProcedure
    .input(gatewayTokenRequestSchema)
    .mutation(({ ctx, input }) => requestGatewayToken(ctx.deps, ctx.meta, input)),
  mine: authedProcedure.query(({ ctx }) => listMyGateways(ctx.deps, ctx.actor, ctx.meta)),
  ofPatient: authedProcedure
    .input(byPatient)
    .query(({ ctx, input }) => listPatientGateways(ctx.deps, ctx.actor, ctx.meta, input.patientId)),
  // The MAC is checked here rather than by .input(), so a bad one is `macInvalid` as over REST.
  add: authedProcedure.input(z.looseObject({ patientId: uuidSchema })).mutation(({ ctx, input }) => {
    const { patientId, ...rest } = input;
    return addGateway(ctx.deps, ctx.actor, ctx.meta, patientId, parseAddGatewayInput(rest));
  }),
  get: authedProcedure
    .input(byId)
    .query(({ ctx, input }) => getGateway(ctx.deps, ctx.actor, ctx.meta, input.id)),
  update: authedProcedure
    .input(byId.extend({ changes: updateGatewayInputSchema }))
    .mutation(({ ctx, input }) => updateGateway(ctx.deps, ctx.actor, ctx.meta, input.id, input.changes)),
  delete: authedProcedure
    .input(byId)
    .mutation(({ ctx, input }) => deleteGateway(ctx.deps, ctx.actor, ctx.meta, input.id).then(() => null)),
  scan: authedProcedure
    .input(byId.extend(scanCommandSchema.shape))
    .mutation(({ ctx, input }) => scanNearby(ctx.deps, ctx.actor, ctx.meta, input.id, input.seconds)),
  wifiNetworks: authedProcedure
    .input(byId)
    .query(({ ctx, input }) => wifiNetworks(ctx.deps, ctx.actor, ctx.meta, input.id)),
  connectWifi: authedProcedure
    .input(byId.extend(wifiConnectInputSchema.shape))
    .mutation(({ ctx, input }) =>
      connectWifi(ctx.deps, ctx.actor, ctx.meta, input.id, { ssid: input.ssid, password: input.password }),
    ),
});

const devicesRouter = router({
  mine: authedProcedure.query(({ ctx }) => listMyDevices(ctx.deps, ctx.actor, ctx.meta)),
  ofPatient: authedProcedure
    .input(byPatient)
    .query(({ ctx, input }) => listPatientDevices(ctx.deps, ctx.actor, ctx.meta, input.patientId)),
  profiles: authedProcedure.query(({ ctx }) => deviceProfilesForDevices(ctx.deps, ctx.actor)),
  add: authedProcedure
    .input(addDeviceInputSchema)
    .mutation(({ ctx, input }) => addDevice(ctx.deps, ctx.actor, ctx.meta, input)),
  get: authedProcedure
    .input(byId)
    .query(({ ctx, input }) => getDevice(ctx.deps, ctx.actor, ctx.meta, input.id)),
  update: authedProcedure
    .input(byId.extend({ changes: updateDeviceInputSchema }))
    .mutation(({ ctx, input }) => updateDevice(ctx.deps, ctx.actor, ctx.meta, input.id, input.changes)),
  delete: authedProcedure
    .input(byId)
    .mutation(({ ctx, input }) => deleteDevice(ctx.deps, ctx.actor, ctx.meta, input.id).then(() => null)),
});

export const gatewayRouters = {
  gateways: gatewaysRouter,
  devices: devicesRouter,
};
