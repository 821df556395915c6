import { Alert, Badge, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SettingsSection } from '../../settings/settings-section';
import { trpc } from '../../../api/trpc';
import { formatUnit } from '../format';
import { FigureCard } from './figure-card';
import { QueryView } from '../../../components/data/load-state';

/**
 * What visits on this server will really do: the engine chosen above holds only where LiveKit is
 * configured, so the effective engine comes from the server, fetched again after each save.
 */
export function TelemedicineStatus() {
  const { t, i18n } = useTranslation('system');
  const config = trpc.telemedicine.config.useQuery();
  return (
    <SettingsSection
      title={t('telemedicine.status.title')}
      description={t('telemedicine.status.description')}
    >
      <QueryView query={config}>
        {(config) => (
          <Stack gap="sm" data-testid="telemedicine-config">
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <FigureCard
                label={t('telemedicine.livekitOnServer')}
                value={
                  <Badge
                    color={config.livekitAvailable ? 'teal' : 'gray'}
                    variant="light"
                    size="lg"
                    tt="none"
                    data-testid="telemedicine-livekit"
                    data-available={config.livekitAvailable}
                  >
                    {config.livekitAvailable ? t('status.configured') : t('status.notConfigured')}
                  </Badge>
                }
              />
              <FigureCard
                label={t('telemedicine.visitsUse')}
                value={
                  <span data-testid="telemedicine-effective-engine" data-engine={config.callEngine}>
                    {t(`callEngines.${config.callEngine}`)}
                  </span>
                }
              />
            </SimpleGrid>
            <Text size="sm" c="dimmed" data-testid="telemedicine-rules">
              {t('telemedicine.rules', {
                early: formatUnit(config.joinEarlyMinutes, 'minute', i18n.language),
                warning: formatUnit(config.endWarningMinutes, 'minute', i18n.language),
                countdown: formatUnit(config.stayOrLeaveSeconds, 'second', i18n.language),
              })}
            </Text>
            {config.callEngine !== config.configuredEngine && (
              <Alert color="yellow" variant="light" data-testid="telemedicine-fallback">
                {t('telemedicine.fallback', {
                  configured: t(`callEngines.${config.configuredEngine}`),
                  engine: t(`callEngines.${config.callEngine}`),
                })}
              </Alert>
            )}
          </Stack>
        )}
      </QueryView>
    </SettingsSection>
  );
}
