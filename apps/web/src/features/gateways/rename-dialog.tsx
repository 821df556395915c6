import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormFailure } from '../../components/form/form-failure';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { useGatewayMessages } from './use-gateway-messages';

interface RenameDialogProps {
  opened: boolean;
  title: string;
  label: string;
  initial: string;
  onClose: () => void;
  /** The shared schema of the name (the server checks it the same way). */
  nameSchema: z.ZodType<string>;
  /** Where the server's answer names the field (e.g. `changes.displayName`). */
  serverField: string;
  onSave: (name: string) => Promise<void>;
}

/** A new name for a gateway or a device; the server's field message shows under the field. */
export function RenameDialog({ opened, title, label, initial, onClose, nameSchema, serverField, onSave }: RenameDialogProps) {
  const { t } = useTranslation('gateways');
  const { field, formRef, onSubmit, submitting, failureText } = useSchemaForm({
    schema: z.strictObject({ name: nameSchema }),
    initialValues: { name: initial },
    rename: { [serverField]: 'name' },
    messages: useGatewayMessages(),
    submit: (body) => onSave(body.name),
  });

  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t('close') }}>
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput {...field('name')} label={label} maxLength={60} required data-autofocus />
          <FormFailure text={failureText} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={submitting}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={submitting}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
