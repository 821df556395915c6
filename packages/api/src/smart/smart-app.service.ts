import { createHash, randomBytes } from 'node:crypto';
import {
  SMART_RESOURCES,
  smartTokenRequestSchema,
  type LaunchableApp,
  type SmartAuthorizeRequest,
  type SmartConsent,
  type SmartDecisionInput,
  type SmartLaunchInput,
  type SmartTokenResponse,
} from '@opencare/schemas/entities/smart-clients';
import { uuidSchema } from '@opencare/schemas/rules';
import { authorize, hasRouteRole, mayDo } from '../access/access';
import type { Actor } from '../access/actor';
import { findAccount } from '../accounts/accounts.repository';
import { audit } from '../audit/audit.service';
import { actorOfSession } from '../auth/session-actor';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { FHIR_BASE_PATH } from '../fhir/fhir.service';
import { patientFor } from '../patients/patient-access';
import {
  endSmartRefreshChain,
  findLiveSmartLaunch,
  findSmartClient,
  findSmartCode,
  findSmartRefreshToken,
  insertSmartCode,
  insertSmartLaunch,
  insertSmartRefreshToken,
  insertSmartToken,
  listLaunchableApps,
  updateSmartClient,
  useSmartCode,
  useSmartRefreshToken,
  type SmartClientRow,
} from './smart-clients.repository';
import { hashOf, issueBackendToken, OAuthError, SMART_TOKEN_SECONDS, TOKEN_PREFIX } from './smart-clients.service';
import { idTokenFor } from './smart-openid';

/**
 * SMART App Launch 2.x: an app acting for a signed-in person gets a token by the authorization code
 * flow with PKCE (S256 only), launched on its own (standalone) or from a patient's page (EHR launch).
 *
 *   [EHR launch: a clinician's "Open in app" → the app's launch URL with `iss` and `launch`] →
 *   app → `[base]/auth/authorize` (checked here) → the web app's consent page `/authorize` (sign-in
 *   first when needed) → Allow / Deny → the app's redirect URI with `code` and `state` → the app
 *   posts the code and its PKCE verifier to `[base]/auth/token` → an opaque token for five minutes.
 *
 * What a token reaches is the intersection of its scopes and what the person may see anyway: a
 * patient gives `patient/…` scopes for their own record (the patient context is themselves); staff
 * give `user/…` scopes, read through the existing access rules, and `patient/…` scopes for one
 * patient: the one they launched the app from, or (standalone, `launch/patient`) the one they choose
 * on the consent page. Read scopes only; `online_access` gives a refresh token that lives with the
 * person's session, `openid` (and `fhirUser`) an id_token (smart-openid.ts); no `offline_access`
 * (docs/decisions.md).
 */

export { SMART_AUTHORIZE_ENDPOINT_PATH as SMART_AUTHORIZE_PATH } from './smart-configuration';
/** How long a code may wait for its exchange: the app posts it at once, so a minute is plenty. */
export const SMART_CODE_SECONDS = 60;
/** The web app's consent page. */
export const SMART_CONSENT_PATH = '/authorize';
/** How long a launch waits for the app's authorization request: the app redirects at once. */
export const SMART_LAUNCH_SECONDS = 300;
/** A refresh token's longest life; it also ends with the session that consented, usually sooner. */
export const SMART_REFRESH_SECONDS = 12 * 3600;
const REFRESH_PREFIX = 'ocr_';

/** The FHIR bases this server answers at; an app's `aud` must name one of them. */
export const fhirBases = (deps: Deps) => [`${deps.config.publicUrl}/fhir/R4`, `${deps.config.publicUrl}${FHIR_BASE_PATH}`];

/** A refusal the app hears at its redirect URI (RFC 6749 §4.1.2.1), once its client and redirect URI are known to be its own. */
export class AuthorizeRefusal extends Error {
  constructor(
    readonly error: 'invalid_request' | 'unsupported_response_type' | 'invalid_scope' | 'access_denied',
    readonly description: string,
  ) {
    super(description);
  }
}

