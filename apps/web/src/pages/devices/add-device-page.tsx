import { useTranslation } from 'react-i18next';
import { BluetoothIcon } from '../../components/icons/icons';
import { BackLink } from '../../components/page/back-link';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { ROUTES } from '../../route-paths';

export function AddDevicePage() {
  const { t } = useTranslation('screens');
  return (
    <PageFrame
      title={t('devices.addTitle')}
      intro={t('devices.addIntro')}
      back={<BackLink to={ROUTES.devices} label={t('devices.title')} />}
    >
      <EmptyState icon={<BluetoothIcon size={28} />} title={t('devices.addEmpty')} hint={t('devices.addEmptyHint')} />
    </PageFrame>
  );
}
