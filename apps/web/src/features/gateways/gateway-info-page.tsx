import { Anchor, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { updateGatewayInputSchema, type Device, type Gateway } from '@opencare/schemas/entities/gateways';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { trpc } from '../../api/trpc';
import { LoadFailed, Loading } from '../../components/data/load-state';
import { GatewayIcon } from '../../components/icons/icons';
import { useNotifications } from '../../components/notifications/use-notify';
import { BackLink } from '../../components/page/back-link';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { pathTo, ROUTES } from '../../route-paths';
import { ConfirmDialog } from '../patients/care-plan/confirm-dialog';
import { Detail } from '../patients/shared/detail-list';
import { bothQueries } from '../patients/shared/both-queries';
import { findGateway, gatewayPath } from './gateway-links';
import { formatMac } from './gateway-setup-page';
import { GatewayStatusBadge } from './gateway-status-badge';
import { useLiveGatewayStatus, useRemoveGatewayMutation, useRenameGatewayMutation } from './gateway-queries';
import { RenameDialog } from './rename-dialog';
import { useGatewayFormat } from './use-gateway-format';

/** /gateways/:gatewayName: everything a gateway reports (spec §3), live status, rename, remove. */
export function GatewayInfoPage() {
  const { t } = useTranslation('gateways');
  const param = useParams().gatewayName ?? '';
  const loaded = bothQueries<Gateway[], Device[]>(
    trpc.gateways.mine.useQuery(),
    trpc.devices.mine.useQuery(),
  );
  useLiveGatewayStatus();
  const gateways = loaded.data?.[0] ?? [];
  const gateway = findGateway(gateways, param);
  const back = <BackLink to={ROUTES.gateways} label={t('info.backToList')} />;

  if (loaded.status !== 'success' || !gateway) {
    return (
      <PageFrame title={t('info.title', { name: param })} back={back}>
        {loaded.status === 'pending' && <Loading label={t('loading')} />}
        {loaded.status === 'error' && <LoadFailed error={loaded.error} onRetry={loaded.refetch} />}
        {loaded.status === 'success' && (
          <EmptyState
            icon={<GatewayIcon size={28} />}
            title={t('info.notFound')}
            hint={t('info.notFoundHint', { name: param })}
          />
        )}
      </PageFrame>
    );
  }
  const devices = (loaded.data?.[1] ?? []).filter((device) => device.gatewayId === gateway.id);
  return <GatewayDetails gateway={gateway} all={gateways} devices={devices} back={back} />;
}

/** Label and value pairs in as many columns as fit: one on a phone. */
export const GRID = {
  display: 'grid',
  gap: 'var(--mantine-spacing-sm)',
  gridTemplateColumns: 'repeat(auto-fill, minmax(13rem, 1fr))',
} as const;

interface DetailsProps {
  gateway: Gateway;
  all: Gateway[];
  devices: { id: string; name: string }[];
  back: ReactNode;
}

function GatewayDetails({ gateway, all, devices, back }: DetailsProps) {
  const { t } = useTranslation('gateways');
  const format = useGatewayFormat();
  const navigate = useNavigate();
  const { notify } = useNotifications();
  const renameMutation = useRenameGatewayMutation();
  const removeMutation = useRemoveGatewayMutation();
  const [dialog, setDialog] = useState<'rename' | 'remove' | null>(null);
  const text = (value: string | null) => value ?? t('unknown');
  const list = (values: string[]) => (values.length > 0 ? values.join(', ') : t('unknown'));

  async function rename(displayName: string) {
    const renamed = await renameMutation.mutateAsync({ id: gateway.id, changes: { displayName } });
    const others = all.map((g) => (g.id === renamed.id ? renamed : g));
    setDialog(null);
    notify({
      id: 'gateway-renamed',
      message: t('info.renamed', { name: renamed.displayName }),
      tone: 'success',
    });
    // The address carries the name: follow it.
    void navigate(gatewayPath(renamed, others), { replace: true });
  }

  async function remove() {
    await removeMutation.mutateAsync({ id: gateway.id });
    notify({
      id: 'gateway-removed',
      message: t('info.removed', { name: gateway.displayName }),
      tone: 'success',
    });
    void navigate(ROUTES.gateways);
  }

  return (
    <PageFrame
      title={t('info.title', { name: gateway.displayName })}
      back={back}
      actions={
        <>
          <Button variant="default" onClick={() => setDialog('rename')}>
            {t('rename')}
          </Button>
          <Button variant="light" color="red" onClick={() => setDialog('remove')}>
            {t('remove')}
          </Button>
        </>
      }
    >
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="gateway-details-title">
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Title order={2} size="h4" id="gateway-details-title">
              {t('details')}
            </Title>
            <GatewayStatusBadge status={gateway.status} />
          </Group>
          <Box component="dl" m={0} style={GRID}>
            <Detail label={t('fields.displayName')}>{gateway.displayName}</Detail>
            <Detail label={t('fields.lastSeenAt')} testId="gateway-last-seen">
              {gateway.lastSeenAt ? format.dateTime(gateway.lastSeenAt) : t('never')}
            </Detail>
            <Detail label={t('fields.serial')}>{text(gateway.serial)}</Detail>
            <Detail label={t('fields.model')}>{text(gateway.model)}</Detail>
            <Detail label={t('fields.os')}>{text(gateway.os)}</Detail>
            <Detail label={t('fields.version')}>{text(gateway.version)}</Detail>
            <Detail label={t('fields.bluetoothVersion')}>{text(gateway.bluetoothVersion)}</Detail>
            <Detail label={t('fields.bluetoothAdapters')}>{list(gateway.bluetoothAdapters)}</Detail>
            <Detail label={t('fields.btAddress')}>
              <bdi>{text(gateway.btAddress)}</bdi>
            </Detail>
            <Detail label={t('fields.macAddress')}>
              <bdi>{list(gateway.macAddress.map(formatMac))}</bdi>
            </Detail>
            <Detail label={t('fields.localIp')}>
              <bdi>{text(gateway.localIp)}</bdi>
            </Detail>
            <Detail label={t('fields.publicIp')}>
              <bdi>{text(gateway.publicIp)}</bdi>
            </Detail>
            <Detail label={t('fields.nxwId')}>{text(gateway.nxwId)}</Detail>
            <Detail label={t('fields.addedAt')}>
              {gateway.addedAt ? format.dateTime(gateway.addedAt) : t('unknown')}
            </Detail>
          </Box>
          <Group gap="sm">
            <Button component={Link} to={`${ROUTES.gatewayWifi}?gateway=${gateway.id}`} variant="light">
              {t('info.connectWifi')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="gateway-devices-title">
        <Stack gap="sm">
          <Group justify="space-between" gap="sm">
            <Title order={2} size="h4" id="gateway-devices-title">
              {t('info.devices')}
            </Title>
            <Button
              component={Link}
              to={`${ROUTES.addDevice}?gateway=${gateway.id}`}
              variant="subtle"
              size="compact-sm"
            >
              {t('info.addDevice')}
            </Button>
          </Group>
          {devices.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('info.noDevices')}
            </Text>
          ) : (
            <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
              {devices.map((device) => (
                <li key={device.id}>
                  <Anchor component={Link} to={pathTo('deviceInfo', { deviceId: device.id })}>
                    {device.name}
                  </Anchor>
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      </Paper>
      <RenameDialog
        key={`${gateway.id}-${String(dialog === 'rename')}`}
        opened={dialog === 'rename'}
        title={t('info.renameTitle')}
        label={t('fields.displayName')}
        initial={gateway.displayName}
        onClose={() => setDialog(null)}
        nameSchema={updateGatewayInputSchema.shape.displayName}
        serverField="changes.displayName"
        onSave={rename}
      />
      <ConfirmDialog
        opened={dialog === 'remove'}
        title={t('info.removeTitle', { name: gateway.displayName })}
        body={t('info.removeBody')}
        confirmLabel={t('remove')}
        onClose={() => setDialog(null)}
        onConfirm={remove}
      />
    </PageFrame>
  );
}