const RESOURCE = new Set<string>(['*', ...SMART_RESOURCES]);
const APP_SCOPE = /^(patient|user)\/(\*|[A-Z][A-Za-z]+)\.(read|r|s|rs)$/;
/** base64url of a SHA-256 digest. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** RFC 7636 §4.1. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/** The registered, live app and the redirect URI it named (exactly); anything else is shown on our page, never redirected to. */
async function registeredApp(deps: Deps, request: SmartAuthorizeRequest): Promise<{ client: SmartClientRow; redirectUri: string }> {
  const id = request.client_id ?? '';
  const client = uuidSchema.safeParse(id).success ? await findSmartClient(deps.db, id) : undefined;
  const redirectUri = request.redirect_uri ?? '';
  if (!client || client.kind !== 'app' || client.revokedAt || !client.redirectUris.includes(redirectUri)) throw new AppError('smartAppUnknown');
  return { client, redirectUri };
}

/** The rest of the request: a code, PKCE with S256, a state, this server as the audience, some scope. */
function checkParameters(deps: Deps, request: SmartAuthorizeRequest): { requested: string[]; codeChallenge: string } {
  if (request.response_type !== 'code') throw new AuthorizeRefusal('unsupported_response_type', 'Only response_type=code is served here.');
  if (request.code_challenge_method !== 'S256' || !request.code_challenge) throw new AuthorizeRefusal('invalid_request', 'PKCE is required: code_challenge with code_challenge_method=S256 (plain is refused).');
  if (!S256_CHALLENGE.test(request.code_challenge)) throw new AuthorizeRefusal('invalid_request', 'code_challenge must be the base64url SHA-256 of the verifier (43 characters).');
  if (!request.state) throw new AuthorizeRefusal('invalid_request', 'state is required.');
  const aud = (request.aud ?? '').replace(/\/+$/, '');
  if (!fhirBases(deps).includes(aud)) throw new AuthorizeRefusal('invalid_request', 'aud must be this FHIR server’s base address.');
  const requested = (request.scope ?? '').split(/\s+/).filter(Boolean);
  if (requested.length === 0) throw new AuthorizeRefusal('invalid_scope', 'Ask for at least one scope.');
  if (requested.includes('launch') && !request.launch) throw new AuthorizeRefusal('invalid_request', 'The launch scope needs the launch parameter the app was opened with.');
  return { requested, codeChallenge: request.code_challenge };
}

/**
 * An EHR launch's patient: the launch must be live, made for this app, by this person, in this
 * session (a launch value seen by someone else is worth nothing to them). Null without a launch.
 */
async function launchedPatient(deps: Deps, actor: Actor, client: SmartClientRow, request: SmartAuthorizeRequest): Promise<string | null> {
  if (!request.launch) return null;
  const row = await findLiveSmartLaunch(deps.db, hashOf(request.launch), new Date());
  if (!row || row.clientId !== client.id || row.accountId !== actor.accountId || row.sessionId !== actor.sessionId) {
    throw new AuthorizeRefusal('invalid_request', 'The launch is unknown, has expired or was made for someone else: open the app again from the patient’s page.');
  }
  return row.patientId;
}

const isPatientUser = (actor: Actor) => actor.accountType === 'pat';

/**
 * The requested scopes this person may give this app: those the admin allowed, read only. A patient
 * gives `patient/…` scopes (their own record); staff give `user/…` scopes, and `patient/…` scopes
 * for one patient when there will be one: launched from that patient's page (`launch`, which needs
 * no admin's tick: the launch URL is the admin's choice), or chosen on the consent page (`launch/patient`).
 */
function grantable(requested: string[], allowed: string[], actor: Actor, launched: boolean): string[] {
  const wanted = [...new Set(requested)];
  const onePatient = isPatientUser(actor) || launched || (wanted.includes('launch/patient') && allowed.includes('launch/patient'));
  return wanted.filter((scope) => {
    if (scope === 'launch') return launched;
    if (scope === 'launch/patient' || scope === 'online_access' || scope === 'openid') return allowed.includes(scope);
    if (scope === 'fhirUser') return allowed.includes(scope) && wanted.includes('openid');
    const match = APP_SCOPE.exec(scope);
    if (!match || !RESOURCE.has(match[2]!)) return false;
    if (match[1] === 'patient' ? !onePatient : isPatientUser(actor)) return false;
    return allowed.includes(`${match[1]}/*.read`) || allowed.includes(`${match[1]}/${match[2]}.read`);
  });
}
const readsSomething = (scopes: string[]) => scopes.some((scope) => APP_SCOPE.test(scope));
const readsAPatient = (scopes: string[]) => scopes.some((scope) => scope.startsWith('patient/'));
/** The patient `patient/…` scopes reach when it is already known: a patient themself, or the patient a clinician launched from. */
const knownPatient = (actor: Actor, launched: string | null) => (isPatientUser(actor) ? actor.accountId : launched);

