import { ERRORS } from '@opencare/schemas/errors';
import type { RouteRole } from '@opencare/schemas/roles';
import { TRPCError, initTRPC } from '@trpc/server';
import { ZodError } from 'zod';
import { requireRouteRole } from '../../access/access';
import type { Actor } from '../../access/actor';
import { resolveActor } from '../../auth/auth.service';
import type { Deps, RequestMeta } from '../../deps';
import type { CookieJar } from '../../operations/operation';
import { AppError, fieldIssues, refuseUnsafeText } from '../../errors/app-error';
import { toErrorResponse, type ErrorBody } from '../http-errors';
import { logRefusal } from '../refusals';


export interface TrpcContext {
  deps: Deps;
  meta: RequestMeta;
  token: string | undefined;
  accountId: string | undefined;
  cookies: CookieJar;
}

const CODE_OF_STATUS: Record<number, TRPCError['code']> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

/** The catalogue key and body of any error a procedure raised (input validation included). */
function catalogueError(error: TRPCError): Omit<ErrorBody, 'success'> {
  if (error.cause instanceof ZodError) {
    return { key: 'validationFailed', message: ERRORS.validationFailed.message, errors: fieldIssues(error.cause) };
  }
  if (error.cause instanceof AppError) {
    const { body } = toErrorResponse(error.cause);
    return { key: body.key, message: body.message, errors: body.errors, params: body.params };
  }
  if (error.code === 'PARSE_ERROR' || error.code === 'BAD_REQUEST') return { key: 'malformedRequest', message: ERRORS.malformedRequest.message };
  if (error.code === 'NOT_FOUND') return { key: 'notFound', message: ERRORS.notFound.message };
  if (error.code === 'PAYLOAD_TOO_LARGE') return { key: 'payloadTooLarge', message: ERRORS.payloadTooLarge.message };
  if (error.code === 'METHOD_NOT_SUPPORTED') return { key: 'malformedRequest', message: ERRORS.malformedRequest.message };
  return { key: 'unknown', message: ERRORS.unknown.message };
}

const t = initTRPC.context<TrpcContext>().create({
  // Same catalogue as REST: a key, its message (generic at 5xx) and field issues; never a stack.
  errorFormatter({ shape, error }) {
    const { key, message, errors, params } = catalogueError(error);
    return { code: shape.code, message, data: { key, errors, params, httpStatus: shape.data.httpStatus, code: shape.data.code, path: shape.data.path } };
  },
});

export const router = t.router;

/** Services throw AppError; tRPC answers with the status its catalogue entry gives. */
const appErrors = t.middleware(async ({ ctx, path, next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    if (cause.status === 403) await logRefusal(ctx.deps, { token: ctx.token, accountId: ctx.accountId }, ctx.meta, `trpc ${path}`);
    throw new TRPCError({ code: CODE_OF_STATUS[cause.status] ?? 'INTERNAL_SERVER_ERROR', message: cause.message, cause });
  }
  return result;
});

/** Every procedure's raw input passes the transports' one text check before its schema reads it. */
const safeInput = t.middleware(async ({ getRawInput, next }) => {
  refuseUnsafeText(await getRawInput());
  return next();
});

export const publicProcedure = t.procedure.use(appErrors).use(safeInput);

/** No token needed; a live one, when sent, names the caller (a token that is no live session is ignored). */
export const anyoneProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const actor: Actor | undefined = ctx.token ? await resolveActor(ctx.deps, ctx.token, ctx.accountId).catch(() => undefined) : undefined;
  return next({ ctx: { ...ctx, actor } });
});

export const authedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const actor: Actor = await resolveActor(ctx.deps, ctx.token, ctx.accountId);
  return next({ ctx: { ...ctx, actor } });
});

const withRouteRole = (group: RouteRole) =>
  authedProcedure.use(({ ctx, next }) => {
    requireRouteRole(ctx.actor, group);
    return next();
  });

export const patientProcedure = withRouteRole('patient');
export const clinicianProcedure = withRouteRole('physicianOrNurse');
export const adminProcedure = withRouteRole('admin');
