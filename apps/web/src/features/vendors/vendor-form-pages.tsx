import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { BackLink } from '../../components/page/back-link';
import { PageFrame } from '../../components/page/page-frame';
import { useNotifications } from '../../components/notifications/use-notify';
import { pathTo, ROUTES } from '../../route-paths';
import { LoadFailed, Loading } from '../device-profiles/shared/loading';
import { useReloadable } from '../../components/data/use-reloadable';
import { VendorForm } from './vendor-form';
import { createVendor, getVendor, updateVendor } from './vendors-api';

/** /dashboard/vendor/create */
export function VendorCreatePage() {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const { notify } = useNotifications();
  return (
    <PageFrame
      title={t('vendors.createTitle')}
      back={<BackLink to={ROUTES.vendorManagement} label={t('vendors.title')} />}
    >
      <VendorForm
        submitLabel={t('vendors.create')}
        save={createVendor}
        onSaved={(vendor) => {
          notify({
            id: 'vendor-saved',
            message: t('vendors.created', { name: vendor.vendorName }),
            tone: 'success',
          });
          void navigate(pathTo('vendorView', { vendorId: vendor.id }));
        }}
        onCancel={() => void navigate(ROUTES.vendorManagement)}
      />
    </PageFrame>
  );
}

/** /dashboard/vendor/:vendorId/edit */
export function VendorEditPage() {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const { notify } = useNotifications();
  const { vendorId = '' } = useParams();
  const load = useCallback(() => getVendor(vendorId), [vendorId]);
  const { state, reload } = useReloadable(load);
  const viewPath = pathTo('vendorView', { vendorId });
  return (
    <PageFrame
      title={
        state.status === 'loaded'
          ? t('vendors.editTitle', { name: state.data.vendorName })
          : t('vendors.title')
      }
      back={<BackLink to={viewPath} label={t('vendors.backToVendor')} />}
    >
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && <LoadFailed error={state.error} onRetry={reload} />}
      {state.status === 'loaded' && (
        <VendorForm
          vendor={state.data}
          submitLabel={t('common.save')}
          save={(body) => updateVendor(vendorId, body)}
          onSaved={() => {
            notify({ id: 'vendor-saved', message: t('vendors.saved'), tone: 'success' });
            void navigate(viewPath);
          }}
          onCancel={() => void navigate(viewPath)}
        />
      )}
    </PageFrame>
  );
}
