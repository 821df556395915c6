import { Badge, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/use-session';
import { useUnreadCount } from './unread-count';

/** The number of unread messages beside a mail link or tab; nothing while there are none. */
export function UnreadBadge() {
  const { t } = useTranslation('mail');
  const { state } = useSession();
  const count = useUnreadCount(state.status === 'signed-in' ? state.account.id : '');
  if (!count) return null;
  return (
    <Badge size="sm" color="red" circle={count < 10} data-testid="mail-unread-badge">
      <span aria-hidden>{count > 99 ? '99+' : count}</span>
      <VisuallyHidden>{t('unread.label', { count })}</VisuallyHidden>
    </Badge>
  );
}