/** A refusal on the consent page, in the catalogue's words. */
const pageError = (refusal: AuthorizeRefusal) => new AppError(refusal.error === 'invalid_scope' ? 'smartScopeRefused' : 'smartAuthorizeInvalid');

/**
 * `GET [base]/auth/authorize`: where the browser goes next. A request from a registered app to its own
 * redirect URI goes on to the consent page (which asks for sign-in first); one with a bad parameter
 * goes back to the app with the OAuth error and state. An unknown app or redirect URI is never
 * redirected to: the consent page says what is wrong.
 */
export async function authorizeRedirect(deps: Deps, meta: RequestMeta, request: SmartAuthorizeRequest, query: string): Promise<string> {
  // Relative: the web app is served by the same edge, at whatever address the browser reached it.
  const consentPage = `${SMART_CONSENT_PATH}?${query}`;
  let app;
  try {
    app = await registeredApp(deps, request);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await audit(deps.db, null, meta, { action: 'smart.authorize', resourceType: 'smartClient', resourceId: null, outcome: 'denied' });
    return consentPage;
  }
  try {
    checkParameters(deps, request);
  } catch (error) {
    if (!(error instanceof AuthorizeRefusal)) throw error;
    await audit(deps.db, null, meta, { action: 'smart.authorize', resourceType: 'smartClient', resourceId: app.client.id, outcome: 'denied' });
    return backToApp(app.redirectUri, request.state, { error: error.error, error_description: error.description });
  }
  return consentPage;
}

function backToApp(redirectUri: string, state: string | undefined, params: Record<string, string>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  if (state) url.searchParams.set('state', state);
  return url.toString();
}

/** What the consent page shows: the app, the scopes this person may give it, whose record. */
export async function describeConsent(deps: Deps, actor: Actor, meta: RequestMeta, request: SmartAuthorizeRequest): Promise<SmartConsent> {
  const { client, redirectUri } = await registeredApp(deps, request);
  let requested, launched;
  try {
    ({ requested } = checkParameters(deps, request));
    launched = await launchedPatient(deps, actor, client, request);
  } catch (error) {
    throw error instanceof AuthorizeRefusal ? pageError(error) : error;
  }
  const scopes = grantable(requested, client.scopes, actor, launched !== null);
  if (!readsSomething(scopes)) throw new AppError('smartScopeRefused');
  const patientId = readsAPatient(scopes) ? knownPatient(actor, launched) : null;
  const patient = patientId ? await findAccount(deps.db, patientId) : undefined;
  await audit(deps.db, actor, meta, { action: 'smart.consent', resourceType: 'smartClient', resourceId: client.id, outcome: 'allowed' });
  return {
    clientName: client.name,
    redirectOrigin: new URL(redirectUri).origin,
    scopes,
    patient: patient ? { id: patient.account.id, name: [patient.profile.firstName, patient.profile.lastName].join(' ') } : null,
    choosePatient: readsAPatient(scopes) && patientId === null,
  };
}

/**
 * Allow or Deny: where the browser goes next. Allowed, a single-use code for a minute, bound to the
 * app, its redirect URI, the PKCE challenge, the person, their session and the scopes they gave;
 * denied, `access_denied`. Audited either way.
 */
