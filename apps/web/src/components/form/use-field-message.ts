import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { validationMessageOf } from './field-message';
import { useApiErrorText } from './use-api-error-text';
import { catalogueKeyOf } from './form-errors';

/**
 * A feature's own translations of its schemas' messages (devices, gateways, system settings): the
 * reader's words for a message it knows, else undefined so the shared table is asked next. `field`
 * is the form field the message is shown under, for a form that words one rule per field (the
 * shared "This field is required." as "Write a subject.").
 */
export type FeatureMessages = (message: string, field?: string) => string | undefined;

/**
 * A feature's messages from a table of its schema's rules (`{ key: 'The words…' }`): a message that
 * is one of the rules is translated as `prefix.key` (e.g. `careTime.errors.minutes`).
 */
export function useRuleMessages<K extends string>(rules: Readonly<Record<K, string>>, translate: (key: K) => string): FeatureMessages {
  return useCallback(
    (message: string) => {
      const key = (Object.keys(rules) as K[]).find((k) => rules[k] === message);
      return key === undefined ? undefined : translate(key);
    },
    [rules, translate],
  );
}

/**
 * Translate a schema's (or the server's) field message into the reader's language: the feature's
 * own table first, then the messages of the shared rules (packages/schemas rules.ts and sign-up),
 * then a catalogue refusal the server placed on a field. A message we have no key for is shown as
 * the schema words it, which is better than hiding it.
 */
export function useFieldMessage(
  feature?: FeatureMessages,
): (message: string | undefined, field?: string) => string | undefined {
  const { t } = useTranslation('fields');
  const errorText = useApiErrorText();
  return useCallback(
    (message: string | undefined, field?: string) => {
      if (message === undefined) return undefined;
      const own = feature?.(message, field);
      if (own !== undefined) return own;
      const known = validationMessageOf(message);
      if (known) {
        return known.key === 'tooLong'
          ? t('validation.tooLong', { field: t(`fieldNames.${known.field}`), max: known.max })
          : t(`validation.${known.key}`);
      }
      const key = catalogueKeyOf(message);
      return key ? errorText(key) : message;
    },
    [t, feature, errorText],
  );
}
