import { Button, Menu, Text } from '@mantine/core';
import type { LaunchableApp } from '@opencare/schemas/entities/smart-clients';
import { hasAnyRole, hasPermission, ROUTE_ROLES } from '@opencare/schemas/role-table';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, ExternalIcon } from '../../components/icons/icons';
import { useNotifications, useNotifyError } from '../../components/notifications/use-notify';
import { roleNumbersOf } from '../../session/acting-account';
import { useSession } from '../../session/use-session';
import { useLaunchableAppsQuery, useLaunchMutation } from './smart-authorize-queries';

/**
 * Whether this person may open apps with a patient's record (EHR launch): a clinician whose role
 * may hand a record out (Export), as the server decides. Nobody else asks for the list (it is 403).
 */
function useMayOpenApps(): boolean {
  const { state } = useSession();
  if (state.status !== 'signed-in') return false;
  const roles = roleNumbersOf(state.account);
  return hasAnyRole(roles, ROUTE_ROLES.clinician) && hasPermission(roles, 'Export');
}

/** "Open in app" on a patient's page: the SMART apps the organisation registered with a launch URL. */
export function OpenInAppMenu({ patientId }: { patientId: string }) {
  return useMayOpenApps() ? <AppsMenu patientId={patientId} /> : null;
}

function AppsMenu({ patientId }: { patientId: string }) {
  const { t } = useTranslation('smartAuthorize');
  const apps = useLaunchableAppsQuery();
  const launch = useLaunchMutation();
  const { notify } = useNotifications();
  const notifyError = useNotifyError();
  if (!apps.data?.length) return null;

  function open(app: LaunchableApp) {
    // Opened now, within the click, so a pop-up blocker lets it through; it goes to the app once the
    // launch URL arrives. A blocked tab is told, and no launch is made for it.
    const tab = window.open('', '_blank');
    if (!tab) {
      notify({ id: 'smart-launch-blocked', message: t('openInApp.blocked'), tone: 'error' });
      return;
    }
    // The app's page must not reach back into this one (reverse tabnabbing).
    tab.opener = null;
    launch.mutate(
      { patientId, clientId: app.id },
      {
        // replace: the blank page stays out of the tab's history.
        onSuccess: ({ url }) => {
          if (!tab.closed) tab.location.replace(url);
        },
        onError: (error) => {
          tab.close();
          notifyError(error);
        },
      },
    );
  }

  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<ExternalIcon size={18} />}
          rightSection={<ChevronDownIcon size={16} />}
          loading={launch.isPending}
          data-testid="open-in-app"
        >
          {t('openInApp.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown maw="min(22rem, calc(100vw - 2rem))" data-testid="open-in-app-menu">
        <Menu.Label>{t('openInApp.menuLabel')}</Menu.Label>
        {apps.data.map((app) => (
          <Menu.Item key={app.id} onClick={() => open(app)} data-testid="open-in-app-item">
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {app.name}
            </Text>
            {/* Where the record goes, so the clinician sees it before choosing. */}
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              <span dir="ltr" style={{ unicodeBidi: 'isolate' }}>
                {app.launchOrigin}
              </span>
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