export async function decideConsent(deps: Deps, actor: Actor, meta: RequestMeta, input: SmartDecisionInput): Promise<{ redirectTo: string }> {
  const { request } = input;
  const { client, redirectUri } = await registeredApp(deps, request);
  const back = (params: Record<string, string>) => ({ redirectTo: backToApp(redirectUri, request.state, params) });
  const decided = (outcome: 'allowed' | 'denied') => audit(deps.db, actor, meta, { action: 'smart.authorize', resourceType: 'smartClient', resourceId: client.id, outcome });
  let checked, launched;
  try {
    checked = checkParameters(deps, request);
    launched = await launchedPatient(deps, actor, client, request);
  } catch (error) {
    if (!(error instanceof AuthorizeRefusal)) throw error;
    await decided('denied');
    return back({ error: error.error, error_description: error.description });
  }
  const scopes = grantable(checked.requested, client.scopes, actor, launched !== null);
  if (!input.allow) {
    await decided('denied');
    return back({ error: 'access_denied', error_description: 'The user did not allow this app.' });
  }
  if (!readsSomething(scopes)) {
    await decided('denied');
    return back({ error: 'invalid_scope', error_description: 'None of the scopes asked for may be given by this user.' });
  }
  let patientId = readsAPatient(scopes) ? knownPatient(actor, launched) : null;
  if (readsAPatient(scopes) && !patientId) {
    // A clinician's standalone launch: the patient they chose, if they may hand out that patient's record.
    if (!input.patientId) throw new AppError('validationFailed', { fields: [{ field: 'patientId', message: 'Choose the patient this app may read.' }] });
    patientId = (await patientFor(deps, actor, meta, input.patientId, 'smart.authorize', 'read', 'Export')).account.id;
  }
  const code = randomBytes(32).toString('base64url');
  await insertSmartCode(deps.db, {
    codeHash: hashOf(code),
    clientId: client.id,
    accountId: actor.accountId,
    sessionId: actor.sessionId,
    redirectUri,
    codeChallenge: checked.codeChallenge,
    scopes,
    patientId,
    nonce: request.nonce ?? null,
    expiresAt: new Date(Date.now() + SMART_CODE_SECONDS * 1000),
  });
  await decided('allowed');
  return back({ code });
}

/**
 * The token endpoint, either grant: `client_credentials` for backend services
 * (smart-clients.service.ts) or `authorization_code` for apps.
 */
export function issueSmartToken(deps: Deps, meta: RequestMeta, form: unknown, audiences: string[]): Promise<SmartTokenResponse> {
  const parsed = smartTokenRequestSchema.safeParse(form);
  // The FHIR base the token endpoint was reached under: the issuer of an id_token.
  const issuer = audiences[1] ?? '';
  if (parsed.success && parsed.data.grant_type === 'authorization_code') return exchangeCode(deps, meta, parsed.data, issuer);
  if (parsed.success && parsed.data.grant_type === 'refresh_token') return refreshAppToken(deps, meta, parsed.data, issuer);
  return issueBackendToken(deps, meta, form, audiences);
}

type TokenRequest = ReturnType<typeof smartTokenRequestSchema.parse>;

/** The public app a token request names; refused as `invalid_client` (audited, and shown to its admin) when unknown or revoked. */
async function requestingApp(deps: Deps, meta: RequestMeta, clientId: string | undefined) {
  const client = clientId && uuidSchema.safeParse(clientId).success ? await findSmartClient(deps.db, clientId) : undefined;
  const refuse = async (error: OAuthError): Promise<never> => {
    await audit(deps.db, null, meta, { action: 'smart.token', resourceType: 'smartClient', resourceId: client?.id ?? null, outcome: 'denied' });
    if (client) await updateSmartClient(deps.db, client.id, { lastError: `${error.error}: ${error.description}`, lastErrorAt: new Date() });
    throw error;
  };
  if (!client || client.kind !== 'app' || client.revokedAt) return refuse(new OAuthError('invalid_client', 'No such app, or it was revoked: client_id must be the id an admin registered.'));
  return { client, refuse };
}

/** What an app's tokens carry, from its code or its last refresh token. */
interface AppGrant {
  accountId: string;
  sessionId: string;
  patientId: string | null;
  scopes: string[];
}
/** Where the answer's id_token (for `openid`) comes from: the FHIR base as issuer, the code's nonce. */
interface OpenIdContext {
  issuer: string;
  nonce: string | null;
}

