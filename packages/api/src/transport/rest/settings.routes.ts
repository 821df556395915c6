import {
  billingQuerySchema,
  settingsAreaSchema,
  settingsPatchSchema,
} from '@opencare/schemas/entities/settings';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { rpmBillingSummary } from '../../billing/billing.service';
import type { Deps } from '../../deps';
import { parseInput } from '../../errors/app-error';
import { reportSummary } from '../../reports/reports.service';
import {
  getAllSettings,
  getAppSettings,
  getAreaSettings,
  getPublicSettings,
  updateAreaSettings,
} from '../../settings/settings.service';
import { systemStatus } from '../../system/system.service';
import { telemedicineConfig } from '../../visits/telemedicine.service';
import { requestMetaOf } from '../http-request';
import { authenticate, ok } from './rest-kit';

const areaParams = z.strictObject({ area: settingsAreaSchema });

/** The system areas' settings and the figures and rules that come from them. */
export function settingsRoutes(app: FastifyInstance, deps: Deps) {
  const who = async (req: FastifyRequest) => ({
    actor: await authenticate(deps, req),
    meta: requestMetaOf(req),
  });

  app.get('/settings/public', async (_req, reply) => ok(reply, await getPublicSettings(deps)));
  app.get('/settings/app', async (req, reply) =>
    ok(reply, await getAppSettings(deps, await authenticate(deps, req))),
  );
  app.get('/settings', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await getAllSettings(deps, actor, meta));
  });
  app.get('/settings/:area', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await getAreaSettings(deps, actor, meta, parseInput(areaParams, req.params).area));
  });
  app.patch('/settings/:area', async (req, reply) => {
    const { actor, meta } = await who(req);
    const { area } = parseInput(areaParams, req.params);
    return ok(
      reply,
      await updateAreaSettings(deps, actor, meta, area, parseInput(settingsPatchSchema, req.body)),
      'Settings saved.',
    );
  });

  app.get('/telemedicine/config', async (req, reply) =>
    ok(reply, await telemedicineConfig(deps, await authenticate(deps, req))),
  );
  app.get('/reports/summary', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await reportSummary(deps, actor, meta));
  });
  app.get('/billing/rpm', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(
      reply,
      await rpmBillingSummary(deps, actor, meta, parseInput(billingQuerySchema, req.query).month),
    );
  });
  app.get('/system/status', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await systemStatus(deps, actor, meta));
  });
}
