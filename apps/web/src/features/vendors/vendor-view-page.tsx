import { Anchor, Button, DataList, Paper, Stack, Title } from '@mantine/core';
import type { Vendor } from '@opencare/schemas/entities/devices';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { BackLink } from '../../components/page/back-link';
import { PageFrame } from '../../components/page/page-frame';
import { useNotifications, useNotifyError } from '../../components/notifications/use-notify';
import { pathTo, ROUTES } from '../../route-paths';
import { ConfirmDialog } from '../device-profiles/shared/confirm-dialog';
import { trpc } from '../../api/trpc';
import { QueryView } from '../../components/data/load-state';
import { IdentifierList } from './identifier-list';
import { useDeleteVendorMutation } from './vendor-queries';

/** /dashboard/vendor/:vendorId — a vendor, its Bluetooth identifiers, edit and delete. */
export function VendorViewPage() {
  const { t } = useTranslation('devices');
  const { vendorId = '' } = useParams();
  // Identifier changes answer with the whole vendor, written into this query: shown at once.
  const query = trpc.vendors.get.useQuery({ id: vendorId });
  const vendor = query.data;

  return (
    <PageFrame
      title={vendor?.vendorName ?? t('vendors.title')}
      back={<BackLink to={ROUTES.vendorManagement} label={t('vendors.title')} />}
      actions={vendor && <VendorActions vendor={vendor} />}
    >
      <QueryView query={query}>
        {(vendor) => (
          <>
            <VendorDetails vendor={vendor} />
            <Paper withBorder radius="md" p="lg">
              <Stack gap="lg">
                <Title order={2} size="h4">
                  {t('vendors.identifiers')}
                </Title>
                <IdentifierList vendor={vendor} kind="oui" />
                <IdentifierList vendor={vendor} kind="companyIdentifier" />
              </Stack>
            </Paper>
          </>
        )}
      </QueryView>
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
  const deletion = useDeleteVendorMutation();

  function remove() {
    deletion.mutate(
      { id: vendor.id },
      {
        onSuccess() {
          notify({
            id: 'vendor-deleted',
            message: t('vendors.deleted', { name: vendor.vendorName }),
            tone: 'success',
          });
          void navigate(ROUTES.vendorManagement);
        },
        onError(error) {
          notifyError(error);
          setConfirming(false);
        },
      },
    );
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
        busy={deletion.isPending || deletion.isSuccess}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
