import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { acknowledgeAlertsInputSchema, assignAlertInputSchema, resolveAlertInputSchema } from '@opencare/schemas/entities/measurements';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../api/trpc';
import { FormFailure } from '../../components/form/form-failure';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { ALL_PROVIDERS } from '../patients/patient-queries';
import { useAcknowledgeManyMutation, useAssignMutation, useResolveMutation } from './alert-queries';

/** What the modal does: acknowledge the chosen alerts, assign one, or resolve one; each with an optional comment. */
export type AlertAction = { kind: 'acknowledge'; ids: string[] } | { kind: 'assign'; id: string } | { kind: 'resolve'; id: string };

interface AlertActionModalProps {
  action: AlertAction | null;
  onClose: () => void;
  onDone: (action: AlertAction) => void;
}

export function AlertActionModal({ action, onClose, onDone }: AlertActionModalProps) {
  const { t } = useTranslation('alerts');
  return (
    <Modal opened={action !== null} onClose={onClose} title={action ? t(`action.${action.kind}.title`, { count: action.kind === 'acknowledge' ? action.ids.length : 1 }) : ''}>
      {action && <AlertActionForm action={action} onCancel={onClose} onDone={() => onDone(action)} />}
    </Modal>
  );
}

function AlertActionForm({ action, onCancel, onDone }: { action: AlertAction; onCancel: () => void; onDone: () => void }) {
  const { t } = useTranslation('alerts');
  const acknowledge = useAcknowledgeManyMutation();
  const assign = useAssignMutation();
  const resolve = useResolveMutation();
  const schema = action.kind === 'acknowledge' ? acknowledgeAlertsInputSchema : action.kind === 'assign' ? assignAlertInputSchema : resolveAlertInputSchema;
  const { field, formRef, onSubmit, submitting, failureText } = useSchemaForm({
    schema,
    initialValues: { comment: '', assigneeId: '' },
    toBody: (values) => {
      const comment = values.comment.trim() || undefined;
      if (action.kind === 'acknowledge') return { ids: action.ids, comment };
      if (action.kind === 'assign') return { id: action.id, assigneeId: values.assigneeId, comment };
      return { id: action.id, comment };
    },
    // The body is the one toBody built for this action, checked by this action's schema.
    submit: async (body: object) => {
      if (action.kind === 'acknowledge') await acknowledge.mutateAsync(body as Parameters<typeof acknowledge.mutateAsync>[0]);
      else if (action.kind === 'assign') await assign.mutateAsync(body as Parameters<typeof assign.mutateAsync>[0]);
      else await resolve.mutateAsync(body as Parameters<typeof resolve.mutateAsync>[0]);
    },
    onSuccess: onDone,
  });

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label={t(`action.${action.kind}.submit`)}>
      <Stack>
        <FormFailure text={failureText} />
        {action.kind === 'assign' && <AssigneeSelect {...field('assigneeId')} />}
        <Textarea {...field('comment')} label={t('action.comment')} minRows={2} rows={2} maxLength={500} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {t(`action.${action.kind}.submit`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The organisation's active physicians, nurses and assistants: who an alert may be assigned to. */
function AssigneeSelect(props: { value?: string; onChange?: (value: unknown) => void; error?: unknown }) {
  const { t } = useTranslation('alerts');
  const providers = trpc.providers.list.useQuery(ALL_PROVIDERS);
  const data = (providers.data?.items ?? []).map((p) => ({ value: p.accountId, label: `${p.firstName} ${p.lastName}` }));
  return (
    <Select
      {...props}
      value={props.value || null}
      onChange={(value) => props.onChange?.(value ?? '')}
      error={typeof props.error === 'string' ? props.error : undefined}
      label={t('action.assignee')}
      data={data}
      searchable
      required
      data-testid="alert-assignee"
    />
  );
}
