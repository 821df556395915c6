import { schemaResolver, useForm, type FormErrors, type GetInputPropsOptions, type LooseKeys } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { ApiError, asApiError, isNetworkError } from '../../api/api-error';
import { useApiErrorText } from './use-api-error-text';
import { useFieldMessage, type FeatureMessages } from './use-field-message';

/** What a form holds; an interface of fields will do. */
type Values = object;

type Checked<Out> = { value: Out; issues?: undefined } | { issues: readonly { message: string }[] };
/**
 * A Standard Schema: zod 4's schemas are, and so is the sign-in form's zod-free check
 * (packages/schemas/src/login-presence.ts), which keeps zod off the first load.
 */
interface FormSchema {
  readonly '~standard': { readonly version: 1; readonly vendor: string; readonly validate: (value: unknown) => unknown };
}
type OutputOf<S extends FormSchema> = S['~standard']['validate'] extends (value: unknown) => infer R
  ? Extract<Awaited<R>, { value: unknown }> extends { value: infer O }
    ? O
    : never
  : never;

export interface SchemaFormOptions<V extends Values, S extends FormSchema, R> {
  /** The shared schema (packages/schemas) the server checks the same body with. */
  schema: S;
  initialValues: V;
  /** The body the schema reads, from the values as typed (e.g. a blank box is "not given"). */
  toBody?: (values: V) => unknown;
  /**
   * Rules run on the values as typed besides the schema: zod runs an object's refinement (a retype
   * that must match) only once every field is valid, and a person should hear about it at once.
   */
  check?: (values: V) => Partial<Record<string, string>>;
  /** The call with the parsed body: a mutation's `mutateAsync`, or a function that calls it. */
  submit: (body: OutputOf<S>) => Promise<R>;
  onSuccess?: (result: R, values: V) => void;
  /** After a refused submit (the form's own rules), with the fields in error. */
  onInvalid?: (errors: Record<string, string>) => void;
  /** After the server refused: what it said, and whether a field of the form took it. */
  onFailure?: (failure: unknown, onFields: Record<string, string>) => void;
  /** Refusals by catalogue key that are about fields (e.g. usernameNotAvailable → username). */
  fieldsOfKey?: Partial<Record<string, string | readonly string[]>>;
  /** Body paths the form calls otherwise (e.g. profile.firstName → firstName, when not found as is). */
  rename?: Partial<Record<string, string>>;
  /** The feature's own translations of its schemas' messages. */
  messages?: FeatureMessages;
}

/**
 * The field `path` (a.b.0.c) names in the values, or null when it leads nowhere. A list is one field
 * (our forms edit a list in one input: tags, a multi-select, chips), so an item's path names its list.
 */
function fieldAt(values: unknown, path: string): string | null {
  const parts = path.split('.');
  let at: unknown = values;
  for (const [index, part] of parts.entries()) {
    if (at === null || typeof at !== 'object') return null;
    if (Array.isArray(at)) return parts.slice(0, index).join('.');
    if (!Object.hasOwn(at, part)) return null;
    at = (at as Record<string, unknown>)[part];
  }
  return path;
}

/**
 * The form field an issue's path belongs to: renamed, as is, or by a shorter end of it or its first
 * part (bodies may nest what a form shows flat: values.careTeam.0 → careTeam). Null when the form
 * has no such field.
 */
function fieldOf(path: string, values: Values, rename: Partial<Record<string, string>>): string | null {
  const parts = path.split('.');
  const ends = parts.map((_, index) => parts.slice(index).join('.'));
  for (const candidate of [rename[path], ...ends, parts[0]]) {
    const field = candidate === undefined ? null : fieldAt(values, candidate);
    if (field) return field;
  }
  return null;
}

/** One message per field, the first; issues no field of the form shows are returned apart. */
function place(
  issues: Iterable<[string, string]>,
  values: Values,
  rename: Partial<Record<string, string>>,
): { fields: Record<string, string>; rest: string[] } {
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const [path, message] of issues) {
    const field = fieldOf(path, values, rename);
    if (field === null) rest.push(message);
    else fields[field] ??= message;
  }
  return { fields, rest };
}

const FOCUSABLE = 'input:not([type=hidden]), select, textarea, button, [tabindex]';

/**
 * One form built on @mantine/form from a shared zod schema. Errors appear when the person submits
 * and then follow each change of the field; server refusals land on the fields they name (their
 * messages translated like the schema's); the first field in error gets focus; anything else is a
 * form-level failure (`failureText`; a network failure is told at the top of the screen already).
 */
