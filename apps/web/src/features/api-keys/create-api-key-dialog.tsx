import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { createApiKeyInputSchema, type CreatedApiKey } from '@opencare/schemas/entities/api-keys';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, asApiError } from '../../api/api-error';
import { errorMessageOf } from '../../api/error-message';
import { useCreateApiKeyMutation } from './api-key-queries';

const NAME_MAX = 100;

interface CreateApiKeyDialogProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (created: CreatedApiKey) => void;
}

/** Naming a new key: the name says which integration uses it, so the right one can be revoked later. */
export function CreateApiKeyDialog({ opened, onClose, onCreated }: CreateApiKeyDialogProps) {
  const { t } = useTranslation('apiKeys');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('create.title')}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {/* Mounted only while open, so a new dialog starts empty. */}
      {opened && <CreateApiKeyForm onCancel={onClose} onCreated={onCreated} />}
    </Modal>
  );
}

function CreateApiKeyForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (created: CreatedApiKey) => void;
}) {
  const { t } = useTranslation('apiKeys');
  const { t: tc } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const create = useCreateApiKeyMutation();

  function save(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const checked = createApiKeyInputSchema.safeParse({ name });
    if (!checked.success) {
      setError(
        name.trim().length > NAME_MAX
          ? t('create.errors.tooLong', { max: NAME_MAX })
          : t('create.errors.required'),
      );
      return;
    }
    setError(null);
    create.mutate(checked.data, {
      onSuccess: onCreated,
      onError(caught) {
        const failed = asApiError(caught);
        setFailure(failed);
        // The server's own check of the name (its message is en-US): marked on the field, said above.
        if (failed instanceof ApiError && failed.errors.some((issue) => issue.field === 'name')) {
          setError(t('create.errors.checkField'));
        }
      },
    });
  }

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="md">
        {failure !== null && (
          <Alert color="red" variant="light" role="alert">
            {errorMessageOf(tc, failure)}
          </Alert>
        )}
        <TextInput
          label={t('create.name')}
          description={t('create.nameHint')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
          required
          maxLength={NAME_MAX + 20}
          data-autofocus
          data-testid="api-key-name"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
