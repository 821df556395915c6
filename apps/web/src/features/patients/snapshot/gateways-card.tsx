import { Stack, Text } from '@mantine/core';
import type { PatientSnapshot } from '@opencare/schemas/entities/patients';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../shared/section-card';

/** The patient's home gateways and their devices (they arrive with a later feature; until then: none). */
export function GatewaysCard({ gateways }: { gateways: PatientSnapshot['gateways'] }) {
  const { t } = useTranslation('patients');
  return (
    <SectionCard title={t('gateways.title')} testId="gateways-card">
      {gateways.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('gateways.none')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {gateways.map((gateway) => (
            <li key={gateway.id}>
              <Text size="sm">
                {gateway.displayName} · {gateway.status}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
