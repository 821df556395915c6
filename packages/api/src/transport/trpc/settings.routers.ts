import {
  billingQuerySchema,
  settingsAreaSchema,
  settingsPatchSchema,
} from '@opencare/schemas/entities/settings';
import { z } from 'zod';
import { rpmBillingSummary } from '../../billing/billing.service';
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
import { adminProcedure, authedProcedure, publicProcedure, router } from './trpc';

const byArea = z.strictObject({ area: settingsAreaSchema });

export const settingsRouter = router({
  public: publicProcedure.query(({ ctx }) => getPublicSettings(ctx.deps)),
  app: authedProcedure.query(({ ctx }) => getAppSettings(ctx.deps, ctx.actor)),
  all: adminProcedure.query(({ ctx }) => getAllSettings(ctx.deps, ctx.actor, ctx.meta)),
  get: adminProcedure
    .input(byArea)
    .query(({ ctx, input }) => getAreaSettings(ctx.deps, ctx.actor, ctx.meta, input.area)),
  update: adminProcedure
    .input(byArea.extend({ values: settingsPatchSchema }))
    .mutation(({ ctx, input }) =>
      updateAreaSettings(ctx.deps, ctx.actor, ctx.meta, input.area, input.values),
    ),
});

export const telemedicineRouter = router({
  config: authedProcedure.query(({ ctx }) => telemedicineConfig(ctx.deps, ctx.actor)),
});

export const reportsRouter = router({
  summary: adminProcedure.query(({ ctx }) => reportSummary(ctx.deps, ctx.actor, ctx.meta)),
  rpmBilling: adminProcedure
    .input(billingQuerySchema)
    .query(({ ctx, input }) => rpmBillingSummary(ctx.deps, ctx.actor, ctx.meta, input.month)),
  systemStatus: adminProcedure.query(({ ctx }) => systemStatus(ctx.deps, ctx.actor, ctx.meta)),
});
