import { Stack, Text } from '@mantine/core';
import type { PatientSnapshot } from '@opencare/schemas/entities/patients';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../shared/section-card';
import { useReadingFormat } from '../shared/use-reading-format';

/** The patient's next appointments. */
export function AppointmentsCard({
  appointments,
}: {
  appointments: PatientSnapshot['upcomingAppointments'];
}) {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  return (
    <SectionCard title={t('appointments.title')} testId="appointments-card">
      {appointments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('appointments.none')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {appointments.map((appointment) => (
            <li key={appointment.id}>
              <Text size="sm" fw={600}>
                <bdi>{format.dateTime(appointment.startsAt)}</bdi>
              </Text>
              <Text size="sm" c="dimmed">
                {t(`appointments.types.${appointment.type}`)}
                {appointment.provider && ` · ${appointment.provider.fullName}`}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
