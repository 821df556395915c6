import { Badge, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from './mail-queries';

/** The number of unread messages beside a mail link or tab; nothing while there are none. */
export function UnreadBadge() {
  const { t } = useTranslation('mail');
  const count = useUnreadCount();
  if (!count) return null;
  return (
    <Badge size="sm" color="red" circle={count < 10} data-testid="mail-unread-badge">
      <span aria-hidden>{count > 99 ? '99+' : count}</span>
      <VisuallyHidden>{t('unread.label', { count })}</VisuallyHidden>
    </Badge>
  );
}
