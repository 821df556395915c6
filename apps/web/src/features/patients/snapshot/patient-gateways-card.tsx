import { Group, Stack, Text } from '@mantine/core';
import type { Device, Gateway } from '@opencare/schemas/entities/gateways';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../../api/trpc';
import { QueryView } from '../../../components/data/load-state';
import { useLiveGatewayStatus } from '../../gateways/gateway-queries';
import { GatewayStatusBadge } from '../../gateways/gateway-status-badge';
import { useGatewayFormat } from '../../gateways/use-gateway-format';
import { bothQueries } from '../shared/both-queries';
import { SectionCard } from '../shared/section-card';

/**
 * The patient's home gateways, online or offline live (the snapshot watches the patient, so
 * `gateway:status` reaches it), and the devices each one reads.
 */
export function PatientGatewaysCard({ patientId }: { patientId: string }) {
  const { t } = useTranslation('gateways');
  const format = useGatewayFormat();
  const loaded = bothQueries<Gateway[], Device[]>(
    trpc.gateways.ofPatient.useQuery({ patientId }),
    trpc.devices.ofPatient.useQuery({ patientId }),
  );
  useLiveGatewayStatus();

  return (
    <SectionCard title={t('card.title')} testId="patient-gateways-card">
      <QueryView query={loaded} loading={t('card.loading')}>
        {([gateways, allDevices]) =>
          gateways.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('card.none')}
            </Text>
          ) : (
            <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
              {gateways.map((gateway) => {
                const devices = allDevices.filter((d) => d.gatewayId === gateway.id);
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
          )
        }
      </QueryView>
    </SectionCard>
  );
}
