import { Badge, Button, DataList, Group, Loader, Paper } from '@mantine/core';
import type { UserListItem } from '@opencare/schemas/entities/user';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { findUserByUsername } from '../../api/users-api';
import { useAppError } from '../../components/app-error/use-app-error';
import { BackLink } from '../../components/page/back-link';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { roleLabel } from '../../i18n/role-label';
import { pathTo, ROUTES } from '../../route-paths';

/** One user of the organisation, by username. */
export function UserViewPage() {
  const { t, i18n } = useTranslation('screens');
  const { t: tc } = useTranslation();
  const { username = '' } = useParams();
  const { setError } = useAppError();
  const [user, setUser] = useState<UserListItem | null | undefined>(undefined);

  useEffect(() => {
    let current = true;
    setUser(undefined);
    findUserByUsername(username).then(
      (found) => {
        if (current) setUser(found);
      },
      (error: unknown) => {
        if (current) {
          setUser(null);
          setError(error);
        }
      },
    );
    return () => {
      current = false;
    };
  }, [username, setError]);

  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const back = <BackLink to={ROUTES.userList} label={t('users.backToList')} />;

  if (user === undefined) {
    return (
      <PageFrame title={t('users.viewTitle', { username })} back={back}>
        <Loader />
      </PageFrame>
    );
  }
  if (user === null) {
    return (
      <PageFrame title={t('users.viewTitle', { username })} back={back}>
        <EmptyState title={t('users.notFound', { username })} />
      </PageFrame>
    );
  }

  return (
    <PageFrame
      title={t('users.viewTitle', { username: user.username })}
      back={back}
      actions={
        <Button component={Link} to={pathTo('userEdit', { username: user.username })} variant="default">
          {t('users.edit')}
        </Button>
      }
    >
      <Paper withBorder radius="md" p="lg">
        <DataList labelWidth="8rem" withDivider data-testid="user-details" style={{ overflowWrap: 'anywhere' }}>
          <DataList.Item>
            <DataList.ItemLabel>{t('users.columns.fullName')}</DataList.ItemLabel>
            <DataList.ItemValue>{user.fullName}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('users.columns.email')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <bdi>{user.email}</bdi>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('users.columns.roles')}</DataList.ItemLabel>
            <DataList.ItemValue>{user.roles.map((role) => roleLabel(tc, role.toLowerCase())).join(', ')}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('users.columns.status')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <Group gap={4}>
                <Badge variant="light" color={user.status === 'active' ? 'teal' : 'gray'} tt="none">
                  {t(`users.status.${user.status}`)}
                </Badge>
                {user.isLocked && (
                  <Badge variant="light" color="red" tt="none">
                    {t('users.status.locked')}
                  </Badge>
                )}
              </Group>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('users.columns.lastLogin')}</DataList.ItemLabel>
            <DataList.ItemValue>
              {user.lastLogin ? date.format(new Date(user.lastLogin)) : t('users.never')}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList>
      </Paper>
    </PageFrame>
  );
}
