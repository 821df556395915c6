import { useTranslation } from 'react-i18next';
import { DashboardIcon } from '../../components/icons/icons';
import { BackLink } from '../../components/page/back-link';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { ROUTES } from '../../route-paths';
import type { DashboardArea } from './dashboard-areas';

/** A dashboard area whose settings arrive with later features. */
export function AreaPage({ area }: { area: DashboardArea }) {
  const { t } = useTranslation('screens');
  return (
    <PageFrame
      title={t(`dashboard.areas.${area}.title`)}
      intro={t(`dashboard.areas.${area}.description`)}
      back={<BackLink to={ROUTES.dashboard} label={t('dashboard.allAreas')} />}
    >
      <EmptyState icon={<DashboardIcon size={28} />} title={t('dashboard.areaEmpty')} hint={t('dashboard.areaEmptyHint')} />
    </PageFrame>
  );
}
