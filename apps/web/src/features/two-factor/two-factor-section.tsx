import type { TwoFactorSetup, TwoFactorStatus } from '@opencare/schemas/entities/two-factor';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../api/error-message';
import { trpc } from '../../api/trpc';
import { QueryView } from '../../components/data/load-state';
import { CodeForm } from './code-form';
import { EnrolForm } from './enrol-form';
import { RecoveryCodes } from './recovery-codes';

type Mode = { kind: 'idle' } | { kind: 'setup'; setup: TwoFactorSetup } | { kind: 'codes'; codes: string[] } | { kind: 'disable' } | { kind: 'regenerate' };

/** Settings → Account → Security: turn two-factor sign-in on or off, and renew the recovery codes. */
export function TwoFactorSection() {
  const { t } = useTranslation('settings');
  const status = trpc.auth.twoFactorStatus.useQuery();
  return (
    <QueryView query={status} loading={t('twoFactor.loading')}>
      {(loaded) => <TwoFactorControls status={loaded} />}
    </QueryView>
  );
}

function TwoFactorControls({ status }: { status: TwoFactorStatus }) {
  const { t, i18n } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const utils = trpc.useUtils();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const start = trpc.auth.twoFactorSetup.useMutation({ onSuccess: (setup) => setMode({ kind: 'setup', setup }) });
  // Turning it on and renewing the codes change the status (since when, codes left); disabling answers it.
  const confirm = trpc.auth.twoFactorConfirm.useMutation({ onSuccess: () => utils.auth.twoFactorStatus.invalidate() });
  const regenerate = trpc.auth.twoFactorRecoveryCodes.useMutation({
    onSuccess: () => utils.auth.twoFactorStatus.invalidate(),
  });
  const disable = trpc.auth.twoFactorDisable.useMutation({
    onSuccess: (next) => utils.auth.twoFactorStatus.setData(undefined, next),
  });

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
      {start.error && (
        <Alert color="red" variant="light" role="alert">
          {errorMessageOf(tc, start.error)}
        </Alert>
      )}

      {mode.kind === 'setup' && (
        <EnrolForm
          setup={mode.setup}
          onCancel={() => setMode({ kind: 'idle' })}
          onConfirm={async (code) => {
            const { recoveryCodes } = await confirm.mutateAsync({ code });
            setMode({ kind: 'codes', codes: recoveryCodes });
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
            const { recoveryCodes } = await regenerate.mutateAsync({ code });
            setMode({ kind: 'codes', codes: recoveryCodes });
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
            await disable.mutateAsync({ password, code });
            setMode({ kind: 'idle' });
          }}
        >
          <Text size="sm">{t('twoFactor.disableHint')}</Text>
        </CodeForm>
      )}

      {mode.kind === 'idle' && (
        <Group gap="xs">
          {!status.enabled && (
            <Button onClick={() => start.mutate()} loading={start.isPending} data-testid="two-factor-turn-on">
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
