import { Badge } from '@mantine/core';
import type { GatewayStatus } from '@opencare/schemas/entities/gateways';
import { useTranslation } from 'react-i18next';

const COLORS: Record<GatewayStatus, string> = { online: 'green', offline: 'gray', pending: 'yellow' };

/** Online, offline or waiting to connect; announced politely when it changes live. */
export function GatewayStatusBadge({ status }: { status: GatewayStatus }) {
  const { t } = useTranslation('gateways');
  return (
    <Badge
      color={COLORS[status]}
      variant={status === 'online' ? 'filled' : 'light'}
      data-testid="gateway-status"
      data-status={status}
      aria-live="polite"
      style={{ flexShrink: 0 }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
