import { Anchor, Box, Button, Paper } from '@mantine/core';
import { deviceNameSchema, type Device } from '@opencare/schemas/entities/gateways';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError, asApiError } from '../../api/api-error';
import { trpc } from '../../api/trpc';
import { LoadFailed, Loading } from '../../components/data/load-state';
import { BluetoothIcon } from '../../components/icons/icons';
import { useNotifications } from '../../components/notifications/use-notify';
import { BackLink } from '../../components/page/back-link';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { pathTo, ROUTES } from '../../route-paths';
import { GRID } from '../gateways/gateway-info-page';
import { RenameDialog } from '../gateways/rename-dialog';
import { useGatewayFormat } from '../gateways/use-gateway-format';
import { ConfirmDialog } from '../patients/care-plan/confirm-dialog';
import { Detail } from '../patients/shared/detail-list';
import { useRemoveDeviceMutation, useRenameDeviceMutation } from './device-queries';
import { UserSlotDialog } from './user-slot-dialog';


/** /devices/:deviceId: one paired device, renamed, given the patient's user number on it, or removed here. */
export function DeviceInfoPage() {
  const { t } = useTranslation('gateways');
  const deviceId = useParams().deviceId ?? '';
  const query = trpc.devices.get.useQuery({ id: deviceId });
  const back = <BackLink to={ROUTES.devices} label={t('devices.title')} />;
  if (query.status !== 'success') {
    // A malformed id or someone else's device is simply not found (404, or 400 for a bad id).
    const failure = asApiError(query.error);
    const missing =
      query.status === 'error' && failure instanceof ApiError && [400, 403, 404].includes(failure.status);
    return (
      <PageFrame title={t('devices.infoTitle')} back={back}>
        {query.status === 'pending' && <Loading label={t('devices.loading')} />}
        {missing && (
          <EmptyState
            icon={<BluetoothIcon size={28} />}
            title={t('devices.notFound')}
            hint={t('devices.notFoundHint')}
          />
        )}
        {query.status === 'error' && !missing && (
          <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
        )}
      </PageFrame>
    );
  }
  return <DeviceDetails device={query.data} back={back} />;
}

function DeviceDetails({ device, back }: { device: Device; back: ReactNode }) {
  const { t } = useTranslation('gateways');
  const format = useGatewayFormat();
  const navigate = useNavigate();
  const { notify } = useNotifications();
  const renameMutation = useRenameDeviceMutation();
  const removeMutation = useRemoveDeviceMutation();
  const [dialog, setDialog] = useState<'rename' | 'userSlot' | 'remove' | null>(null);

  async function rename(name: string) {
    const renamed = await renameMutation.mutateAsync({ id: device.id, changes: { name } });
    setDialog(null);
    notify({ id: 'device-renamed', message: t('devices.renamed', { name: renamed.name }), tone: 'success' });
  }

  async function saveUserSlot(userSlot: number | null) {
    const saved = await renameMutation.mutateAsync({ id: device.id, changes: { userSlot } });
    setDialog(null);
    notify({ id: 'device-user-slot', message: t('devices.userSlotSaved', { name: saved.name }), tone: 'success' });
  }

  async function remove() {
    await removeMutation.mutateAsync({ id: device.id });
    notify({ id: 'device-removed', message: t('devices.removed', { name: device.name }), tone: 'success' });
    void navigate(ROUTES.devices);
  }

  return (
    <PageFrame
      title={device.name}
      back={back}
      actions={
        <>
          <Button variant="default" onClick={() => setDialog('rename')}>
            {t('rename')}
          </Button>
          <Button variant="default" onClick={() => setDialog('userSlot')}>
            {t('devices.changeUserSlot')}
          </Button>
          <Button variant="light" color="red" onClick={() => setDialog('remove')}>
            {t('remove')}
          </Button>
        </>
      }
    >
      <Paper withBorder radius="md" p="md">
        <Box component="dl" m={0} style={GRID}>
          <Detail label={t('devices.fields.measurement')}>{t(`measurement.${device.measurement}`)}</Detail>
          <Detail label={t('devices.fields.gateway')}>
            <Anchor component={Link} to={pathTo('gatewayInfo', { gatewayName: device.gatewayId })}>
              {device.gatewayName}
            </Anchor>
          </Detail>
          <Detail label={t('devices.fields.battery')}>
            {device.batteryLevel === null
              ? t('unknown')
              : t('devices.battery', { value: format.whole(device.batteryLevel) })}
          </Detail>
          <Detail label={t('devices.fields.manufacturer')}>{device.manufacturer ?? t('unknown')}</Detail>
          <Detail label={t('devices.fields.lastReading')}>
            {device.lastReadingAt ? format.dateTime(device.lastReadingAt) : t('devices.noReading')}
          </Detail>
          <Detail label={t('devices.fields.address')}>
            <bdi>{device.address}</bdi>
          </Detail>
          <Detail label={t('devices.fields.profile')}>{device.profileName}</Detail>
          <Detail label={t('devices.fields.userSlot')}>
            {device.userSlot === null ? t('devices.userSlotNone') : format.whole(device.userSlot)}
          </Detail>
          <Detail label={t('devices.fields.addedAt')}>{format.dateTime(device.addedAt)}</Detail>
        </Box>
      </Paper>
      <RenameDialog
        key={`${device.id}-${String(dialog === 'rename')}`}
        opened={dialog === 'rename'}
        title={t('devices.renameTitle')}
        label={t('devices.fields.name')}
        initial={device.name}
        onClose={() => setDialog(null)}
        nameSchema={deviceNameSchema}
        serverField="changes.name"
        onSave={rename}
      />
      <UserSlotDialog
        key={`${device.id}-slot-${String(dialog === 'userSlot')}`}
        opened={dialog === 'userSlot'}
        device={device}
        onClose={() => setDialog(null)}
        onSave={saveUserSlot}
      />
      <ConfirmDialog
        opened={dialog === 'remove'}
        title={t('devices.removeTitle', { name: device.name })}
        body={t('devices.removeBody')}
        confirmLabel={t('remove')}
        onClose={() => setDialog(null)}
        onConfirm={remove}
      />
    </PageFrame>
  );
}
