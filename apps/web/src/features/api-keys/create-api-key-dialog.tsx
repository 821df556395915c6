import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { createApiKeyInputSchema, type CreatedApiKey } from '@opencare/schemas/entities/api-keys';
import { REQUIRED } from '@opencare/schemas/rules';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form/form-failure';
import type { FeatureMessages } from '../../components/form/use-field-message';
import { useSchemaForm } from '../../components/form/use-schema-form';
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

/** The name's rules in this screen's own words ("Enter a name for the key."). */
function useNameMessages(): FeatureMessages {
  const { t } = useTranslation('apiKeys');
  return useCallback(
    (message: string) => {
      if (message === REQUIRED) return t('create.errors.required');
      const tooLong = /at most (\d+) characters\.$/.exec(message);
      return tooLong ? t('create.errors.tooLong', { max: Number(tooLong[1]) }) : undefined;
    },
    [t],
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
  const create = useCreateApiKeyMutation();
  const { field, formRef, onSubmit, submitting, failureText } = useSchemaForm({
    schema: createApiKeyInputSchema,
    initialValues: { name: '' },
    messages: useNameMessages(),
    submit: create.mutateAsync,
    onSuccess: onCreated,
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormFailure text={failureText} />
        <TextInput
          {...field('name')}
          label={t('create.name')}
          description={t('create.nameHint')}
          required
          maxLength={NAME_MAX + 20}
          data-autofocus
          data-testid="api-key-name"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {t('create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