/**
 * An access token for five minutes and, with `online_access`, the next refresh token of the chain
 * (`chainId`: the code's id). `given` (a code's or a refresh token's id) is unique per client, so one
 * of them never buys two tokens.
 */
async function appTokens(deps: Deps, meta: RequestMeta, actor: Actor, clientId: string, grant: AppGrant, given: string, chainId: string, openid: OpenIdContext): Promise<SmartTokenResponse> {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  await insertSmartToken(deps.db, { clientId, tokenHash: hashOf(token), assertionId: given, ...grant, expiresAt: new Date(Date.now() + SMART_TOKEN_SECONDS * 1000) });
  let refresh: string | undefined;
  if (grant.scopes.includes('online_access')) {
    refresh = `${REFRESH_PREFIX}${randomBytes(32).toString('base64url')}`;
    await insertSmartRefreshToken(deps.db, { clientId, tokenHash: hashOf(refresh), chainId, ...grant, expiresAt: new Date(Date.now() + SMART_REFRESH_SECONDS * 1000) });
  }
  const idToken = grant.scopes.includes('openid') ? await idTokenFor(deps, actor, { ...openid, clientId, scopes: grant.scopes }) : undefined;
  await updateSmartClient(deps.db, clientId, { lastUsedAt: new Date() });
  await audit(deps.db, actor, meta, { action: 'smart.token', resourceType: 'smartClient', resourceId: clientId, outcome: 'allowed' });
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: SMART_TOKEN_SECONDS,
    scope: grant.scopes.join(' '),
    ...(grant.patientId ? { patient: grant.patientId } : {}),
    ...(refresh ? { refresh_token: refresh } : {}),
    ...(idToken ? { id_token: idToken } : {}),
  };
}

/**
 * `grant_type=refresh_token` (RFC 6749 §6) for a public app given `online_access`: the refresh token
 * is spent by this use and the answer carries the next one (rotation); a spent one presented again
 * ends its whole chain, the access tokens included. `scope` may narrow, never widen. It works while
 * the person's session lasts, as the app's tokens do.
 */
async function refreshAppToken(deps: Deps, meta: RequestMeta, request: TokenRequest, issuer: string): Promise<SmartTokenResponse> {
  const { client, refuse } = await requestingApp(deps, meta, request.client_id);
  if (!request.refresh_token) return refuse(new OAuthError('invalid_request', 'Send refresh_token and client_id.'));
  const now = new Date();
  const tokenHash = hashOf(request.refresh_token.slice(0, 200));
  // Another client presenting it does not spend it.
  const row = await useSmartRefreshToken(deps.db, client.id, tokenHash, now);
  if (!row) {
    const spent = await findSmartRefreshToken(deps.db, tokenHash);
    if (spent?.usedAt && spent.clientId === client.id) await endSmartRefreshChain(deps.db, client.id, spent.chainId, now);
    return refuse(new OAuthError('invalid_grant', 'The refresh token is unknown, was not given to this client, has expired or was used before.'));
  }
  const asked = request.scope?.split(/\s+/).filter(Boolean);
  if (asked?.some((scope) => !row.scopes.includes(scope))) return refuse(new OAuthError('invalid_scope', `Ask for the scopes given before, or fewer: ${row.scopes.join(' ')}.`));
  const actor = await actorOfSession(deps, row.sessionId, row.accountId);
  if (!actor) return refuse(new OAuthError('invalid_grant', 'The person who allowed this app has signed out or may no longer act.'));
  // Narrowed without online_access, the chain ends with this token.
  const scopes = asked ?? row.scopes;
  return appTokens(deps, meta, actor, client.id, { accountId: row.accountId, sessionId: row.sessionId, patientId: row.patientId, scopes }, row.id, row.chainId, { issuer, nonce: null });
}

/**
 * `grant_type=authorization_code` (RFC 6749 §4.1.3 with RFC 7636): a public client names itself
 * (`client_id`), the code, the redirect URI it was sent to and the PKCE verifier. The code is spent
 * by the first attempt whatever its outcome; a second use also ends the tokens the first one gave.
 */
