import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BluetoothIcon } from '../../components/icons/icons';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { ROUTES } from '../../route-paths';

/** Bluetooth health devices paired with this phone (native-device condition, spec §2). */
export function DevicesPage() {
  const { t } = useTranslation('screens');
  return (
    <PageFrame
      title={t('devices.title')}
      intro={t('devices.intro')}
      actions={
        <Button component={Link} to={ROUTES.addDevice}>
          {t('devices.add')}
        </Button>
      }
    >
      <EmptyState icon={<BluetoothIcon size={28} />} title={t('devices.empty')} hint={t('devices.emptyHint')} />
    </PageFrame>
  );
}
