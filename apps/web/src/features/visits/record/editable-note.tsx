import { Button, Group, Stack, Textarea } from '@mantine/core';
import {
  APPOINTMENT_LIMITS,
  editVisitNotesInputSchema,
  visitNoteAddendumInputSchema,
  type Visit,
} from '@opencare/schemas/entities/appointments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useNotifications } from '../../../components/notifications/use-notify';
import { ConfirmDialog } from '../../patients/care-plan/confirm-dialog';
import { useAddAddendumMutation, useEditNoteMutation, useSignNoteMutation } from '../visit-queries';
import { VisitNoteView } from './visit-note';
import classes from './visit-record.module.css';

/**
 * A completed visit's note for a physician or nurse: while unsigned it can be corrected and then
 * signed (asked twice: signing locks it); once signed, addenda go under it. The server decides who
 * may; this is shown to physicians and nurses only.
 */
export function EditableNote({ visit }: { visit: Visit }) {
  const [editing, setEditing] = useState(false);
  const { note } = visit;
  if (!note) return null;
  if (note.signedAt) {
    return (
      <>
        <VisitNoteView note={note} />
        <AddendumForm visitId={visit.id} />
      </>
    );
  }
  if (editing) return <NoteForm visitId={visit.id} text={note.text} onDone={() => setEditing(false)} />;
  return (
    <>
      <VisitNoteView note={note} />
      <UnsignedNoteActions visitId={visit.id} onEdit={() => setEditing(true)} />
    </>
  );
}

function UnsignedNoteActions({ visitId, onEdit }: { visitId: string; onEdit: () => void }) {
  const { t } = useTranslation('visits');
  const { notify } = useNotifications();
  const [confirming, setConfirming] = useState(false);
  const sign = useSignNoteMutation();
  return (
    <Group className={classes.noPrint} gap="sm">
      <Button variant="default" onClick={onEdit} data-testid="edit-note">
        {t('record.edit')}
      </Button>
      <Button onClick={() => setConfirming(true)} data-testid="sign-note">
        {t('record.sign')}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={t('record.signConfirmTitle')}
        body={t('record.signConfirm')}
        confirmLabel={t('record.signAction')}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await sign.mutateAsync({ id: visitId });
          setConfirming(false);
          notify({ id: 'note-signed', message: t('record.signed'), tone: 'success' });
        }}
      />
    </Group>
  );
}

function NoteForm({ visitId, text, onDone }: { visitId: string; text: string; onDone: () => void }) {
  const { t } = useTranslation('visits');
  const { notify } = useNotifications();
  const edit = useEditNoteMutation();
  const { field, formRef, onSubmit, failureText } = useSchemaForm({
    schema: editVisitNotesInputSchema,
    initialValues: { notes: text },
    toBody: ({ notes }) => ({ notes: notes.trim() }),
    submit: (body) => edit.mutateAsync({ id: visitId, ...body }),
    onSuccess: () => {
      notify({ id: 'note-saved', message: t('record.saved'), tone: 'success' });
      onDone();
    },
  });
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className={classes.noPrint}>
      <Stack gap="xs">
        <Textarea
          {...field('notes')}
          label={t('record.noteLabel')}
          minRows={6}
          maxLength={APPOINTMENT_LIMITS.notesMax}
          error={field('notes').error ?? failureText ?? undefined}
          data-autofocus
          data-testid="note-text"
        />
        <Group gap="sm">
          <Button type="submit" loading={edit.isPending} data-testid="save-note">
            {t('record.save')}
          </Button>
          <Button variant="default" onClick={onDone} disabled={edit.isPending}>
            {t('record.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
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
