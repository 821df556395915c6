import { Group } from '@mantine/core';
import { hasAnyRole, ROUTE_ROLES } from '@opencare/schemas/role-table';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/data/load-state';
import { lazyPage } from '../../components/layouts/lazy-page';
import { roleNumbersOf } from '../../session/acting-account';
import type { SessionState } from '../../session/session-context';
import { useSession } from '../../session/use-session';
import { UnreadBadge } from './unread-badge';

// Only patients have the tab, and it is not the one home opens on: the mailbox loads when shown.
const Mailbox = lazyPage(() => import('./mailbox'), 'Mailbox');

/**
 * Home's messages tab: a patient's secure mail with their care team. The home page shows the
 * disclaimer above its tabs; the new-message form and every reply box repeat it.
 */
export function MessagesTab() {
  const { state } = useSession();
  if (state.status !== 'signed-in') return null;
  return (
    <Suspense fallback={<Loading />}>
      <Mailbox accountId={state.account.id} clinician={false} />
    </Suspense>
  );
}

/** The tab's label, with the unread count beside it. */
export function MessagesTabLabel() {
  const { t } = useTranslation('mail');
  return (
    <Group gap={6} wrap="nowrap" component="span" justify="center">
      {t('tab')}
      <UnreadBadge />
    </Group>
  );
}

/** Patients have the tab; clinicians read mail at /mail, and other roles have none (docs/mail.md). */
export function hasMessagesTab(state: SessionState): boolean {
  if (state.status !== 'signed-in') return false;
  const roles = roleNumbersOf(state.account);
  return hasAnyRole(roles, ROUTE_ROLES.patient) && !hasAnyRole(roles, ROUTE_ROLES.physicianOrNurse);
}
