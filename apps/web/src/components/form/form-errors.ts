import { ERRORS, type ErrorKey } from '@opencare/schemas/errors';
import { matchingRetype, type RetypeIssueSink } from '@opencare/schemas/retype';

/** The English message of each field's first problem, as the schemas word it; the view translates it. */
export type FieldErrors = Partial<Record<string, string>>;

interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}
/** The part of a zod safeParse result we read, so callers need not import zod. */
interface ParseResultLike {
  readonly success: boolean;
  readonly error?: { readonly issues: readonly IssueLike[] };
}

/** One message per top-level field: the first, which is the one a person should fix first. */
export function firstIssues(result: ParseResultLike): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0];
    if (typeof field === 'string' && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The schemas check that retype fields match in a refinement, and zod runs a refinement only once
 * every field is valid. A person filling in the form should hear about a mistyped retype at once, so
 * the same rule (matchingRetype, with its message) is run here on the raw values as well.
 */
export function retypeIssues(
  values: object,
  pairs: [string, string, string][],
): FieldErrors {
  const errors: FieldErrors = {};
  const ctx: RetypeIssueSink = {
    addIssue(issue) {
      const field = issue.path[0];
      if (typeof field === 'string') errors[field] = issue.message;
    },
  };
  matchingRetype<Record<string, unknown>>(pairs)(values as Record<string, unknown>, ctx);
  return errors;
}

/** Blank optional text travels as "not given", which the schemas accept and the server stores as null. */
export function blankToUndefined(value: string): string | undefined {
  return value.trim() === '' ? undefined : value;
}

/** Catalogue messages by their en-US words, for a refusal the client shows on the field it is about. */
const CATALOGUE_KEYS = new Map(
  (Object.entries(ERRORS) as [ErrorKey, { message: string }][]).map(([key, { message }]) => [message, key]),
);

/** The catalogue key whose en-US message this is, if any. */
export function catalogueKeyOf(message: string): ErrorKey | undefined {
  return CATALOGUE_KEYS.get(message);
}
