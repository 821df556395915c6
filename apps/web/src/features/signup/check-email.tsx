import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../api/trpc';
import { useApiErrorText } from '../../components/form/use-api-error-text';

interface CheckEmailProps {
  email: string;
  onEnterCode: () => void;
}

/** After sign-up: where the link went, and a resend that the server allows once every 5 minutes. */
export function CheckEmail({ email, onEnterCode }: CheckEmailProps) {
  const { t } = useTranslation('signup');
  const errorText = useApiErrorText();
  const resend = trpc.auth.resendVerification.useMutation();

  return (
    <Stack data-testid="check-email">
      <Stack gap={4}>
        <Text>{t('checkEmail.body')}</Text>
        <Text fw={600} data-testid="check-email-address">
          <bdi>{email}</bdi>
        </Text>
      </Stack>
      <Text size="sm" c="dimmed">
        {t('checkEmail.expiry')}
      </Text>
      <div aria-live="polite">
        {resend.isSuccess && (
          <Alert color="teal" variant="light" data-testid="resend-sent">
            {t('checkEmail.resent')}
          </Alert>
        )}
        {resend.isError && (
          <Alert color="red" variant="light" role="alert" data-testid="resend-error">
            {errorText(resend.error)}
          </Alert>
        )}
      </div>
      <Group gap="sm">
        <Button variant="default" loading={resend.isPending} onClick={() => resend.mutate({ email })}>
          {t('checkEmail.resend')}
        </Button>
        <Button variant="subtle" onClick={onEnterCode}>
          {t('checkEmail.enterCode')}
        </Button>
      </Group>
    </Stack>
  );
}
