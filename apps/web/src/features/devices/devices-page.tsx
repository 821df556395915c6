import { Anchor, Box, Button, Group, Paper, Stack } from '@mantine/core';
import type { Device } from '@opencare/schemas/entities/gateways';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { trpc } from '../../api/trpc';
import { ItemList, ListView } from '../../components/data/list-view';
import { BluetoothIcon } from '../../components/icons/icons';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { pathTo, ROUTES } from '../../route-paths';
import { GRID } from '../gateways/gateway-info-page';
import { useGatewayFormat } from '../gateways/use-gateway-format';
import { Detail } from '../patients/shared/detail-list';

/** /devices: the health devices the patient's gateways read (native-device condition, spec §2). */
export function DevicesPage() {
  const { t } = useTranslation('gateways');
  const mine = trpc.devices.mine.useQuery();
  return (
    <PageFrame
      title={t('devices.title')}
      intro={t('devices.intro')}
      actions={
        <Button component={Link} to={ROUTES.addDevice}>
          {t('devices.add')}
        </Button>
      }
    >
      <ListView
        query={mine}
        loading={t('devices.loading')}
        empty={<EmptyState icon={<BluetoothIcon size={28} />} title={t('devices.empty')} hint={t('devices.emptyHint')} />}
      >
        {(devices) => (
          <ItemList label={t('devices.listLabel')}>
            {devices.map((device) => (
              <DeviceRow key={device.id} device={device} />
            ))}
          </ItemList>
        )}
      </ListView>
    </PageFrame>
  );
}

function DeviceRow({ device }: { device: Device }) {
  const { t } = useTranslation('gateways');
  const format = useGatewayFormat();
  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid="device-row">
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap">
          <BluetoothIcon size={22} />
          <Anchor component={Link} to={pathTo('deviceInfo', { deviceId: device.id })} fw={600}>
            {device.name}
          </Anchor>
        </Group>
        <Box component="dl" m={0} style={GRID}>
          <Detail label={t('devices.fields.measurement')}>{t(`measurement.${device.measurement}`)}</Detail>
          <Detail label={t('devices.fields.gateway')}>{device.gatewayName}</Detail>
          <Detail label={t('devices.fields.battery')}>
            {device.batteryLevel === null
              ? t('unknown')
              : t('devices.battery', { value: format.whole(device.batteryLevel) })}
          </Detail>
          <Detail label={t('devices.fields.manufacturer')}>{device.manufacturer ?? t('unknown')}</Detail>
          <Detail label={t('devices.fields.lastReading')}>
            {device.lastReadingAt ? format.dateTime(device.lastReadingAt) : t('devices.noReading')}
          </Detail>
        </Box>
      </Stack>
    </Paper>
  );
}
