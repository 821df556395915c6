import type { z } from 'zod';
import type { Actor } from '../access/actor';
import type { Reader } from '../api-keys/integration-reader';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';

/**
 * One declaration per operation (design.md "Contracts"): its name, input and output schemas, who may
 * call it, its rate limit, its REST v1 routes and its handler. The tRPC procedure, the REST route,
 * the OpenAPI document and the access-matrix and hostile-input catalogues are all made from it
 * (transport/operations/*), so nothing is written twice. This file imports no transport: the
 * declarations live beside their services in the feature folders.
 */

/**
 * The route-level check both transports make before the handler runs: `public` (no token),
 * `anyone` (no token needed, but a live one, when sent, names the caller: a report's author, the
 * admin asking about an address), `authed` (any signed-in person), `reader` (a signed-in person, or
 * over REST an integration's API key in `x-api-key`), and the role groups of trpc.ts (`patient`,
 * `clinician` = physician or nurse, `admin`).
 */
export type Guard = 'public' | 'anyone' | 'authed' | 'reader' | 'patient' | 'clinician' | 'admin';

/**
 * The named policies of the access matrix (apps/edge/src/api/access-policy.ts POLICIES, the oracle
 * of who may do what). A declaration names the one its operation is judged by.
 */
export type PolicyName =
  | 'public'
  | 'anyUser'
  | 'nobody'
  | 'admin'
  | 'clinician'
  | 'physicianOrNurse'
  | 'staff'
  | 'patientSelf'
  | 'patientSelfOrAdmin'
  | 'patientRead'
  | 'patientWrite'
  | 'patientUpdate'
  | 'patientExport'
  | 'clinicianExport'
  | 'clinicianWrite'
  | 'clinicianUpdate'
  | 'patientCare'
  | 'physicianNurseOrAdmin'
  | 'physician'
  | 'accountRead'
  | 'accountWrite'
  | 'userRead'
  | 'sameOrgUser'
  | 'careTeamOrPatient'
  | 'self'
  | 'mail'
  | 'adminOfRecord';

/**
 * What a route's `:id` names, for the access matrix's fixtures. Patient-owned kinds resolve to the
 * record of the target patient; organisation kinds to a record of the target organisation.
 */
export type RecordKind =
  | 'none'
  | 'patient'
  | 'user'
  | 'account'
  | 'provider'
  | 'measurement'
  | 'gateway'
  | 'device'
  | 'appointment'
  | 'visit'
  | 'schedule'
  | 'task'
  | 'thread'
  | 'file'
  | 'telehealthInvitation'
  | 'invitation'
  | 'vendor'
  | 'deviceProfile'
  | 'apiKey'
  | 'smartClient'
  | 'session'
  /** Records the matrix has no fixture for: their `:id` is a random UUID (counted apart). */
  | 'unfixtured';

/** Who may call an operation: the guard both transports apply, and how the access matrix judges it. */
export interface Access {
  guard: Guard;
  policy: PolicyName;
  /** What `:id` names (default `none`). */
  kind?: RecordKind;
  /** The write changes or removes the record: the matrix runs it on a throw-away record per case. */
  destructive?: boolean;
  /** Ends or changes the caller's session or password: the matrix runs it on a fresh sign-in. */
  session?: boolean;
  /** Why the access is as it is, where the table could surprise. */
  note?: string;
}

/** The caller the guard resolved: nothing for `public`, the reader for `reader`, the actor otherwise. */
export type CallerOf<G extends Guard> = G extends 'public'
  ? object
  : G extends 'anyone'
    ? { actor: Actor | undefined }
    : G extends 'reader'
      ? { reader: Reader }
      : { actor: Actor };

/** The refresh token's httpOnly cookie, for the operations that sign in or out, whatever the transport. */
export interface CookieJar {
  refreshToken(): string | undefined;
  setRefresh(token: string, expires: Date): void;
  clearRefresh(): void;
}

export type HandlerContext<G extends Guard> = { deps: Deps; meta: RequestMeta; cookies: CookieJar } & CallerOf<G>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A REST request's parts once each passed its own schema. */
export interface RestParts<P, Q, B> {
  params: P;
  query: Q;
  body: B;
}

/**
 * How the REST request becomes the operation's input when it is not one part read whole: each part
 * is validated by its own schema (so field issues name the body's fields, as REST clients know them),
 * then `map` builds the input.
 */
export interface PartsMapping<I> {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body is handed to `map` as sent; this schema only documents it (see fromParts). */
  bodyAsSent?: z.ZodType;
  map(parts: RestParts<never, never, never>): I;
}

/**
 * Each part validated by its schema, then mapped to the input. `bodyAsSent` instead of `body`: the
 * service validates the body itself (after its access check, or with its own error key such as
 * `macInvalid`), so the route passes it on unread and the schema only documents it.
 */
