import { ERRORS, isErrorKey, type FieldIssue } from '@opencare/schemas/errors';

/**
 * A failed call or a client-side failure: a catalogue key (spec §8; default `unknown`), the HTTP
 * status or custom code (default 500; 0 when no server answered) and the en-US message.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    message: string,
    readonly errors: FieldIssue[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** An error raised here by catalogue key, with the catalogue's status and message. */
  static of(key: string, status?: number): ApiError {
    const entry = isErrorKey(key) ? ERRORS[key] : ERRORS.unknown;
    return new ApiError(status ?? entry.status, isErrorKey(key) ? key : 'unknown', entry.message);
  }
}

/** No server answered (over REST or tRPC). */
export function isNetworkError(error: unknown): boolean {
  const failure = asApiError(error);
  return failure instanceof ApiError && failure.status === 0 && failure.key === 'err_network';
}

/** The shape of a tRPC error's `data`: the catalogue key, status and field issues (trpc.ts on the server). */
interface TrpcErrorData {
  key?: string;
  httpStatus?: number;
  errors?: FieldIssue[];
}

/**
 * Any failure of a call as an ApiError, so screens read one error model whichever transport failed:
 * a tRPC error carries the catalogue key in `data`; one without `data` never got a server answer.
 */
export function asApiError(error: unknown): unknown {
  if (error instanceof ApiError || !(error instanceof Error) || error.name !== 'TRPCClientError') return error;
  if (error.cause instanceof ApiError) return error.cause;
  const { data, meta } = error as Error & { data?: TrpcErrorData | null; meta?: { response?: { status?: number } } };
  if (!data) {
    // An answer that is not tRPC's (a proxy's, the router's): its status, no catalogue key.
    const status = meta?.response?.status;
    if (status) return ApiError.of('unknown', status);
    // An answer that could not be read (a proxy's error page) is not a network failure either.
    return error.cause instanceof SyntaxError ? ApiError.of('unknown') : ApiError.of('err_network', 0);
  }
  const key = data.key && isErrorKey(data.key) ? data.key : 'unknown';
  return new ApiError(data.httpStatus ?? ERRORS[key].status, key, error.message, data.errors ?? []);
}
