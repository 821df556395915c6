import { Alert, Button, Group, Stack } from '@mantine/core';
import type { Settings, SettingsArea } from '@opencare/schemas/entities/settings';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, asApiError } from '../../api/api-error';
import { useNotifications } from '../../components/notifications/use-notify';
import { mergeErrors, type FieldErrors } from '../../components/form/form-errors';
import { useApiErrorText } from '../../components/form/use-api-error-text';
import { areaPatch, draftOf, isDirty, serverErrorsOf, type Draft } from './area-values';
import { useSaveAreaMutation } from './settings-queries';
import { useSettingsMessage } from './use-settings-message';

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
  const message = useSettingsMessage();
  const errorText = useApiErrorText();
  const { notify } = useNotifications();
  const [draft, setDraft] = useState<Draft<A>>(() => draftOf<A>(saved));
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const save = useSaveAreaMutation();
  const saving = save.isPending;

  const validation = useMemo(() => areaPatch(area, saved, draft), [area, saved, draft]);
  const errors = mergeErrors(serverErrors, checked ? validation.errors : {});
  const dirty = isDirty(saved, draft);
  const id: SettingsArea = area;

  const form: AreaFormApi<A> = {
    values: draft,
    set: (key, value) => {
      setDraft((previous) => ({ ...previous, [key]: value }));
      setServerErrors((previous) => ({ ...previous, [key]: undefined }));
      setFailure(null);
    },
    error: (key) => message(errors[key as string]),
  };

  function reset() {
    setDraft(draftOf<A>(saved));
    setChecked(false);
    setServerErrors({});
    setFailure(null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    const { patch } = validation;
    if (!patch || Object.keys(patch).length === 0) return;
    // The answer is the area as saved: written into the area's query, which `saved` reads.
    save.mutate(
      { area, values: patch },
      {
        onSuccess(result) {
          setDraft(draftOf<A>(result as Settings[A]));
          setChecked(false);
          notify({ id: `settings-saved-${area}`, message: t('form.saved'), tone: 'success' });
        },
        onError(caught) {
          const error = asApiError(caught);
          const fieldErrors =
            error instanceof ApiError
              ? serverErrorsOf(error.errors, Object.keys(draft))
              : ({} as FieldErrors);
          setServerErrors(fieldErrors);
          // A problem the fields show needs no second telling.
          setFailure(Object.keys(fieldErrors).length > 0 ? null : error);
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-label={t(`areas.${id}.title`)}>
      <Stack gap="md">
        {children(form)}
        {failure !== null && (
          <Alert color="red" variant="light" role="alert" data-testid="settings-save-error">
            {errorText(failure)}
          </Alert>
        )}
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
