import { Group, Stack, Text } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { listPatientDevices } from '../../devices/devices-api';
import { GatewayStatusBadge } from '../../gateways/gateway-status-badge';
import { listPatientGateways } from '../../gateways/gateways-api';
import { useGatewayFormat } from '../../gateways/use-gateway-format';
import { useLiveGateways } from '../../gateways/use-live-gateways';
import { LoadFailed, Loading } from '../shared/load-state';
import { SectionCard } from '../shared/section-card';
import { useLoaded } from '../shared/use-loaded';

/**
 * The patient's home gateways, online or offline live (the snapshot watches the patient, so
 * `gateway:status` reaches it), and the devices each one reads.
 */
export function PatientGatewaysCard({ patientId }: { patientId: string }) {
  const { t } = useTranslation('gateways');
  const format = useGatewayFormat();
  const load = useCallback(async () => {
    const [gateways, devices] = await Promise.all([
      listPatientGateways(patientId),
      listPatientDevices(patientId),
    ]);
    return { gateways, devices };
  }, [patientId]);
  const { state, reload } = useLoaded(load);
  const gateways = useLiveGateways(state.status === 'loaded' ? state.data.gateways : []);

  return (
    <SectionCard title={t('card.title')} testId="patient-gateways-card">
      {state.status === 'loading' && <Loading label={t('card.loading')} />}
      {state.status === 'failed' && <LoadFailed error={state.error} onRetry={reload} />}
      {state.status === 'loaded' && gateways.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('card.none')}
        </Text>
      )}
      {gateways.length > 0 && state.status === 'loaded' && (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {gateways.map((gateway) => {
            const devices = state.data.devices.filter((d) => d.gatewayId === gateway.id);
            return (
              <li key={gateway.id} data-testid="patient-gateway">
                <Stack gap={4}>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {gateway.displayName}
                    </Text>
                    <GatewayStatusBadge status={gateway.status} />
                  </Group>
                  <Text size="xs" c="dimmed">
                    {gateway.lastSeenAt
                      ? t('lastSeen', { when: format.dateTime(gateway.lastSeenAt) })
                      : t('notSeen')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('card.devices')}:{' '}
                    {devices.length === 0
                      ? t('card.noDevices')
                      : devices.map((d) => `${d.name} (${t(`measurement.${d.measurement}`)})`).join(', ')}
                  </Text>
                </Stack>
              </li>
            );
          })}
        </Stack>
      )}
    </SectionCard>
  );
}
