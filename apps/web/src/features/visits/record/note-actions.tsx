import { Button, Group, Stack, Textarea } from '@mantine/core';
import { APPOINTMENT_LIMITS, visitNoteAddendumInputSchema, type Visit } from '@opencare/schemas/entities/appointments';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useNotifications, useNotifyError } from '../../../components/notifications/use-notify';
import { useAddAddendumMutation, useSignNoteMutation } from '../visit-queries';
import classes from './visit-record.module.css';

/**
 * What a physician or nurse does with a completed visit's note: sign it (which locks it), then add
 * addenda under it. The server decides who may; this is shown to physicians and nurses only.
 */
export function NoteActions({ visit }: { visit: Visit }) {
  const { note } = visit;
  if (!note) return null;
  return note.signedAt ? <AddendumForm visitId={visit.id} /> : <SignButton visitId={visit.id} />;
}

function SignButton({ visitId }: { visitId: string }) {
  const { t } = useTranslation('visits');
  const { notify } = useNotifications();
  const notifyError = useNotifyError();
  const sign = useSignNoteMutation();
  return (
    <Group className={classes.noPrint}>
      <Button
        data-testid="sign-note"
        loading={sign.isPending}
        onClick={() =>
          sign.mutate(
            { id: visitId },
            { onSuccess: () => notify({ id: 'note-signed', message: t('record.signed'), tone: 'success' }), onError: notifyError },
          )
        }
      >
        {t('record.sign')}
      </Button>
    </Group>
  );
}

function AddendumForm({ visitId }: { visitId: string }) {
  const { t } = useTranslation('visits');
  const { notify } = useNotifications();
  const add = useAddAddendumMutation();
  const { form, field, formRef, onSubmit, failureText } = useSchemaForm({
    schema: visitNoteAddendumInputSchema,
    initialValues: { text: '' },
    toBody: ({ text }) => ({ text: text.trim() }),
    submit: (body) => add.mutateAsync({ id: visitId, ...body }),
    onSuccess: () => {
      form.reset();
      notify({ id: 'addendum-added', message: t('record.addendumAdded'), tone: 'success' });
    },
  });
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className={classes.noPrint}>
      <Stack gap="xs">
        <Textarea
          {...field('text')}
          label={t('record.addendumLabel')}
          description={t('record.addendumHint')}
          minRows={3}
          maxLength={APPOINTMENT_LIMITS.notesMax}
          error={field('text').error ?? failureText ?? undefined}
          data-testid="addendum-text"
        />
        <Group>
          <Button type="submit" variant="default" loading={add.isPending} data-testid="add-addendum">
            {t('record.addAddendum')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
