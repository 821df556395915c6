import { createSmartAppInputSchema, createSmartClientInputSchema, replaceSmartClientKeysInputSchema, smartClientSchema } from '@opencare/schemas/entities/smart-clients';
import { z } from 'zod';
import { byIdSchema } from '../operations/common-inputs';
import { fromParts, operation, operations } from '../operations/operation';
import { createSmartApp, createSmartClient, listSmartClients, replaceSmartClientKeys, revokeSmartClient } from './smart-clients.service';

/** SMART clients, registered by admins: backend clients (EHRs and other systems reading FHIR with signed-JWT tokens) and apps (acting for a signed-in person). */
export const smartClientsOperations = operations('smartClients', {
  list: operation({
    type: 'query',
    summary: "The organisation's SMART backend clients, with their last use and last refused request.",
    access: { guard: 'admin', policy: 'admin' },
    input: undefined,
    output: z.array(smartClientSchema),
    rest: [{ method: 'GET', path: '/smart-clients', input: 'none' }],
    handler: ({ deps, actor, meta }) => listSmartClients(deps, actor, meta),
  }),
  create: operation({
    type: 'mutation',
    summary: 'Register a SMART backend client: its name, public keys (JWKS) and the system scopes it may be given.',
    access: { guard: 'admin', policy: 'admin' },
    input: createSmartClientInputSchema,
    output: smartClientSchema,
    rest: [{ method: 'POST', path: '/smart-clients', input: 'body', status: 201, message: 'Client registered. Give its client id to the integrator.' }],
    handler: ({ deps, actor, meta }, input) => createSmartClient(deps, actor, meta, input),
  }),
  createApp: operation({
    type: 'mutation',
    summary: 'Register a SMART app (public client, authorization code with PKCE): its name, exact redirect URIs and the patient/user read scopes it may ask for.',
    access: { guard: 'admin', policy: 'admin' },
    input: createSmartAppInputSchema,
    output: smartClientSchema,
    rest: [{ method: 'POST', path: '/smart-clients/apps', input: 'body', status: 201, message: 'App registered. Give its client id to the app’s developer.' }],
    handler: ({ deps, actor, meta }, input) => createSmartApp(deps, actor, meta, input),
  }),
  replaceKeys: operation({
    type: 'mutation',
    summary: "Replace a client's public keys (key rotation): the old keys stop working at once.",
    access: { guard: 'admin', policy: 'admin', kind: 'smartClient' },
    input: replaceSmartClientKeysInputSchema,
    output: smartClientSchema,
    rest: [
      {
        method: 'PUT',
        path: '/smart-clients/:id/keys',
        input: fromParts({ params: byIdSchema, body: replaceSmartClientKeysInputSchema.pick({ jwks: true }), map: ({ params, body }) => ({ id: params.id, jwks: body.jwks }) }),
        message: 'Keys replaced.',
      },
    ],
    handler: ({ deps, actor, meta }, input) => replaceSmartClientKeys(deps, actor, meta, input.id, input.jwks),
  }),
  revoke: operation({
    type: 'mutation',
    summary: 'Revoke a SMART backend client: its tokens stop working at once.',
    access: { guard: 'admin', policy: 'admin', kind: 'smartClient', destructive: true },
    input: byIdSchema,
    output: smartClientSchema,
    rest: [{ method: 'PATCH', path: '/smart-clients/:id/revoke', input: 'params', message: 'Client revoked.' }],
    handler: ({ deps, actor, meta }, input) => revokeSmartClient(deps, actor, meta, input.id),
  }),
});
