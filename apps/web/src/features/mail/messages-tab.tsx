import { Group } from '@mantine/core';
import { hasAnyRole, ROUTE_ROLES } from '@opencare/schemas/roles';
import { useTranslation } from 'react-i18next';
import { roleNumbersOf } from '../../session/acting-account';
import type { SessionState } from '../../session/session-context';
import { useSession } from '../../session/use-session';
import { Mailbox } from './mailbox';
import { UnreadBadge } from './unread-badge';

/**
 * Home's messages tab: a patient's secure mail with their care team. The home page shows the
 * disclaimer above its tabs; the new-message form and every reply box repeat it.
 */
export function MessagesTab() {
  const { state } = useSession();
  if (state.status !== 'signed-in') return null;
  return <Mailbox accountId={state.account.id} clinician={false} />;
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
