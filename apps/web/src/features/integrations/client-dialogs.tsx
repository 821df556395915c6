import { Button, Checkbox, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { createSmartClientInputSchema, replaceSmartClientKeysInputSchema, SMART_SYSTEM_SCOPES, type SmartClient } from '@opencare/schemas/entities/smart-clients';
import { REQUIRED } from '@opencare/schemas/rules';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form/form-failure';
import type { FeatureMessages } from '../../components/form/use-field-message';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { useRegisterClientMutation, useReplaceKeysMutation } from './integration-queries';
import { useScopeLabel } from './scope-labels';

/** The pasted key set as the schema reads it: JSON, or nothing (then the field says to paste JSON). */
function parsedJwks(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text.trim() ? 'not JSON' : undefined;
  }
}

/** The schemas' messages about names, scopes and keys, in this screen's words. */
function useClientMessages(): FeatureMessages {
  const { t } = useTranslation('integrations');
  return useCallback(
    (message: string) => {
      if (message === REQUIRED) return t('errors.required');
      const tooLong = /at most (\d+) characters\.$/.exec(message);
      if (tooLong) return t('errors.tooLong', { max: Number(tooLong[1]) });
      if (message.startsWith('Allow at least one scope') || message.startsWith('Choose scopes')) return t('errors.scopes');
      if (message.startsWith('Add at least one public key')) return t('errors.noKeys');
      if (message.startsWith('At most 10 keys')) return t('errors.tooManyKeys');
      if (message.startsWith('That is a private key')) return t('errors.privateKey');
      if (/incomplete|kty|kid|alg must|crv must/.test(message)) return t('errors.incompleteKey');
      // Anything else about the key set (not JSON, not an object, unknown members): ask for JSON.
      return /expected|Unrecognized|Unknown field|Invalid/.test(message) ? t('errors.jwksJson') : undefined;
    },
    [t],
  );
}

function JwksField(props: ReturnType<ReturnType<typeof useSchemaForm>['field']>) {
  const { t } = useTranslation('integrations');
  return (
    <Textarea
      {...props}
      label={t('register.jwks')}
      description={t('register.jwksHint')}
      required
      rows={7}
      dir="ltr"
      styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
      data-testid="smart-client-jwks"
    />
  );
}

/** Registering a system: its name, what it may read and its public keys. */
export function RegisterClientDialog({ opened, onClose, onRegistered }: { opened: boolean; onClose: () => void; onRegistered: (client: SmartClient) => void }) {
  const { t } = useTranslation('integrations');
  return (
    <Modal opened={opened} onClose={onClose} title={t('register.title')} size="lg" closeButtonProps={{ 'aria-label': t('close') }}>
      {opened && <RegisterClientForm onCancel={onClose} onRegistered={onRegistered} />}
    </Modal>
  );
}

function RegisterClientForm({ onCancel, onRegistered }: { onCancel: () => void; onRegistered: (client: SmartClient) => void }) {
  const { t } = useTranslation('integrations');
  const scopeLabel = useScopeLabel();
  const register = useRegisterClientMutation();
  const { field, formRef, onSubmit, submitting, failureText } = useSchemaForm({
    schema: createSmartClientInputSchema,
    initialValues: { name: '', scopes: [] as string[], jwks: '' },
    toBody: (values) => ({ ...values, jwks: parsedJwks(values.jwks) }),
    messages: useClientMessages(),
    submit: register.mutateAsync,
    onSuccess: onRegistered,
  });
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormFailure text={failureText} />
        <TextInput {...field('name')} label={t('register.name')} description={t('register.nameHint')} required data-autofocus data-testid="smart-client-name" />
        <Checkbox.Group {...field('scopes')} label={t('register.scopes')} required data-testid="smart-client-scopes">
          <Stack gap={6} mt={6}>
            {SMART_SYSTEM_SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope} label={scopeLabel(scope)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <JwksField {...field('jwks')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={submitting} data-testid="smart-client-submit">
            {t('register.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** New public keys for a system (rotation): the old ones stop at once. */
export function ReplaceKeysDialog({ client, onClose, onReplaced }: { client: SmartClient | null; onClose: () => void; onReplaced: (client: SmartClient) => void }) {
  const { t } = useTranslation('integrations');
  return (
    <Modal opened={client !== null} onClose={onClose} title={client ? t('replace.title', { name: client.name }) : ''} size="lg" closeButtonProps={{ 'aria-label': t('close') }}>
      {client && <ReplaceKeysForm client={client} onCancel={onClose} onReplaced={onReplaced} />}
    </Modal>
  );
}

function ReplaceKeysForm({ client, onCancel, onReplaced }: { client: SmartClient; onCancel: () => void; onReplaced: (client: SmartClient) => void }) {
  const { t } = useTranslation('integrations');
  const replace = useReplaceKeysMutation();
  const { field, formRef, onSubmit, submitting, failureText } = useSchemaForm({
    schema: replaceSmartClientKeysInputSchema,
    initialValues: { jwks: '' },
    toBody: (values) => ({ id: client.id, jwks: parsedJwks(values.jwks) }),
    messages: useClientMessages(),
    submit: replace.mutateAsync,
    onSuccess: onReplaced,
  });
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormFailure text={failureText} />
        <Text size="sm">{t('replace.body')}</Text>
        <JwksField {...field('jwks')} data-autofocus />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {t('replace.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
