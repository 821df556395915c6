import type { TwoFactorSetup, TwoFactorStatus } from '@opencare/schemas/entities/two-factor';
import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../api/error-message';
import { CodeForm } from './code-form';
import { EnrolForm } from './enrol-form';
import { RecoveryCodes } from './recovery-codes';
import {
  confirmTwoFactorSetup,
  disableTwoFactor,
  fetchTwoFactorStatus,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
} from './two-factor-api';

type Mode = { kind: 'idle' } | { kind: 'setup'; setup: TwoFactorSetup } | { kind: 'codes'; codes: string[] } | { kind: 'disable' } | { kind: 'regenerate' };

/** Settings → Account → Security: turn two-factor sign-in on or off, and renew the recovery codes. */
export function TwoFactorSection() {
  const { t, i18n } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [starting, setStarting] = useState(false);

  const reload = useCallback(() => {
    fetchTwoFactorStatus().then(setStatus, setFailure);
  }, []);
  useEffect(reload, [reload]);

  async function start() {
    setStarting(true);
    setFailure(null);
    try {
      setMode({ kind: 'setup', setup: await startTwoFactorSetup() });
    } catch (error) {
      setFailure(error);
    } finally {
      setStarting(false);
    }
  }

  if (!status) {
    return failure ? (
      <Alert color="red" variant="light" role="alert">
        {errorMessageOf(tc, failure)}
      </Alert>
    ) : (
      <Loader size="sm" aria-label={t('twoFactor.loading')} />
    );
  }

  const since = status.enabledAt ? new Date(status.enabledAt).toLocaleDateString(i18n.language, { dateStyle: 'medium' }) : '';
  return (
    <Stack gap="md" data-testid="two-factor-section">
      <Group gap="xs">
        <Badge color={status.enabled ? 'green' : 'gray'} variant="light" data-testid="two-factor-status">
          {status.enabled ? t('twoFactor.on') : t('twoFactor.off')}
        </Badge>
        {status.enabled && (
          <Text size="sm" c="dimmed">
            {t('twoFactor.onSince', { date: since })} · {t('twoFactor.recoveryLeft', { count: status.recoveryCodesLeft })}
          </Text>
        )}
      </Group>
      {status.required && (
        <Text size="sm" c="dimmed">
          {t('twoFactor.requiredNote')}
        </Text>
      )}
      {failure !== null && (
        <Alert color="red" variant="light" role="alert">
          {errorMessageOf(tc, failure)}
        </Alert>
      )}

      {mode.kind === 'setup' && (
        <EnrolForm
          setup={mode.setup}
          onCancel={() => setMode({ kind: 'idle' })}
          onConfirm={async (code) => {
            const codes = await confirmTwoFactorSetup(code);
            setMode({ kind: 'codes', codes });
            reload();
          }}
        />
      )}
      {mode.kind === 'codes' && (
        <Stack>
          <Alert color="green" variant="light">
            {t('twoFactor.enabledNow')}
          </Alert>
          <RecoveryCodes codes={mode.codes} />
          <Group justify="flex-end">
            <Button onClick={() => setMode({ kind: 'idle' })} data-testid="two-factor-done">
              {t('twoFactor.done')}
            </Button>
          </Group>
        </Stack>
      )}
      {mode.kind === 'regenerate' && (
        <CodeForm
          submitLabel={t('twoFactor.regenerate')}
          onCancel={() => setMode({ kind: 'idle' })}
          onSubmit={async (code) => {
            setMode({ kind: 'codes', codes: await regenerateRecoveryCodes(code) });
            reload();
          }}
        >
          <Text size="sm">{t('twoFactor.regenerateHint')}</Text>
        </CodeForm>
      )}
      {mode.kind === 'disable' && (
        <CodeForm
          withPassword
          submitLabel={t('twoFactor.disable')}
          onCancel={() => setMode({ kind: 'idle' })}
          onSubmit={async (code, password) => {
            setStatus(await disableTwoFactor(password, code));
            setMode({ kind: 'idle' });
          }}
        >
          <Text size="sm">{t('twoFactor.disableHint')}</Text>
        </CodeForm>
      )}

      {mode.kind === 'idle' && (
        <Group gap="xs">
          {!status.enabled && (
            <Button onClick={() => void start()} loading={starting} data-testid="two-factor-turn-on">
              {t('twoFactor.turnOn')}
            </Button>
          )}
          {status.enabled && (
            <Button variant="default" onClick={() => setMode({ kind: 'regenerate' })}>
              {t('twoFactor.regenerate')}
            </Button>
          )}
          {status.enabled && !status.required && (
            <Button variant="default" color="red" onClick={() => setMode({ kind: 'disable' })}>
              {t('twoFactor.disable')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