export function useSchemaForm<V extends Values, S extends FormSchema, R = unknown>(
  options: SchemaFormOptions<V, S, R>,
) {
  const { schema, toBody = (values: V) => values, check, rename = {}, fieldsOfKey = {} } = options;
  const message = useFieldMessage(options.messages);
  const errorText = useApiErrorText();
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  // A schema rule about the body as a whole, which no single field shows.
  const [bodyMessage, setBodyMessage] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  // Mantine's Standard Schema resolver reads zod 4 schemas; it keys each first issue by its path.
  const resolve = schemaResolver(schema as Parameters<typeof schemaResolver>[0], { sync: true });

  const validate = (values: V): FormErrors => {
    const { fields } = place(Object.entries(resolve(toBody(values))) as [string, string][], values, rename);
    const extra = check?.(values) ?? {};
    for (const [field, text] of Object.entries(extra)) if (text !== undefined) fields[field] ??= text;
    return fields;
  };

  const form = useForm<V>({
    initialValues: options.initialValues,
    validate,
    validateInputOnChange: attempted,
  });

  // After a refused submit, the first field with a message (in the order shown) gets focus.
  useEffect(() => {
    if (focusRequest === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = invalid?.matches(FOCUSABLE) ? invalid : invalid?.querySelector<HTMLElement>(FOCUSABLE);
    target?.focus();
  }, [focusRequest]);
  const focusFirstError = () => setFocusRequest((n) => n + 1);

  /** The refusal on the fields it names; true when at least one field took it. */
  const showOnFields = (caught: unknown, values: V): boolean => {
    const error = asApiError(caught);
    if (!(error instanceof ApiError)) {
      options.onFailure?.(caught, {});
      return false;
    }
    const keyFields = fieldsOfKey[error.key];
    const issues: [string, string][] =
      keyFields === undefined
        ? error.errors.map(({ field, message: text }) => [field, text])
        : [keyFields].flat().map((field) => [field, error.message]);
    const { fields, rest } = place(issues, values, rename);
    options.onFailure?.(caught, fields);
    if (Object.keys(fields).length === 0) return false;
    form.setErrors(fields);
    // A refusal also naming something the form does not show is still told, above the fields.
    if (rest.length > 0) setFailure(caught);
    return true;
  };

  const handleSubmit = form.onSubmit(
    async (values) => {
      setAttempted(true);
      setFailure(null);
      setBodyMessage(null);
      // Synchronous for every schema the forms use (zod's without async refinements, login-presence).
      const parsed = schema['~standard'].validate(toBody(values)) as Checked<OutputOf<S>>;
      if (parsed.issues) {
        // Only a rule about no field of the form gets here: the fields' rules passed.
        setBodyMessage(parsed.issues[0]?.message ?? null);
        return;
      }
      try {
        const result = await options.submit(parsed.value);
        options.onSuccess?.(result, values);
      } catch (caught) {
        if (showOnFields(caught, values)) focusFirstError();
        else setFailure(caught);
      }
    },
    (errors) => {
      setAttempted(true);
      setFailure(null);
      setBodyMessage(null);
      options.onInvalid?.(errors as Record<string, string>);
      focusFirstError();
    },
  );

  /**
   * Check only some fields (a step of a longer form) and show their messages alone; true when they
   * pass. From then on their messages follow each change, as after a submit.
   */
  const checkFields = (fields: readonly string[]): boolean => {
    const { errors } = form.validate() as { errors: FormErrors };
    const shown = Object.fromEntries(Object.entries(errors).filter(([field]) => fields.includes(field)));
    form.setErrors(shown);
    setAttempted(true);
    if (Object.keys(shown).length === 0) return true;
    focusFirstError();
    return false;
  };

  /** The props of a field: Mantine's, its name, and its message in the reader's language. */
  const field = (path: LooseKeys<V>, inputOptions?: GetInputPropsOptions) => {
    const props = form.getInputProps(path, inputOptions);
    const error = message(form.errors[path] as string | undefined, String(path));
    // Some inputs (PasswordInput, Checkbox) do not mark themselves invalid; first-error focus looks for this.
    return { ...props, name: String(path), error, 'aria-invalid': error ? true : undefined };
  };

  const failureText =
    bodyMessage !== null
      ? (message(bodyMessage) ?? null)
      : failure === null || isNetworkError(failure)
        ? null
        : errorText(failure);

  return {
    form,
    field,
    formRef,
    /** For `<form onSubmit>`. */
    onSubmit: handleSubmit,
    submitting: form.submitting,
    /** The last refusal that no field took (null after the next submit), and what to say about it. */
    failure,
    failureText,
    focusFirstError,
    checkFields,
    clearFailure: () => {
      setFailure(null);
      setBodyMessage(null);
    },
    /** Back to the initial values with nothing said, as before the first submit (a form used again). */
    reset: () => {
      form.reset();
      setAttempted(false);
      setFailure(null);
      setBodyMessage(null);
    },
  };
}

/** A form's `field`, for a component that lays out some of its fields. */
export type SchemaFormField<V extends Values> = ReturnType<typeof useSchemaForm<V, FormSchema>>['field'];
