import { Button } from '@mantine/core';
import type { Appointment } from '@opencare/schemas/entities/appointments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarIcon } from '../../components/icons/icons';
import { useNotifications } from '../../components/notifications/use-notify';
import { BookAppointmentModal } from './book-appointment-modal';
import { formatDate, formatTime } from './format';
import type { BookingPatient } from './patient-picker';

interface BookForPatientButtonProps {
  /** The patient to book for (the patient snapshot); without one, the dialog asks for the patient first. */
  patient?: BookingPatient;
  onBooked?: (appointment: Appointment) => void;
}

/** A clinician's booking for a patient: the button, the booking dialog and the notice once booked. */
export function BookForPatientButton({ patient, onBooked }: BookForPatientButtonProps) {
  const { t, i18n } = useTranslation('appointments');
  const { notify } = useNotifications();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        leftSection={<CalendarIcon size={18} />}
        onClick={() => setOpened(true)}
        data-testid="book-for-patient"
      >
        {patient ? t('actions.book') : t('actions.bookForPatient')}
      </Button>
      <BookAppointmentModal
        opened={opened}
        forPatient={patient ?? 'choose'}
        onClose={() => setOpened(false)}
        onBooked={(a) => {
          setOpened(false);
          notify({
            id: 'appointment-booked',
            message: t('book.bookedFor', {
              name: a.patient.fullName,
              date: formatDate(a.startsAt, i18n.language),
              time: formatTime(a.startsAt, i18n.language),
            }),
            tone: 'success',
          });
          onBooked?.(a);
        }}
      />
    </>
  );
}
