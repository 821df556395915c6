import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import type { Appointment } from '@opencare/schemas/entities/appointments';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathTo } from '../../route-paths';
import { JoinVisitButton } from '../visits/join-visit-button';
import { StatusBadge, TypeBadge } from './appointment-badges';
import { formatDate, formatTime } from './format';

interface AppointmentCardProps {
  appointment: Appointment;
  /** Whose eyes: a patient reads who they see; a clinician reads whose appointment it is. */
  perspective: 'patient' | 'clinician';
  /** Buttons for what can still be done with it. */
  actions?: ReactNode;
}

/** One appointment: when (times isolated for right-to-left), what, with whom, its status. */
export function AppointmentCard({ appointment, perspective, actions }: AppointmentCardProps) {
  const { t, i18n } = useTranslation('appointments');
  const date = formatDate(appointment.startsAt, i18n.language);
  const time = formatTime(appointment.startsAt, i18n.language);
  const open = appointment.status !== 'cancelled' && appointment.status !== 'completed';

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="li"
      data-testid="appointment-card"
      data-id={appointment.id}
      data-status={appointment.status}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={0} miw={0}>
            <Text fw={600}>{date}</Text>
            <Text size="lg" fw={500} data-testid="appointment-time">
              <bdi>{time}</bdi>
            </Text>
          </Stack>
          <Group gap={6}>
            <TypeBadge type={appointment.type.code} />
            <StatusBadge status={appointment.status} />
          </Group>
        </Group>
        <Text>
          {perspective === 'patient'
            ? t('card.with', { name: appointment.provider.fullName })
            : t('card.patient', { name: appointment.patient.fullName })}
        </Text>
        {perspective === 'clinician' && (
          <Text size="sm" c="dimmed">
            {t('card.provider', { name: appointment.provider.fullName })}
          </Text>
        )}
        {appointment.reason && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('card.reason', { reason: appointment.reason })}
          </Text>
        )}
        {appointment.cancelReason && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('card.cancelled', {
              reason: [t(`cancelReasons.${appointment.cancelReason.code}`), appointment.cancelNote]
                .filter(Boolean)
                .join(' – '),
            })}
          </Text>
        )}
        {open && appointment.type.code === 'tv' && appointment.visit && (
          <Text size="sm">
            {t('card.visitCode')}:{' '}
            <Text span ff="monospace" data-testid="visit-code">
              <bdi>{appointment.visit.code}</bdi>
            </Text>
          </Text>
        )}
        {appointment.visit?.summary && (
          <Stack gap={2} data-testid="appointment-summary">
            <Text size="sm" fw={600}>
              {t('card.summary')}
            </Text>
            <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {appointment.visit.summary}
            </Text>
          </Stack>
        )}
        {appointment.visit?.completedAt && (
          <Anchor
            component={Link}
            to={pathTo('visitRecord', { id: appointment.visit.id })}
            size="sm"
            data-testid="open-visit-record"
          >
            {t('card.visitRecord')}
          </Anchor>
        )}
        <JoinVisitButton appointment={appointment} />
        {actions && (
          <Group gap="xs" mt={4} role="group" aria-label={t('card.actionsFor', { date, time })}>
            {actions}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