async function exchangeCode(deps: Deps, meta: RequestMeta, request: TokenRequest, issuer: string): Promise<SmartTokenResponse> {
  const { code, redirect_uri: redirectUri, code_verifier: verifier, client_id: clientId } = request;
  if (!code || !redirectUri || !verifier || !clientId) throw new OAuthError('invalid_request', 'Send code, redirect_uri, code_verifier and client_id.');
  const { client, refuse } = await requestingApp(deps, meta, clientId);
  if (!VERIFIER.test(verifier)) return refuse(new OAuthError('invalid_request', 'code_verifier must be 43 to 128 unreserved characters (RFC 7636).'));

  const now = new Date();
  const codeHash = hashOf(code.slice(0, 200));
  const row = await useSmartCode(deps.db, codeHash, now);
  if (!row) {
    const spent = await findSmartCode(deps.db, codeHash);
    if (spent?.usedAt && spent.clientId === client.id) await endSmartRefreshChain(deps.db, client.id, spent.id, now);
    return refuse(new OAuthError('invalid_grant', 'The code is unknown, has expired or was used before.'));
  }
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  if (row.clientId !== client.id || row.redirectUri !== redirectUri || row.codeChallenge !== challenge) {
    return refuse(new OAuthError('invalid_grant', 'The code was not given to this client, for this redirect_uri and this code_verifier.'));
  }
  const actor = await actorOfSession(deps, row.sessionId, row.accountId);
  if (!actor) return refuse(new OAuthError('invalid_grant', 'The person who allowed this app has signed out or may no longer act.'));

  // The code's id: a code gives one token at most, and what it gave can be found again if it is replayed.
  return appTokens(deps, meta, actor, client.id, { accountId: row.accountId, sessionId: row.sessionId, patientId: row.patientId, scopes: row.scopes }, row.id, row.id, { issuer, nonce: row.nonce });
}

/**
 * The apps a clinician can open from a patient's page: live apps of the organisation with a launch
 * URL that may be given `patient/…` scopes. For the clinicians who may hand a record out (Export).
 */
export async function launchableApps(deps: Deps, actor: Actor, meta: RequestMeta): Promise<LaunchableApp[]> {
  const allowed = hasRouteRole(actor, 'clinician') && mayDo(actor, 'Export');
  if (!allowed) await authorize(deps, actor, meta, { action: 'smart.apps', resourceType: 'organisation', resourceId: actor.organisationId, allowed });
  const apps = await listLaunchableApps(deps.db, actor.organisationId);
  return apps
    .filter((app) => readsAPatient(app.scopes))
    .map((app) => ({ id: app.id, name: app.name, launchOrigin: new URL(app.launchUrl!).origin }));
}

/**
 * EHR launch (a clinician's "Open in app" on a patient's page): a launch value for five minutes,
 * bound to the app, the clinician's session and the patient, and the app's launch URL with it and
 * `iss` (this FHIR server). The app then asks `[base]/auth/authorize` with `launch`, and the patient
 * becomes its token's patient context. Audited on the patient's record.
 */
export async function launchApp(deps: Deps, actor: Actor, meta: RequestMeta, input: SmartLaunchInput): Promise<{ url: string }> {
  // A patient opens their own apps on their own (standalone launch).
  if (!hasRouteRole(actor, 'clinician')) await authorize(deps, actor, meta, { action: 'smart.launch', resourceType: 'patient', resourceId: input.patientId, allowed: false });
  await patientFor(deps, actor, meta, input.patientId, 'smart.launch', 'read', 'Export');
  const client = await findSmartClient(deps.db, input.clientId);
  const launchable = client && client.kind === 'app' && !client.revokedAt && client.launchUrl && client.organisationId === actor.organisationId && readsAPatient(client.scopes);
  if (!launchable) throw new AppError('notFound');
  const launch = randomBytes(32).toString('base64url');
  await insertSmartLaunch(deps.db, {
    launchHash: hashOf(launch),
    clientId: client.id,
    accountId: actor.accountId,
    sessionId: actor.sessionId,
    patientId: input.patientId,
    expiresAt: new Date(Date.now() + SMART_LAUNCH_SECONDS * 1000),
  });
  const url = new URL(client.launchUrl!);
  url.searchParams.set('iss', fhirBases(deps)[0]!);
  url.searchParams.set('launch', launch);
  return { url: url.toString() };
}
