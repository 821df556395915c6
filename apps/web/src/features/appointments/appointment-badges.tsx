import { Badge } from '@mantine/core';
import type { AppointmentStatus } from '@opencare/schemas/entities/appointments';
import type { AppointmentTypeCode } from './labels';
import { useTranslation } from 'react-i18next';

export const STATUS_COLOURS: Record<AppointmentStatus, string> = {
  scheduled: 'blue',
  confirmed: 'teal',
  rescheduled: 'violet',
  cancelled: 'gray',
  completed: 'green',
  noShow: 'orange',
};

export function StatusBadge({ status }: { status: AppointmentStatus }) {
  const { t } = useTranslation('appointments');
  return (
    <Badge
      variant="light"
      color={STATUS_COLOURS[status]}
      tt="none"
      data-testid="appointment-status"
      data-status={status}
    >
      {t(`statuses.${status}`)}
    </Badge>
  );
}

export function TypeBadge({ type }: { type: AppointmentTypeCode }) {
  const { t } = useTranslation('appointments');
  return (
    <Badge variant="outline" color={type === 'tv' ? 'cyan' : 'grape'} tt="none">
      {t(`types.${type}`)}
    </Badge>
  );
}
