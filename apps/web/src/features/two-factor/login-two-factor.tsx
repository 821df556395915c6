import type { TwoFactorChallenge } from '@opencare/schemas/entities/two-factor';
import type { User } from '@opencare/schemas/entities/user';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../api/error-message';
import { trpc } from '../../api/trpc';
import { CodeForm } from './code-form';
import { EnrolForm } from './enrol-form';
import { RecoveryCodes } from './recovery-codes';

interface StepProps {
  challenge: TwoFactorChallenge;
  /** The session is started with what the second step returned. */
  onSignedIn: (user: User, token: string) => void;
  /** Back to the password (a new challenge). */
  onRestart: () => void;
}

/** The second step of a sign-in: the code from the authenticator app, or a recovery code. */
export function LoginCodeStep({ challenge, onSignedIn, onRestart }: StepProps) {
  const { t } = useTranslation('settings');
  const answer = trpc.auth.twoFactorLogin.useMutation();
  return (
    <CodeForm
      submitLabel={t('twoFactor.verify')}
      cancelLabel={t('twoFactor.backToLogin')}
      onCancel={onRestart}
      onSubmit={async (code) => {
        // The server sets the refresh cookie; the access token comes in the body.
        const { user, accessToken } = await answer.mutateAsync({ challengeToken: challenge.challengeToken, code });
        onSignedIn(user, accessToken);
      }}
    >
      <Text size="sm">{t('twoFactor.loginPrompt')}</Text>
    </CodeForm>
  );
}

/**
 * Enrolment the sign-in demands (an administrator, or staff whose organisation requires it): no
 * token exists until it is done; the recovery codes are shown before the home screen.
 */
export function LoginEnrolStep({ challenge, onSignedIn, onRestart }: StepProps) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  // A new secret for the challenge: a write (each call makes one), so a mutation sent on arrival.
  const { mutate: startEnrolment, data: setup, error: failure } = trpc.auth.twoFactorLoginSetup.useMutation();
  const enrol = trpc.auth.twoFactorLoginEnrol.useMutation();
  const [done, setDone] = useState<{ user: User; token: string; recoveryCodes: string[] } | null>(null);

  useEffect(() => {
    startEnrolment({ challengeToken: challenge.challengeToken });
  }, [startEnrolment, challenge.challengeToken]);

  if (done) {
    return (
      <Stack>
        <Alert color="green" variant="light">
          {t('twoFactor.enabledNow')}
        </Alert>
        <RecoveryCodes codes={done.recoveryCodes} />
        <Button onClick={() => onSignedIn(done.user, done.token)} data-testid="two-factor-continue">
          {t('twoFactor.savedContinue')}
        </Button>
      </Stack>
    );
  }
  if (failure) {
    return (
      <Stack>
        <Alert color="red" variant="light" role="alert" data-testid="two-factor-error">
          {errorMessageOf(tc, failure)}
        </Alert>
        <Button variant="default" onClick={onRestart}>
          {t('twoFactor.backToLogin')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack>
      <Text size="sm">{t('twoFactor.enrolPrompt')}</Text>
      {setup ? (
        <EnrolForm
          setup={setup}
          onCancel={onRestart}
          onConfirm={async (code) => {
            const { user, accessToken, recoveryCodes } = await enrol.mutateAsync({ challengeToken: challenge.challengeToken, code });
            setDone({ user, token: accessToken, recoveryCodes });
          }}
        />
      ) : (
        <Loader size="sm" role="status" aria-label={t('twoFactor.loading')} />
      )}
    </Stack>
  );
}
