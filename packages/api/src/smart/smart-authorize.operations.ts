import {
  launchableAppSchema,
  smartAuthorizeRequestSchema,
  smartConsentSchema,
  smartDecisionInputSchema,
  smartDecisionSchema,
  smartLaunchInputSchema,
  smartLaunchSchema,
} from '@opencare/schemas/entities/smart-clients';
import { z } from 'zod';
import { byIdSchema } from '../operations/common-inputs';
import { fromParts, operation, operations } from '../operations/operation';
import { decideConsent, describeConsent, launchableApps, launchApp } from './smart-app.service';

/**
 * The consent step of SMART App Launch (smart-app.service.ts), for the signed-in person the app asks
 * for: what the app asks to read, then Allow or Deny. The request is the authorization request's
 * parameters as the app sent them, checked again here (they came back through the browser). And the
 * EHR launch: the apps a clinician can open from a patient's page, and opening one.
 */
export const smartAuthorizeOperations = operations('smartAuthorize', {
  consent: operation({
    type: 'query',
    summary: "What a SMART app asks of the signed-in person: the app's name, the read scopes they may give it and whose record.",
    access: { guard: 'authed', policy: 'anyUser', note: 'each person gives only what they may see themselves' },
    input: smartAuthorizeRequestSchema,
    output: smartConsentSchema,
    rest: [{ method: 'GET', path: '/smart-authorize', input: 'query' }],
    handler: ({ deps, actor, meta }, input) => describeConsent(deps, actor, meta, input),
  }),
  decide: operation({
    type: 'mutation',
    summary: "Allow or deny a SMART app: answers where the browser goes next (the app's redirect URI with a single-use code and the state, or access_denied).",
    access: { guard: 'authed', policy: 'anyUser', note: 'each person gives only what they may see themselves' },
    input: smartDecisionInputSchema,
    output: smartDecisionSchema,
    rest: [{ method: 'POST', path: '/smart-authorize/decision', input: 'body' }],
    handler: ({ deps, actor, meta }, input) => decideConsent(deps, actor, meta, input),
  }),
  apps: operation({
    type: 'query',
    summary: 'The SMART apps a clinician can open from a patient’s page (EHR launch).',
    access: { guard: 'authed', policy: 'clinicianExport' },
    input: undefined,
    output: z.array(launchableAppSchema),
    rest: [{ method: 'GET', path: '/smart-apps', input: 'none' }],
    handler: ({ deps, actor, meta }) => launchableApps(deps, actor, meta),
  }),
  launch: operation({
    type: 'mutation',
    summary: "Open a SMART app for a patient (EHR launch): answers the app's launch URL with iss and a five-minute launch value bound to the clinician's session and the patient.",
    access: { guard: 'authed', policy: 'clinicianExport', kind: 'patient' },
    input: smartLaunchInputSchema,
    output: smartLaunchSchema,
    rest: [
      {
        method: 'POST',
        path: '/patients/:id/smart-launch',
        input: fromParts({ params: byIdSchema, body: smartLaunchInputSchema.pick({ clientId: true }), map: ({ params, body }) => ({ patientId: params.id, clientId: body.clientId }) }),
      },
    ],
    handler: ({ deps, actor, meta }, input) => launchApp(deps, actor, meta, input),
  }),
});
