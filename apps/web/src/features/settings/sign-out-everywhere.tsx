import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../session/use-session';
import { useApiErrorText } from '../../components/form/use-api-error-text';
import { trpc } from '../../api/trpc';

/** Ends every session of the user, this one included, after a confirmation; then the login page. */
export function SignOutEverywhere() {
  const { t } = useTranslation('settings');
  const errorText = useApiErrorText();
  const { logout } = useSession();
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  // Busy from the click until the login page: the logout that follows is part of it.
  const [leaving, setLeaving] = useState(false);
  const everywhere = trpc.auth.logoutEverywhere.useMutation({
    onSuccess: async () => {
      setLeaving(true);
      // The server has ended this session too; the session hook forgets it here (its own logout
      // call may be refused now, which it tolerates) and the login page comes next.
      await logout();
      await navigate('/login', { replace: true });
    },
  });
  const busy = everywhere.isPending || leaving;
  const failure = everywhere.error;

  return (
    <>
      <Group>
        <Button color="red" variant="light" onClick={open} data-testid="sign-out-everywhere">
          {t('security.signOutEverywhere')}
        </Button>
      </Group>
      <Modal opened={opened} onClose={close} title={t('security.confirmTitle')} centered>
        <Stack>
          <Text>{t('security.confirmBody')}</Text>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {errorText(failure)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('security.cancel')}
            </Button>
            <Button
              color="red"
              loading={busy}
              onClick={() => everywhere.mutate()}
              data-testid="confirm-sign-out-everywhere"
            >
              {t('security.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
