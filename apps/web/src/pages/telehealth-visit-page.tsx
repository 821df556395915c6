import { Code, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { CalendarIcon } from '../components/icons/icons';
import { EmptyState } from '../components/page/empty-state';
import { PageFrame } from '../components/page/page-frame';

/** A video visit by its code (spec §2, simple layout, login required). */
export function TelehealthVisitPage() {
  const { t } = useTranslation('screens');
  const { visitCode = '' } = useParams();
  return (
    <PageFrame title={t('telehealthVisit.title')}>
      <Group gap="xs">
        <Text c="dimmed">{t('telehealthVisit.code')}</Text>
        <Code data-testid="visit-code">
          <bdi>{visitCode}</bdi>
        </Code>
      </Group>
      <EmptyState icon={<CalendarIcon size={28} />} title={t('telehealthVisit.empty')} hint={t('telehealthVisit.emptyHint')} />
    </PageFrame>
  );
}
