import { Badge, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SettingsSection } from '../../settings/settings-section';
import { formatDateTime, formatNumber, formatUptime } from '../format';
import { trpc } from '../../../api/trpc';
import { FigureCard } from './figure-card';
import { QueryView } from '../../../components/data/load-state';

function Configured({ on }: { on: boolean }) {
  const { t } = useTranslation('system');
  return (
    <Badge color={on ? 'teal' : 'gray'} variant="light" size="lg" tt="none">
      {on ? t('status.configured') : t('status.notConfigured')}
    </Badge>
  );
}

/** The running server: what it is, what it is connected to, and the error log the retention trims. */
export function SystemStatusFigures() {
  const { t, i18n } = useTranslation('system');
  const language = i18n.language;
  const status = trpc.reports.systemStatus.useQuery();
  return (
    <SettingsSection
      title={t('systemManagement.status.title')}
      description={t('systemManagement.status.description')}
    >
      <QueryView query={status}>
        {(status) => (
          <SimpleGrid cols={{ base: 2, md: 3 }} spacing="sm" data-testid="system-status">
            <FigureCard label={t('systemManagement.version')} value={<bdi>{status.version}</bdi>} />
            <FigureCard
              label={t('systemManagement.database')}
              value={t(`systemManagement.databases.${status.database}`)}
            />
            <FigureCard
              label={t('systemManagement.uptime')}
              value={formatUptime(status.uptimeSeconds, language)}
            />
            <FigureCard label={t('systemManagement.redis')} value={<Configured on={status.redis} />} />
            <FigureCard label={t('systemManagement.smtp')} value={<Configured on={status.smtp} />} />
            <FigureCard label={t('systemManagement.livekit')} value={<Configured on={status.livekit} />} />
            <FigureCard
              label={t('systemManagement.errorLogEntries')}
              value={formatNumber(status.errorLogEntries, language)}
              testId="system-error-log-entries"
            />
            <FigureCard
              label={t('systemManagement.oldestErrorLog')}
              value={
                status.oldestErrorLogAt
                  ? formatDateTime(status.oldestErrorLogAt, language)
                  : t('systemManagement.noErrors')
              }
            />
          </SimpleGrid>
        )}
      </QueryView>
    </SettingsSection>
  );
}
