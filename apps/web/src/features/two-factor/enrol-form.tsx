import { twoFactorConfirmInputSchema, type TwoFactorSetup } from '@opencare/schemas/entities/two-factor';
import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form/form-failure';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { CodeField } from './code-field';
import { QrCode } from './qr-code';

interface EnrolFormProps {
  setup: TwoFactorSetup;
  /** Confirms with the first code; rejects with an ApiError the form shows. */
  onConfirm: (code: string) => Promise<void>;
  onCancel?: () => void;
}

/** Scan (or type the key), then prove the app holds the secret with its first code. */
export function EnrolForm({ setup, onConfirm, onCancel }: EnrolFormProps) {
  const { t } = useTranslation('settings');
  const { field, formRef, onSubmit, submitting, failureText } = useSchemaForm({
    schema: twoFactorConfirmInputSchema,
    initialValues: { code: '' },
    // A refused code is told above the form in the catalogue's full words (what to enter instead),
    // not as the short field note the server adds.
    fieldsOfKey: { twoFactorCodeInvalid: [] },
    submit: (body) => onConfirm(body.code),
  });

  // The secret in groups of four, as apps show it; read left to right in every language.
  const grouped = setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret;
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <Stack gap={6}>
          <Text fw={600}>{t('twoFactor.scanTitle')}</Text>
          <Text size="sm" c="dimmed">
            {t('twoFactor.scanHint')}
          </Text>
        </Stack>
        <Group justify="center">
          <QrCode value={setup.otpauthUri} label={t('twoFactor.qrAlt')} />
        </Group>
        <Stack gap={4}>
          <Text size="sm">{t('twoFactor.secretLabel')}</Text>
          <Code block dir="ltr" data-testid="two-factor-secret" style={{ fontSize: 'var(--mantine-font-size-md)', letterSpacing: '0.05em' }}>
            {grouped}
          </Code>
          <Text size="xs" c="dimmed">
            {t('twoFactor.secretAccount', { issuer: setup.issuer, account: setup.accountName })}
          </Text>
        </Stack>
        <Text fw={600}>{t('twoFactor.confirmTitle')}</Text>
        <FormFailure text={failureText} testId="two-factor-error" />
        <CodeField {...field('code')} allowRecovery={false} />
        <Group justify="flex-end" gap="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={submitting}>
              {t('twoFactor.cancel')}
            </Button>
          )}
          <Button type="submit" loading={submitting}>
            {t('twoFactor.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
