import {
  appSettingsSchema,
  publicSettingsSchema,
  SETTINGS_SCHEMAS,
  settingsAreaSchema,
  settingsPatchSchema,
} from '@opencare/schemas/entities/settings';
import { z } from 'zod';
import { fromParts, operation, operations } from '../operations/operation';
import { getAllSettings, getAppSettings, getAreaSettings, getPublicSettings, updateAreaSettings } from './settings.service';

const byArea = z.strictObject({ area: settingsAreaSchema });

/** The organisation's settings by system area (admins), and what everyone else may know of them. */
export const settingsOperations = operations('settings', {
  public: operation({
    type: 'query',
    summary: "What anyone may know before signing in: the organisation's name, logo and language.",
    access: { guard: 'public', policy: 'public' },
    input: undefined,
    output: publicSettingsSchema,
    rest: [{ method: 'GET', path: '/settings/public', input: 'none' }],
    handler: ({ deps }) => getPublicSettings(deps),
  }),
  app: operation({
    type: 'query',
    summary: 'The settings the app needs once signed in.',
    access: { guard: 'authed', policy: 'anyUser' },
    input: undefined,
    output: appSettingsSchema,
    rest: [{ method: 'GET', path: '/settings/app', input: 'none' }],
    handler: ({ deps, actor }) => getAppSettings(deps, actor),
  }),
  all: operation({
    type: 'query',
    summary: 'Every area of the settings.',
    access: { guard: 'admin', policy: 'admin' },
    input: undefined,
    output: z.object(SETTINGS_SCHEMAS),
    rest: [{ method: 'GET', path: '/settings', input: 'none' }],
    handler: ({ deps, actor, meta }) => getAllSettings(deps, actor, meta),
  }),
  get: operation({
    type: 'query',
    summary: "One area's settings.",
    access: { guard: 'admin', policy: 'admin' },
    input: byArea,
    rest: [{ method: 'GET', path: '/settings/:area', input: 'params' }],
    handler: ({ deps, actor, meta }, input) => getAreaSettings(deps, actor, meta, input.area),
  }),
  update: operation({
    type: 'mutation',
    summary: "Change some of an area's settings (the whole area must stay valid).",
    access: { guard: 'admin', policy: 'admin' },
    input: byArea.extend({ values: settingsPatchSchema }),
    rest: [
      {
        method: 'PATCH',
        path: '/settings/:area',
        input: fromParts({ params: byArea, body: settingsPatchSchema, map: ({ params, body }) => ({ area: params.area, values: body }) }),
        message: 'Settings saved.',
      },
    ],
    handler: ({ deps, actor, meta }, input) => updateAreaSettings(deps, actor, meta, input.area, input.values),
  }),
});
