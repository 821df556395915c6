import { Button, Checkbox, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { createSmartAppInputSchema, SMART_APP_SCOPES, type SmartClient } from '@opencare/schemas/entities/smart-clients';
import { REQUIRED } from '@opencare/schemas/rules';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form/form-failure';
import type { FeatureMessages } from '../../components/form/use-field-message';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { useRegisterAppMutation } from './integration-queries';
import { useScopeLabel } from './scope-labels';

/** The lines typed, without blanks: one redirect URI each. */
const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The schema's messages about an app, in this screen's words. */
function useAppMessages(): FeatureMessages {
  const { t } = useTranslation('integrations');
  return useCallback(
    (message: string, field?: string) => {
      if (message === REQUIRED) return t('errors.required');
      const tooLong = /at most (\d+) characters\.$/.exec(message);
      if (tooLong) return t('errors.tooLong', { max: Number(tooLong[1]) });
      if (message.startsWith('Allow at least one scope') || message.startsWith('Choose scopes')) return t('errors.scopes');
      if (message.startsWith('Add at least one redirect URI') || message.startsWith('At most 10 redirect URIs')) return t('errors.redirectUris');
      // The launch URL follows the redirect URIs' rule, and the schema words it for them.
      if (message.startsWith('Each redirect URI')) return field === 'launchUrl' ? t('errors.launchUrl') : t('errors.redirectUri');
      return undefined;
    },
    [t],
  );
}

/**
 * Registering an app people allow to read for them (SMART App Launch): its name, redirect URIs, its
 * launch URL (optional: clinicians then open it from a patient's page) and what it may ask for.
 */
export function RegisterAppDialog({ opened, onClose, onRegistered }: { opened: boolean; onClose: () => void; onRegistered: (client: SmartClient) => void }) {
  const { t } = useTranslation('integrations');
  return (
    <Modal opened={opened} onClose={onClose} title={t('registerApp.title')} size="lg" closeButtonProps={{ 'aria-label': t('close') }}>
      {opened && <RegisterAppForm onCancel={onClose} onRegistered={onRegistered} />}
    </Modal>
  );
}

function RegisterAppForm({ onCancel, onRegistered }: { onCancel: () => void; onRegistered: (client: SmartClient) => void }) {
  const { t } = useTranslation('integrations');
  const scopeLabel = useScopeLabel();
  const register = useRegisterAppMutation();
  const { field, formRef, onSubmit, submitting, failureText } = useSchemaForm({
    schema: createSmartAppInputSchema,
    initialValues: { name: '', redirectUris: '', launchUrl: '', scopes: [] as string[] },
    // A blank launch URL is left out: the app is then launched on its own only.
    toBody: ({ launchUrl, ...values }) => ({ ...values, redirectUris: linesOf(values.redirectUris), ...(launchUrl.trim() ? { launchUrl } : {}) }),
    messages: useAppMessages(),
    submit: register.mutateAsync,
    onSuccess: onRegistered,
  });
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('registerApp.intro')}</Text>
        <FormFailure text={failureText} />
        <TextInput {...field('name')} label={t('registerApp.name')} description={t('registerApp.nameHint')} required data-autofocus data-testid="smart-app-name" />
        <Textarea
          {...field('redirectUris')}
          label={t('registerApp.redirectUris')}
          description={t('registerApp.redirectUrisHint')}
          required
          rows={3}
          dir="ltr"
          styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
          data-testid="smart-app-redirect-uris"
        />
        <TextInput
          {...field('launchUrl')}
          label={t('registerApp.launchUrl')}
          description={t('registerApp.launchUrlHint')}
          type="url"
          dir="ltr"
          placeholder="https://app.example.org/launch"
          styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
          data-testid="smart-app-launch-url"
        />
        <Checkbox.Group {...field('scopes')} label={t('registerApp.scopes')} description={t('registerApp.scopesHint')} required data-testid="smart-app-scopes">
          <Stack gap={6} mt={6}>
            {SMART_APP_SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope} label={scopeLabel(scope)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={submitting} data-testid="smart-app-submit">
            {t('registerApp.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
