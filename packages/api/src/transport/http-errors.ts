import { ERRORS, type ErrorKey, type FieldIssue } from '@opencare/schemas/errors';
import { AppError } from '../errors/app-error';

export interface ErrorBody {
  success: false;
  key: ErrorKey;
  message: string;
  errors?: FieldIssue[];
  /** The message's placeholders (e.g. joinTooEarly's minutes), for the client's own translation. */
  params?: Record<string, string | number>;
}

/** Fastify's own errors (bad JSON, body too large, wrong content type) mapped into the catalogue. */
function frameworkKey(error: { code?: string; statusCode?: number }): ErrorKey {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'payloadTooLarge';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'unsupportedMediaType';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'malformedRequest';
    default:
      break;
  }
  if (error.statusCode === 404) return 'notFound';
  if (error.statusCode === 413) return 'payloadTooLarge';
  if (error.statusCode === 415) return 'unsupportedMediaType';
  if (error.statusCode === 429) return 'rateLimited';
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return 'malformedRequest';
  return 'unknown';
}

/**
 * Any thrown thing to a status and a catalogue body. Below 500 the catalogue message is returned;
 * at 500 and above only the generic one: no internal detail or stack ever reaches a client.
 */
export function toErrorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    const body: ErrorBody = { success: false, key: error.key, message: error.status >= 500 ? ERRORS[error.key].message : error.message };
    if (error.fields) body.errors = error.fields;
    if (error.params && error.status < 500) body.params = error.params;
    return { status: error.status, body };
  }
  const key = frameworkKey(error ?? {});
  const status = ERRORS[key].status || 500;
  return { status, body: { success: false, key, message: ERRORS[key].message } };
}

/**
 * What the server log may say about a failure: its type, its code (a database error's SQLSTATE,
 * from the driver's error the query error wraps), the constraint it broke, and where it happened.
 * Never its message or detail: a database error's message carries the query's parameters (bodies,
 * dates of birth, password hashes) and its detail the offending values.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  const chain: { name?: unknown; code?: unknown; constraint?: unknown; constraint_name?: unknown; stack?: unknown; cause?: unknown }[] = [];
  for (let e: unknown = error; e && typeof e === 'object' && chain.length < 5; e = (e as { cause?: unknown }).cause) {
    chain.push(e);
  }
  const first = <T>(pick: (e: (typeof chain)[number]) => T | undefined) => chain.map(pick).find((v) => v !== undefined);
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).slice(0, 100) : undefined);
  const top = chain[0];
  const stack = typeof top?.stack === 'string' ? top.stack : '';
  return {
    type: text(top?.name),
    ...(chain.length > 1 ? { causeType: text(chain[chain.length - 1]?.name) } : {}),
    code: first((e) => text(e.code)),
    // PGlite names it `constraint`, postgres.js `constraint_name`.
    constraint: first((e) => text(e.constraint) ?? text(e.constraint_name)),
    // Only the frames: the message lines above them (several, for a query error) carry data.
    frames: stack
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .slice(0, 7)
      .join('\n'),
  };
}
