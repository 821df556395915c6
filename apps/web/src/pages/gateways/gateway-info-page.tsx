import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { GatewayIcon } from '../../components/icons/icons';
import { BackLink } from '../../components/page/back-link';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { ROUTES } from '../../route-paths';

/** One gateway by its display name (spec §2, gateway info). */
export function GatewayInfoPage() {
  const { t } = useTranslation('screens');
  const { gatewayName = '' } = useParams();
  return (
    <PageFrame
      title={t('gateways.info.title', { name: gatewayName })}
      back={<BackLink to={ROUTES.gateways} label={t('gateways.title')} />}
    >
      <EmptyState icon={<GatewayIcon size={28} />} title={t('gateways.info.empty')} hint={t('gateways.info.emptyHint')} />
    </PageFrame>
  );
}
