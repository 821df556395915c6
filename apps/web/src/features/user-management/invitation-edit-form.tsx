import { Button, Group, Stack } from '@mantine/core';
import type { Invitation } from '@opencare/schemas/entities/care';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useNotifyError } from '../../components/notifications/use-notify';
import { pathTo } from '../../route-paths';
import { mergeErrors, type FieldErrors } from '../../components/form/form-errors';
import { hasFieldErrors, serverErrorsOf } from './field-errors';
import { FormSection } from './form-section';
import { InvitationFields } from './invitation-fields';
import { choicesOf, invitationChanges, type InvitationChoices } from './invitation-values';
import { useUpdateInvitationMutation } from './user-management-queries';
import { useFocusFirstError } from './use-focus-first-error';

/** Change a pending invitation's role, account type or validity; the e-mail address stays. */
export function InvitationEditForm({ invitation, onSaved }: { invitation: Invitation; onSaved: () => void }) {
  const { t } = useTranslation('userManagement');
  const notifyError = useNotifyError();
  const { formRef, focusFirstError } = useFocusFirstError();
  const initial = useMemo(() => choicesOf(invitation), [invitation]);
  const [choices, setChoices] = useState(initial);
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const mutation = useUpdateInvitationMutation();
  const saving = mutation.isPending;

  const parsed = useMemo(() => invitationChanges(initial, choices), [initial, choices]);
  const errors = mergeErrors(serverErrors, checked && parsed.errors ? parsed.errors : {});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    if (!parsed.body) {
      focusFirstError();
      return;
    }
    if (Object.keys(parsed.body).length === 0) {
      onSaved();
      return;
    }
    try {
      await mutation.mutateAsync({ id: invitation.id, changes: parsed.body });
      onSaved();
    } catch (error) {
      const onFields = serverErrorsOf(error);
      setServerErrors(onFields);
      if (hasFieldErrors(onFields)) focusFirstError();
      else notifyError(error);
    }
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t('invitationForm.editTitle')}
    >
      <Stack>
        <FormSection legend={t('invitationForm.sections.access')}>
          <InvitationFields
            values={choices}
            errors={errors}
            keepExpiry
            onChange={(changes: Partial<InvitationChoices>) =>
              setChoices((previous) => ({ ...previous, ...changes }))
            }
          />
        </FormSection>
        <Group justify="flex-end">
          <Button
            component={Link}
            to={pathTo('invitationView', { invitationId: invitation.id })}
            variant="default"
          >
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('invitationForm.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
