import { Button } from '@mantine/core';
import type { ApiKey, CreatedApiKey } from '@opencare/schemas/entities/api-keys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../api/trpc';
import { ListView } from '../../components/data/list-view';
import { useNotifications, useNotifyError } from '../../components/notifications/use-notify';
import { BackLink } from '../../components/page/back-link';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { ROUTES } from '../../route-paths';
import { ConfirmDialog } from '../user-management/confirm-dialog';
import { useRevokeApiKeyMutation } from './api-key-queries';
import { ApiKeysTable } from './api-keys-table';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { NewKeyDialog } from './new-key-dialog';

/**
 * /dashboard/api-keys: the keys integrations read the organisation's measurements and daily tasks
 * with (spec §7, second source). Admins create one per integration, see its secret once, and revoke
 * it when the integration goes.
 */
export function ApiKeysPage() {
  const { t } = useTranslation('apiKeys');
  const { notify } = useNotifications();
  const notifyError = useNotifyError();
  const keys = trpc.apiKeys.list.useQuery();
  const revokeKey = useRevokeApiKeyMutation();
  const [creating, setCreating] = useState(false);
  // The secret lives here only while its dialog is open; closing the dialog drops it for good.
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  function onCreated(key: CreatedApiKey) {
    setCreating(false);
    // The dialog showing the key is the feedback: a notification on top of it would cover its title.
    setCreated(key);
  }

  function revoke() {
    if (!revoking) return;
    const { name } = revoking;
    revokeKey.mutate(
      { id: revoking.id },
      {
        onSuccess: () =>
          notify({ id: 'api-key-revoked', message: t('revoke.done', { name }), tone: 'success' }),
        onError: notifyError,
        onSettled: () => setRevoking(null),
      },
    );
  }

  return (
    <PageFrame
      title={t('title')}
      intro={t('intro')}
      back={<BackLink to={ROUTES.dashboard} label={t('allAreas')} />}
      actions={
        <Button onClick={() => setCreating(true)} data-testid="api-key-create">
          {t('create.open')}
        </Button>
      }
      size="lg"
    >
      <ListView query={keys} empty={<EmptyState title={t('list.empty')} hint={t('list.emptyHint')} />}>
        {(list) => <ApiKeysTable keys={list} onRevoke={setRevoking} />}
      </ListView>
      <CreateApiKeyDialog opened={creating} onClose={() => setCreating(false)} onCreated={onCreated} />
      <NewKeyDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        text={
          revoking && {
            title: t('revoke.title', { name: revoking.name }),
            body: t('revoke.body'),
            confirm: t('revoke.confirm'),
          }
        }
        destructive
        busy={revokeKey.isPending}
        onConfirm={revoke}
        onCancel={() => setRevoking(null)}
      />
    </PageFrame>
  );
}
