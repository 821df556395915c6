import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { BackLink } from '../../components/page/back-link';
import { PageFrame } from '../../components/page/page-frame';
import { useNotifications } from '../../components/notifications/use-notify';
import { pathTo, ROUTES } from '../../route-paths';
import { trpc } from '../../api/trpc';
import { QueryView } from '../../components/data/load-state';
import { VendorForm } from './vendor-form';
import { useCreateVendorMutation, useUpdateVendorMutation } from './vendor-queries';

/** /dashboard/vendor/create */
export function VendorCreatePage() {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const { notify } = useNotifications();
  const create = useCreateVendorMutation();
  return (
    <PageFrame
      title={t('vendors.createTitle')}
      back={<BackLink to={ROUTES.vendorManagement} label={t('vendors.title')} />}
    >
      <VendorForm
        submitLabel={t('vendors.create')}
        save={(body) => create.mutateAsync(body)}
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
  const vendor = trpc.vendors.get.useQuery({ id: vendorId });
  const update = useUpdateVendorMutation();
  const viewPath = pathTo('vendorView', { vendorId });
  return (
    <PageFrame
      title={vendor.data ? t('vendors.editTitle', { name: vendor.data.vendorName }) : t('vendors.title')}
      back={<BackLink to={viewPath} label={t('vendors.backToVendor')} />}
    >
      <QueryView query={vendor}>
        {(saved) => (
          <VendorForm
            vendor={saved}
            submitLabel={t('common.save')}
            save={(changes) => update.mutateAsync({ id: vendorId, changes })}
            onSaved={() => {
              notify({ id: 'vendor-saved', message: t('vendors.saved'), tone: 'success' });
              void navigate(viewPath);
            }}
            onCancel={() => void navigate(viewPath)}
          />
        )}
      </QueryView>
    </PageFrame>
  );
}
