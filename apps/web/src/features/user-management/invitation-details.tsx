import type { Invitation } from '@opencare/schemas/entities/care';
import { useTranslation } from 'react-i18next';
import { DetailsList } from './details-list';
import { useDateTime } from './labels';
import { InvitationStatusBadge } from './status-badges';

export function InvitationDetails({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation('userManagement');
  const dateTime = useDateTime();
  return (
    <DetailsList
      testId="invitation-details"
      rows={[
        { label: t('invitations.columns.email'), value: <bdi dir="ltr">{invitation.email}</bdi> },
        {
          label: t('invitations.columns.status'),
          value: <InvitationStatusBadge status={invitation.status} />,
        },
        { label: t('invitations.columns.role'), value: t(`roles.${invitation.role}`) },
        { label: t('invitations.columns.accountType'), value: t(`accountTypes.${invitation.accountType}`) },
        { label: t('invitations.columns.createdAt'), value: dateTime(invitation.createdAt) },
        { label: t('invitations.columns.expiresAt'), value: dateTime(invitation.expiresAt) },
      ]}
    />
  );
}
