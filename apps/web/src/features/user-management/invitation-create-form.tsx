import { Button, Group, Stack, TextInput } from '@mantine/core';
import { createInvitationInputSchema, type Invitation } from '@opencare/schemas/entities/care';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FormFailure } from '../../components/form/form-failure';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { ROUTES } from '../../route-paths';
import { FormSection } from './form-section';
import { InvitationFields } from './invitation-fields';
import { DEFAULT_EXPIRY_DAYS, newInvitationBody } from './invitation-values';
import { useCreateInvitationMutation } from './user-management-queries';

/** Invite someone by e-mail, as a role with an account type; the server e-mails them the link. */
export function InvitationCreateForm({ onCreated }: { onCreated: (invitation: Invitation) => void }) {
  const { t } = useTranslation('userManagement');
  const mutation = useCreateInvitationMutation();
  const { form, field, formRef, onSubmit, submitting, failureText } = useSchemaForm({
    schema: createInvitationInputSchema,
    initialValues: { email: '', role: '', accountType: '', expiresInDays: String(DEFAULT_EXPIRY_DAYS) },
    toBody: newInvitationBody,
    // The address already belongs to a user: say so on the e-mail field.
    fieldsOfKey: { usernameOrEmailTaken: 'email' },
    submit: mutation.mutateAsync,
    onSuccess: onCreated,
  });

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label={t('invitationForm.createTitle')}>
      <Stack>
        <FormFailure text={failureText} testId="invitation-form-error" />
        <FormSection legend={t('invitationForm.sections.invitee')}>
          <TextInput
            {...field('email')}
            type="email"
            label={t('invitationForm.fields.email')}
            description={t('invitationForm.fields.emailHint')}
            required
            autoComplete="off"
            dir="ltr"
          />
          <InvitationFields field={field} values={form.values} onChange={form.setValues} />
        </FormSection>
        <Group justify="flex-end">
          <Button component={Link} to={ROUTES.invitations} variant="default">
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {t('invitationForm.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
