import { Alert, Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { trpc } from '../../api/trpc';
import { FlowCard } from './flow-card';
import { useApiErrorText } from '../../components/form/use-api-error-text';
import { useOneShot } from './use-one-shot';

/** /signup/verify?token=… — the link in the e-mail (spec §5: without a token, go home). */
export function SignupVerifyPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();
  if (!token) return <Navigate to="/" replace />;
  return <VerifyToken token={token} />;
}

function VerifyToken({ token }: { token: string }) {
  const { t } = useTranslation('signup');
  const errorText = useApiErrorText();
  const navigate = useNavigate();
  const { mutateAsync: verify } = trpc.auth.verifySignup.useMutation();
  const result = useOneShot(`verify:${token}`, () => verify({ token }));

  // A verified e-mail goes straight on to completing the sign-up with the same token.
  useEffect(() => {
    if (result.status !== 'done') return;
    void navigate(`/signup/complete?token=${encodeURIComponent(token)}`, { replace: true });
  }, [result, navigate, token]);

  return (
    <FlowCard
      size={520}
      title={
        <Title order={1} size="h2">
          {t('verify.title')}
        </Title>
      }
    >
      {result.status === 'failed' ? (
        <Stack>
          <Alert color="red" variant="light" role="alert" data-testid="verify-error">
            {errorText(result.error)}
          </Alert>
          <Group gap="lg">
            <Anchor component={Link} to="/signup">
              {t('actions.signUpAgain')}
            </Anchor>
            <Anchor component={Link} to="/login">
              {t('actions.logIn')}
            </Anchor>
          </Group>
        </Stack>
      ) : (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('verify.checking')}</Text>
        </Group>
      )}
    </FlowCard>
  );
}
