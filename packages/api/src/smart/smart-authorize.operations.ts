import { smartAuthorizeRequestSchema, smartConsentSchema, smartDecisionInputSchema, smartDecisionSchema } from '@opencare/schemas/entities/smart-clients';
import { operation, operations } from '../operations/operation';
import { decideConsent, describeConsent } from './smart-app.service';

/**
 * The consent step of SMART App Launch (smart-app.service.ts), for the signed-in person the app asks
 * for: what the app asks to read, then Allow or Deny. The request is the authorization request's
 * parameters as the app sent them, checked again here (they came back through the browser).
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
});
