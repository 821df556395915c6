import { useTranslation } from 'react-i18next';
import { BluetoothIcon } from '../../components/icons/icons';
import { BackLink } from '../../components/page/back-link';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { ROUTES } from '../../route-paths';

/** Passing Wi-Fi details to a gateway over Bluetooth (native-device condition, spec §2). */
export function GatewayWifiPage() {
  const { t } = useTranslation('screens');
  return (
    <PageFrame
      title={t('gateways.wifi.title')}
      intro={t('gateways.wifi.intro')}
      back={<BackLink to={ROUTES.gateways} label={t('gateways.title')} />}
    >
      <EmptyState icon={<BluetoothIcon size={28} />} title={t('gateways.wifi.empty')} hint={t('gateways.wifi.emptyHint')} />
    </PageFrame>
  );
}
