import { Alert, Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { trpc } from '../../api/trpc';
import { AccountReady } from './account-ready';
import { FlowCard } from './flow-card';
import { useApiErrorText } from '../../components/form/use-api-error-text';
import { useOneShot } from './use-one-shot';

/** /signup/complete?token=… — turns the verified sign-up into a user, then sends the person to log in. */
export function SignupCompletePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();
  if (!token) return <Navigate to="/" replace />;
  return <CompleteToken token={token} />;
}

function CompleteToken({ token }: { token: string }) {
  const { t } = useTranslation('signup');
  const errorText = useApiErrorText();
  const { mutateAsync: complete } = trpc.auth.completeSignup.useMutation();
  const result = useOneShot(`complete:${token}`, () => complete({ token }));

  if (result.status === 'done') {
    const awaitingApproval = result.data.accounts[0]?.status.code === 'pending';
    return <AccountReady username={result.data.username} testId="signup-ready" awaitingApproval={awaitingApproval} />;
  }

  return (
    <FlowCard
      size={520}
      title={
        <Title order={1} size="h2">
          {t('complete.title')}
        </Title>
      }
    >
      {result.status === 'failed' ? (
        <Stack>
          <Alert color="red" variant="light" role="alert" data-testid="complete-error">
            {errorText(result.error)}
          </Alert>
          <Group gap="lg">
            <Anchor component={Link} to="/login">
              {t('actions.logIn')}
            </Anchor>
            <Anchor component={Link} to="/signup">
              {t('actions.signUpAgain')}
            </Anchor>
          </Group>
        </Stack>
      ) : (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('complete.working')}</Text>
        </Group>
      )}
    </FlowCard>
  );
}
