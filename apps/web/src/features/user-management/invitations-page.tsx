import { Button, NativeSelect } from '@mantine/core';
import type { Invitation } from '@opencare/schemas/entities/care';
import { INVITATION_STATUSES } from '@opencare/schemas/statuses';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MailIcon } from '../../components/icons/icons';
import { EmptyState } from '../../components/page/empty-state';
import { ROUTES } from '../../route-paths';
import { trpc } from '../../api/trpc';
import { ListView } from '../../components/data/list-view';
import { useListAddress } from '../../components/data/use-list-address';
import { InvitationsTable } from './invitations-table';
import { UserManagementFrame } from './user-management-frame';

function isInvitationStatus(value: string | null): value is Invitation['status'] {
  return (INVITATION_STATUSES as readonly (string | null)[]).includes(value);
}

/** The organisation's invitations with their status, newest first, a page at a time. */
export function InvitationsPage() {
  const { t } = useTranslation('userManagement');
  // Status and page live in the address, so the way back from an invitation returns to the same list.
  const { params, page, setPage, update } = useListAddress();
  const statusParam = params.get('status');
  const status = isInvitationStatus(statusParam) ? statusParam : undefined;
  const list = trpc.invitations.list.useQuery({ page, status });

  return (
    <UserManagementFrame current="invitations">
      <NativeSelect
        label={t('invitations.filters.status')}
        value={status ?? ''}
        onChange={(event) => update({ status: event.currentTarget.value || null, page: null })}
        data={[
          { value: '', label: t('invitations.filters.anyStatus') },
          ...INVITATION_STATUSES.map((s) => ({ value: s, label: t(`invitations.status.${s}`) })),
        ]}
        w={{ base: '100%', xs: 220 }}
      />
      <ListView
        query={list}
        loading={t('common.loading')}
        onPage={setPage}
        empty={
          status ? (
            <EmptyState
              icon={<MailIcon size={28} />}
              title={t('invitations.emptyFiltered')}
              hint={t('invitations.emptyFilteredHint')}
            />
          ) : (
            <EmptyState
              icon={<MailIcon size={28} />}
              title={t('invitations.empty')}
              hint={t('invitations.emptyHint')}
              action={
                <Button component={Link} to={ROUTES.createInvitation} variant="light">
                  {t('invitations.create')}
                </Button>
              }
            />
          )
        }
      >
        {(items) => <InvitationsTable invitations={items} />}
      </ListView>
    </UserManagementFrame>
  );
}
