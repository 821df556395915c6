import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { GatewayIcon } from '../../components/icons/icons';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { ROUTES } from '../../route-paths';

/** The patient's home gateways (spec §2). */
export function GatewaysPage() {
  const { t } = useTranslation('screens');
  return (
    <PageFrame
      title={t('gateways.title')}
      intro={t('gateways.intro')}
      actions={
        <Button component={Link} to={ROUTES.gatewaySetup}>
          {t('gateways.setUp')}
        </Button>
      }
    >
      <EmptyState icon={<GatewayIcon size={28} />} title={t('gateways.empty')} hint={t('gateways.emptyHint')} />
    </PageFrame>
  );
}
