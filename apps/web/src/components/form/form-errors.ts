import { ERRORS, type ErrorKey, type FieldIssue } from '@opencare/schemas/errors';
import { matchingRetype } from '@opencare/schemas/rules';

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

type RetypeCtx = Parameters<ReturnType<typeof matchingRetype>>[1];

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
  const ctx = {
    addIssue(issue: { path?: PropertyKey[]; message?: string }) {
      const field = issue.path?.[0];
      if (typeof field === 'string' && issue.message) errors[field] = issue.message;
    },
  } as unknown as RetypeCtx;
  matchingRetype<Record<string, unknown>>(pairs)(values as Record<string, unknown>, ctx);
  return errors;
}

/** Field problems first from the schema, then a retype mismatch where the field has no other problem. */
export function mergeErrors(...sources: FieldErrors[]): FieldErrors {
  const merged: FieldErrors = {};
  for (const source of sources) {
    for (const [field, message] of Object.entries(source)) {
      if (message !== undefined && merged[field] === undefined) merged[field] = message;
    }
  }
  return merged;
}

/** Only the fields a step shows. */
export function pickErrors(errors: FieldErrors, fields: readonly string[]): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => fields.includes(field)));
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}

/** The field problems a 400 answer carries, keyed by field, renamed where the form calls it otherwise. */
export function serverFieldErrors(
  issues: readonly FieldIssue[],
  rename: Record<string, string> = {},
): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of issues) {
    const name = rename[field] ?? field.split('.')[0] ?? field;
    if (errors[name] === undefined) errors[name] = message;
  }
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
