import { Anchor, Badge, Button, Group, Paper, Table, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BackLink } from '../../components/page/back-link';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { pathTo, ROUTES } from '../../route-paths';
import { trpc } from '../../api/trpc';
import { ListView } from '../../components/data/list-view';
import { useListAddress, useTypedSearch } from '../../components/data/use-list-address';

/** The organisation's vendors (`GET /vendors`), searchable by name, a page at a time. */
export function VendorsPage() {
  const { t } = useTranslation('devices');
  // Search and page live in the address, so the way back from a vendor returns to the same list.
  const address = useListAddress();
  const { page, setPage } = address;
  const { search, typed, setTyped } = useTypedSearch(address);
  const list = trpc.vendors.list.useQuery({ page, search: search || undefined });

  return (
    <PageFrame
      title={t('vendors.title')}
      intro={t('vendors.intro')}
      back={<BackLink to={ROUTES.dashboard} label={t('common.dashboard')} />}
      actions={
        <Button component={Link} to={ROUTES.vendorCreate}>
          {t('vendors.create')}
        </Button>
      }
      size="lg"
    >
      <TextInput
        type="search"
        aria-label={t('vendors.search')}
        placeholder={t('vendors.search')}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        maw={360}
      />
      <ListView
        query={list}
        onPage={setPage}
        empty={<EmptyState title={search ? t('vendors.noMatch') : t('vendors.empty')} hint={search ? undefined : t('vendors.emptyHint')} />}
      >
        {(items) => (
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="sm" highlightOnHover data-testid="vendors-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('vendors.fields.vendorName')}</Table.Th>
                    <Table.Th>{t('vendors.fields.contactPerson')}</Table.Th>
                    <Table.Th>{t('vendors.identifiers')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((vendor) => (
                    <Table.Tr key={vendor.id}>
                      <Table.Td>
                        <Anchor component={Link} to={pathTo('vendorView', { vendorId: vendor.id })}>
                          {vendor.vendorName}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{vendor.contactPerson ?? '—'}</Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {[...vendor.ouis, ...vendor.companyIdentifiers].map((value) => (
                            <Badge key={value} variant="light" color="gray" tt="none" dir="ltr">
                              {value}
                            </Badge>
                          ))}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </ListView>
    </PageFrame>
  );
}
