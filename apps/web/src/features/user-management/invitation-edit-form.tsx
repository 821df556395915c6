import { Button, Group, Stack } from '@mantine/core';
import { updateInvitationInputSchema, type Invitation } from '@opencare/schemas/entities/care';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FormFailure } from '../../components/form/form-failure';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { pathTo } from '../../route-paths';
import { FormSection } from './form-section';
import { InvitationFields } from './invitation-fields';
import { choicesOf, invitationChangesBody } from './invitation-values';
import { useUpdateInvitationMutation } from './user-management-queries';

/** Change a pending invitation's role, account type or validity; the e-mail address stays. */
export function InvitationEditForm({ invitation, onSaved }: { invitation: Invitation; onSaved: () => void }) {
  const { t } = useTranslation('userManagement');
  const initial = useMemo(() => choicesOf(invitation), [invitation]);
  const mutation = useUpdateInvitationMutation();
  const { form, field, formRef, onSubmit, submitting, failureText } = useSchemaForm({
    schema: updateInvitationInputSchema,
    initialValues: initial,
    toBody: (choices) => invitationChangesBody(initial, choices),
    // Nothing changed: nothing to send.
    submit: async (changes) => {
      if (Object.values(changes).some((value) => value !== undefined)) {
        await mutation.mutateAsync({ id: invitation.id, changes });
      }
    },
    onSuccess: onSaved,
  });

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label={t('invitationForm.editTitle')}>
      <Stack>
        <FormFailure text={failureText} testId="invitation-form-error" />
        <FormSection legend={t('invitationForm.sections.access')}>
          <InvitationFields field={field} values={form.values} onChange={form.setValues} keepExpiry />
        </FormSection>
        <Group justify="flex-end">
          <Button component={Link} to={pathTo('invitationView', { invitationId: invitation.id })} variant="default">
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {t('invitationForm.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