export function fromParts<I, P = undefined, Q = undefined>(spec: {
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  bodyAsSent: z.ZodType;
  map: (parts: RestParts<P, Q, unknown>) => I;
}): PartsMapping<I>;
export function fromParts<I, P = undefined, Q = undefined, B = undefined>(spec: {
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  map: (parts: RestParts<P, Q, B>) => I;
}): PartsMapping<I>;
export function fromParts<I>(spec: PartsMapping<I>): PartsMapping<I> {
  return spec;
}

/**
 * Where the input comes from: the path parameters, the query string or the JSON body read whole by
 * the operation's input schema; `none` for an operation without input; or parts mapped (fromParts).
 */
export type InputSource<I> = 'none' | 'params' | 'query' | 'body' | PartsMapping<I>;

/** What the REST route answers: the envelope's data, status and message (list meta from `{ items, meta }`). */
export interface RestAnswer {
  data: unknown;
  status?: number;
  message?: string;
}

export interface RestBinding<I, O> {
  method: HttpMethod;
  /** Fastify's pattern under /api/v1, e.g. `/alerts/:id/acknowledge`. */
  path: string;
  input: InputSource<I>;
  /** Success status (default 200). */
  status?: number;
  /** Success message (default `OK`). */
  message?: string;
  /** The handler returns `{ items, meta }`: data is the items, `meta` the list meta. */
  list?: boolean;
  /** When status, message or data depend on the result (a replayed write answers 200, not 201). */
  answer?(output: O): RestAnswer;
  /** The JSON body may be larger than the default (base64 photos). */
  bodyLimit?: number;
  /** The output is answered bare in this content type, not in the envelope (FHIR's resources; `custom` only). */
  contentType?: string;
  /**
   * The REST transport is written by hand (binary bodies, FHIR's own envelope, cookies and tokens):
   * the kit does not register it, but the catalogues and the OpenAPI document list it.
   */
  custom?: true;
  /**
   * Raw bytes instead of JSON (custom routes only), for the OpenAPI document: the media types the
   * request body may have, and those of an answer sent as the bytes themselves (no envelope).
   */
  bytes?: { body?: readonly string[]; answer?: readonly string[] };
}

/** Per-address limit on the public per-minute counter (`config.publicRateLimitPerMinute`), REST and tRPC alike. */
export interface RateLimit {
  bucket: string;
}

export interface OperationSpec<S extends z.ZodType | undefined, G extends Guard, O, T extends 'query' | 'mutation'> {
  type: T;
  access: Access & { guard: G };
  /** The input schema (packages/schemas); undefined when the operation takes none. */
  input: S;
  /** The schema of what REST sends as `data` (one item for lists), where packages/schemas has one. */
  output?: z.ZodType;
  rateLimit?: RateLimit;
  /** Its REST v1 routes (some operations have two). Empty: tRPC only. */
  rest: RestBinding<InputOf<S>, O>[];
  /** False: REST only (the OpenAPI document itself). */
  trpc?: false;
  /** What it does, for the OpenAPI document. */
  summary: string;
  handler(ctx: HandlerContext<G>, input: InputOf<S>): Promise<O>;
}

export type InputOf<S> = S extends z.ZodType ? z.output<S> : undefined;


/** A feature's operations, keyed by their procedure name inside the feature's router. */
export type AnyOperationSpec = OperationSpec<z.ZodType | undefined, Guard, unknown, 'query' | 'mutation'>;
export type AnyOperation = AnyOperationSpec & { name: string };

/** Identity helper that keeps each operation's own types (its guard narrows the handler's context). */
export function operation<S extends z.ZodType | undefined, G extends Guard, O, T extends 'query' | 'mutation', R extends false | undefined = undefined>(
  spec: OperationSpec<S, G, O, T> & { trpc?: R },
): OperationSpec<S, G, O, T> & { trpc: R } {
  // `trpc` typed as given (false, or absent): the router type leaves REST-only operations out.
  return spec as OperationSpec<S, G, O, T> & { trpc: R };
}

type Named<M extends Record<string, AnyOperationSpec>> = {
  [K in keyof M]: M[K] & { name: string };
};

/** A feature's operations under its router name: `operations('alerts', { list, acknowledge })` names them `alerts.list`, … */
export interface FeatureOperations<M extends Record<string, AnyOperationSpec> = Record<string, AnyOperationSpec>> {
  feature: string;
  operations: Named<M>;
}

export function operations<M extends Record<string, AnyOperationSpec>>(feature: string, specs: M): FeatureOperations<M> {
  const named = Object.fromEntries(Object.entries(specs).map(([key, spec]) => [key, { ...spec, name: `${feature}.${key}` }]));
  return { feature, operations: named as Named<M> };
}

/** The handler of an operation whose only transport is hand-written (`custom`, `trpc: false`): never called through the declaration. */
export const handWritten = () => Promise.reject(new AppError('notFound'));
