import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { NearbyDevice } from '@opencare/schemas/entities/gateways';
import { useTranslation } from 'react-i18next';
import { SignalBars } from '../gateways/signal-bars';
import { useGatewayFormat } from '../gateways/use-gateway-format';

interface NearbyDevicesProps {
  devices: NearbyDevice[];
  chosen: string | null;
  onChoose: (device: NearbyDevice) => void;
}

/** What the gateway heard: signal bucket (spec §9), rough distance and the measurement offered. */
export function NearbyDevices({ devices, chosen, onChoose }: NearbyDevicesProps) {
  const { t } = useTranslation('gateways');
  const format = useGatewayFormat();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="nearby-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="nearby-title">
          {t('devices.nearby')}
        </Title>
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {devices.map((device) => {
            const name = device.name ?? t('devices.unnamed');
            const isChosen = chosen === device.address;
            return (
              <Paper
                component="li"
                key={device.address}
                withBorder
                radius="sm"
                p="sm"
                data-testid="nearby-device"
                bg={isChosen ? 'var(--mantine-primary-color-light)' : undefined}
              >
                <Group justify="space-between" gap="sm" align="center" wrap="nowrap">
                  <Stack gap={2} miw={0} style={{ flex: 1 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      <bdi dir="ltr">{device.address}</bdi>
                    </Text>
                    <Group gap="sm" wrap="wrap">
                      <SignalBars bucket={device.signal} />
                      <Text size="sm" c="dimmed" data-testid="nearby-distance">
                        {t('devices.distance', { distance: format.distance(device.distanceM) })}
                      </Text>
                    </Group>
                    <Badge
                      variant="light"
                      color={device.measurement ? 'blue' : 'gray'}
                      w="fit-content"
                      data-testid="nearby-measurement"
                    >
                      {t(`measurement.${device.measurement ?? 'none'}`)}
                    </Badge>
                  </Stack>
                  <Button
                    style={{ flexShrink: 0 }}
                    variant={isChosen ? 'filled' : 'light'}
                    onClick={() => onChoose(device)}
                    aria-pressed={isChosen}
                    aria-label={`${isChosen ? t('devices.chosen') : t('devices.choose')}: ${name}`}
                  >
                    {isChosen ? t('devices.chosen') : t('devices.choose')}
                  </Button>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}
