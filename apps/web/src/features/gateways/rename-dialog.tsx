import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, asApiError } from '../../api/api-error';
import { errorMessageOf } from '../../api/error-message';
import { useFieldMessage } from '../../components/form/use-field-message';
import { useGatewayMessages } from './use-gateway-messages';

interface RenameDialogProps {
  opened: boolean;
  title: string;
  label: string;
  initial: string;
  onClose: () => void;
  /** Check the name (the schema's message when refused). */
  validate: (name: string) => string | undefined;
  onSave: (name: string) => Promise<void>;
}

/** A new name for a gateway or a device; the server's field message shows under the field. */
export function RenameDialog({
  opened,
  title,
  label,
  initial,
  onClose,
  validate,
  onSave,
}: RenameDialogProps) {
  const { t } = useTranslation('gateways');
  const { t: tc } = useTranslation();
  const message = useFieldMessage(useGatewayMessages());
  const [name, setName] = useState(initial);
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validate(name);
    setFieldError(problem);
    setFailure(null);
    if (problem) return;
    setBusy(true);
    try {
      await onSave(name.trim());
    } catch (caught) {
      const error = asApiError(caught);
      const issue = error instanceof ApiError ? error.errors[0] : undefined;
      if (issue) setFieldError(issue.message);
      else setFailure(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t('close') }}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label={label}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={message(fieldError)}
            maxLength={60}
            required
            data-autofocus
          />
          {failure !== null && (
            <Alert color="red" variant="light" role="alert">
              {errorMessageOf(tc, failure)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
