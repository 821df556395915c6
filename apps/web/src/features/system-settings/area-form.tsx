import { Button, Group, Stack } from '@mantine/core';
import { SETTINGS_SCHEMAS, type Settings, type SettingsArea } from '@opencare/schemas/entities/settings';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form/form-failure';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { useNotifications } from '../../components/notifications/use-notify';
import { areaBody, areaPatch, draftOf, isDirty, type Draft } from './area-values';
import { useSaveAreaMutation } from './settings-queries';
import { useSettingsMessages } from './use-settings-messages';

/** What an area's fields need of the form: the values, a setter and each field's translated problem. */
export interface AreaFormApi<A extends SettingsArea> {
  values: Draft<A>;
  set: <K extends keyof Draft<A>>(key: K, value: Draft<A>[K]) => void;
  error: (key: keyof Draft<A>) => string | undefined;
}

interface AreaFormProps<A extends SettingsArea> {
  area: A;
  saved: Settings[A];
  /** The area's fields. */
  children: (form: AreaFormApi<A>) => ReactNode;
}

/**
 * The form of one system area: checked with the area's shared schema as it is filled in (once a
 * save was tried), sent as only the fields that changed, the server's field problems shown on
 * their fields. Reset goes back to the saved values.
 */
export function AreaForm<A extends SettingsArea>({ area, saved, children }: AreaFormProps<A>) {
  const { t } = useTranslation('system');
  const { notify } = useNotifications();
  const save = useSaveAreaMutation();
  const schemaForm = useSchemaForm({
    schema: SETTINGS_SCHEMAS[area],
    initialValues: draftOf<A>(saved),
    toBody: areaBody,
    messages: useSettingsMessages(),
    // Only the fields that changed are sent, as the schema read them.
    submit: async (): Promise<Settings[A] | null> => {
      const { patch } = areaPatch<A>(area, saved, schemaForm.form.getValues());
      if (!patch || Object.keys(patch).length === 0) return null;
      return (await save.mutateAsync({ area, values: patch })) as Settings[A];
    },
    onSuccess: (result: Settings[A] | null) => {
      if (result === null) return;
      // The answer is the area as saved: written into the area's query, which `saved` reads.
      schemaForm.form.setValues(draftOf<A>(result));
      notify({ id: `settings-saved-${area}`, message: t('form.saved'), tone: 'success' });
    },
  });
  const { form: mantineForm, field, formRef, onSubmit, submitting: saving, failureText, clearFailure } = schemaForm;
  const draft = mantineForm.values;
  const dirty = isDirty(saved, draft);
  const id: SettingsArea = area;

  const form: AreaFormApi<A> = {
    values: draft,
    set: (key, value) => {
      // One field changes: only its own message is checked again (setValues would clear them all).
      const setField = mantineForm.setFieldValue as (path: string, next: unknown) => void;
      setField(String(key), value);
      clearFailure();
    },
    error: (key) => field(key as never).error,
  };

  function reset() {
    mantineForm.setValues(draftOf<A>(saved));
    mantineForm.clearErrors();
    clearFailure();
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label={t(`areas.${id}.title`)}>
      <Stack gap="md">
        {children(form)}
        <FormFailure text={failureText} testId="settings-save-error" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={reset} disabled={!dirty || saving} data-testid="settings-reset">
            {t('form.reset')}
          </Button>
          <Button type="submit" loading={saving} disabled={!dirty} data-testid="settings-save">
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
