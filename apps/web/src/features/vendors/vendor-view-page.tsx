import { Anchor, Button, DataList, Paper, Stack, Title } from '@mantine/core';
import type { Vendor } from '@opencare/schemas/entities/devices';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { BackLink } from '../../components/page/back-link';
import { PageFrame } from '../../components/page/page-frame';
import { useNotifications, useNotifyError } from '../../components/notifications/use-notify';
import { pathTo, ROUTES } from '../../route-paths';
import { ConfirmDialog } from '../device-profiles/shared/confirm-dialog';
import { LoadFailed, Loading } from '../device-profiles/shared/loading';
import { useReloadable } from '../../components/data/use-reloadable';
import { IdentifierList } from './identifier-list';
import { deleteVendor, getVendor } from './vendors-api';

/** /dashboard/vendor/:vendorId — a vendor, its Bluetooth identifiers, edit and delete. */
export function VendorViewPage() {
  const { t } = useTranslation('devices');
  const { vendorId = '' } = useParams();
  const load = useCallback(() => getVendor(vendorId), [vendorId]);
  const { state, reload } = useReloadable(load);
  // Identifier changes answer with the whole vendor: shown at once, no reload.
  const [changed, setChanged] = useState<Vendor | null>(null);
  const vendor = changed?.id === vendorId ? changed : state.status === 'loaded' ? state.data : null;

  return (
    <PageFrame
      title={vendor?.vendorName ?? t('vendors.title')}
      back={<BackLink to={ROUTES.vendorManagement} label={t('vendors.title')} />}
      actions={vendor && <VendorActions vendor={vendor} />}
    >
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && <LoadFailed error={state.error} onRetry={reload} />}
      {vendor && (
        <>
          <VendorDetails vendor={vendor} />
          <Paper withBorder radius="md" p="lg">
            <Stack gap="lg">
              <Title order={2} size="h4">
                {t('vendors.identifiers')}
              </Title>
              <IdentifierList vendor={vendor} kind="oui" onChange={setChanged} />
              <IdentifierList vendor={vendor} kind="companyIdentifier" onChange={setChanged} />
            </Stack>
          </Paper>
        </>
      )}
    </PageFrame>
  );
}

function VendorDetails({ vendor }: { vendor: Vendor }) {
  const { t } = useTranslation('devices');
  const rows = [
    ['contactPerson', vendor.contactPerson],
    ['address', vendor.address],
    ['taxId', vendor.taxId],
  ] as const;
  return (
    <Paper withBorder radius="md" p="lg">
      <DataList
        labelWidth="9rem"
        withDivider
        data-testid="vendor-details"
        style={{ overflowWrap: 'anywhere' }}
      >
        {rows.map(([key, value]) => (
          <DataList.Item key={key}>
            <DataList.ItemLabel>{t(`vendors.fields.${key}`)}</DataList.ItemLabel>
            <DataList.ItemValue>{value ?? '—'}</DataList.ItemValue>
          </DataList.Item>
        ))}
        <DataList.Item>
          <DataList.ItemLabel>{t('vendors.fields.website')}</DataList.ItemLabel>
          <DataList.ItemValue>
            {vendor.website ? (
              <Anchor href={vendor.website} target="_blank" rel="noreferrer noopener">
                <bdi>{vendor.website}</bdi>
              </Anchor>
            ) : (
              '—'
            )}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList>
    </Paper>
  );
}

function VendorActions({ vendor }: { vendor: Vendor }) {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const { notify } = useNotifications();
  const notifyError = useNotifyError();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      await deleteVendor(vendor.id);
      notify({
        id: 'vendor-deleted',
        message: t('vendors.deleted', { name: vendor.vendorName }),
        tone: 'success',
      });
      void navigate(ROUTES.vendorManagement);
    } catch (error) {
      notifyError(error);
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <>
      <Button component={Link} to={pathTo('vendorEdit', { vendorId: vendor.id })} variant="default">
        {t('common.edit')}
      </Button>
      <Button variant="light" color="red" onClick={() => setConfirming(true)}>
        {t('common.delete')}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={t('vendors.deleteTitle', { name: vendor.vendorName })}
        body={t('vendors.deleteBody')}
        confirm={t('common.delete')}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
