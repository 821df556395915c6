import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { Invitation } from '@opencare/schemas/entities/care';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useNotifyError } from '../../components/notifications/use-notify';
import { ROUTES } from '../../route-paths';
import { mergeErrors, type FieldErrors } from '../../components/form/form-errors';
import { useFieldMessage } from '../../components/form/use-field-message';
import { hasFieldErrors, serverErrorsOf } from './field-errors';
import { FormSection } from './form-section';
import { InvitationFields } from './invitation-fields';
import { DEFAULT_EXPIRY_DAYS, newInvitation, type InvitationChoices } from './invitation-values';
import { useCreateInvitationMutation } from './user-management-queries';
import { useFocusFirstError } from './use-focus-first-error';

/** Invite someone by e-mail, as a role with an account type; the server e-mails them the link. */
export function InvitationCreateForm({ onCreated }: { onCreated: (invitation: Invitation) => void }) {
  const { t } = useTranslation('userManagement');
  const message = useFieldMessage();
  const notifyError = useNotifyError();
  const { formRef, focusFirstError } = useFocusFirstError();
  const [email, setEmail] = useState('');
  const [choices, setChoices] = useState<InvitationChoices>({
    role: '',
    accountType: '',
    expiresInDays: String(DEFAULT_EXPIRY_DAYS),
  });
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const mutation = useCreateInvitationMutation();
  const saving = mutation.isPending;

  const parsed = useMemo(() => newInvitation(email, choices), [email, choices]);
  const errors = mergeErrors(serverErrors, checked && parsed.errors ? parsed.errors : {});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    if (!parsed.body) {
      focusFirstError();
      return;
    }
    try {
      onCreated(await mutation.mutateAsync(parsed.body));
    } catch (error) {
      // The address already belongs to a user: say so on the e-mail field.
      const onFields = serverErrorsOf(error, { usernameOrEmailTaken: ['email'] });
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
      aria-label={t('invitationForm.createTitle')}
    >
      <Stack>
        <FormSection legend={t('invitationForm.sections.invitee')}>
          <TextInput
            name="email"
            type="email"
            label={t('invitationForm.fields.email')}
            description={t('invitationForm.fields.emailHint')}
            required
            autoComplete="off"
            dir="ltr"
            value={email}
            error={message(errors.email)}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setServerErrors((previous) => ({ ...previous, email: undefined }));
            }}
          />
          <InvitationFields
            values={choices}
            errors={errors}
            onChange={(changes) => setChoices((previous) => ({ ...previous, ...changes }))}
          />
        </FormSection>
        <Group justify="flex-end">
          <Button component={Link} to={ROUTES.invitations} variant="default">
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('invitationForm.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
