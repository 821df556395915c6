import { Button } from '@mantine/core';
import type { Appointment } from '@opencare/schemas/entities/appointments';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** How early the button shows; the server decides whether joining is allowed yet (joinTooEarly). */
const SHOW_BEFORE_MS = 60 * 60 * 1000;

/** A telemedicine appointment still open, from an hour before its start until its end. */
export function isJoinable(appointment: Appointment, now = Date.now()): boolean {
  const open =
    appointment.status !== 'cancelled' &&
    appointment.status !== 'completed' &&
    appointment.status !== 'noShow';
  return (
    open &&
    appointment.type.code === 'tv' &&
    appointment.visit !== null &&
    appointment.visit.completedAt === null &&
    Date.parse(appointment.startsAt) - SHOW_BEFORE_MS <= now &&
    now < Date.parse(appointment.endsAt)
  );
}

/** "Join visit" on an appointment card: opens the visit screen by the visit's code. */
export function JoinVisitButton({ appointment }: { appointment: Appointment }) {
  const { t } = useTranslation('visits');
  if (!isJoinable(appointment) || !appointment.visit) return null;
  return (
    <Button
      component={Link}
      to={`/telehealth-visit/${encodeURIComponent(appointment.visit.code)}`}
      size="xs"
      color="green"
      w="fit-content"
      data-testid="join-visit-link"
    >
      {t('join.button')}
    </Button>
  );
}
