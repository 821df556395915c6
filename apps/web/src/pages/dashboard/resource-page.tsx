import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BoxIcon } from '../../components/icons/icons';
import { BackLink } from '../../components/page/back-link';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { ROUTES, type RouteName } from '../../route-paths';
import { FormUnavailable } from './form-unavailable';
import { UserManagementTabs } from '../../features/user-management/user-management-tabs';

/** Dashboard records whose API arrives with later features: their list, create, view and edit screens. */
export type Resource = 'invitations' | 'vendors' | 'deviceProfiles';
export type ResourceScreen = 'list' | 'create' | 'view' | 'edit';

const ROUTES_OF: Record<Resource, { list: RouteName; create: RouteName }> = {
  invitations: { list: 'invitations', create: 'createInvitation' },
  vendors: { list: 'vendorManagement', create: 'vendorCreate' },
  deviceProfiles: { list: 'deviceProfileList', create: 'deviceProfileCreate' },
};

export function ResourcePage({ resource, screen }: { resource: Resource; screen: ResourceScreen }) {
  const { t } = useTranslation('screens');
  const routes = ROUTES_OF[resource];

  if (screen === 'list') {
    const invitations = resource === 'invitations';
    return (
      <PageFrame
        title={t(invitations ? 'dashboard.areas.userManagement.title' : `${resource}.title`)}
        intro={t(`${resource}.intro`)}
        back={<BackLink to={ROUTES.dashboard} label={t('dashboard.allAreas')} />}
        actions={
          <Button component={Link} to={ROUTES[routes.create]}>
            {t(`${resource}.create`)}
          </Button>
        }
        size={invitations ? 'xl' : 'md'}
      >
        {invitations && <UserManagementTabs current="invitations" />}
        <EmptyState icon={<BoxIcon size={28} />} title={t(`${resource}.empty`)} hint={t(`${resource}.emptyHint`)} />
      </PageFrame>
    );
  }

  const back = <BackLink to={ROUTES[routes.list]} label={t(`${resource}.title`)} />;
  switch (screen) {
    case 'create':
      return (
        <PageFrame title={t(`${resource}.create`)} back={back}>
          <FormUnavailable />
        </PageFrame>
      );
    case 'edit':
      return (
        <PageFrame title={t(`${resource}.editTitle`)} back={back}>
          <FormUnavailable />
        </PageFrame>
      );
    case 'view':
      return (
        <PageFrame title={t(`${resource}.viewTitle`)} back={back}>
          <EmptyState
            icon={<BoxIcon size={28} />}
            title={t(`${resource}.detailEmpty`)}
            hint={t(`${resource}.detailEmptyHint`)}
          />
        </PageFrame>
      );
  }
}
