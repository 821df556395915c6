import { Badge, Group } from '@mantine/core';
import type { Invitation } from '@opencare/schemas/entities/care';
import { useTranslation } from 'react-i18next';

// A badge never shrinks below its text: in a narrow table a cut-off status is no status.
const WHOLE = 'max-content';

/** Active or inactive, and locked when it is: what decides whether the person can sign in. */
export function UserStatusBadges({ status, isLocked }: { status: 'active' | 'inactive'; isLocked: boolean }) {
  const { t } = useTranslation('userManagement');
  return (
    <Group gap={4} wrap="nowrap">
      <Badge miw={WHOLE} variant="light" color={status === 'active' ? 'teal' : 'gray'} tt="none">
        {t(`users.status.${status}`)}
      </Badge>
      {isLocked && (
        <Badge miw={WHOLE} variant="light" color="red" tt="none">
          {t('users.status.locked')}
        </Badge>
      )}
    </Group>
  );
}

const INVITATION_COLOR: Record<Invitation['status'], string> = {
  pending: 'blue',
  accepted: 'teal',
  expired: 'orange',
  revoked: 'gray',
};

export function InvitationStatusBadge({ status }: { status: Invitation['status'] }) {
  const { t } = useTranslation('userManagement');
  return (
    <Badge
      miw={WHOLE}
      variant="light"
      color={INVITATION_COLOR[status]}
      tt="none"
      data-testid="invitation-status"
    >
      {t(`invitations.status.${status}`)}
    </Badge>
  );
}
