import { Anchor, Modal, Stack } from '@mantine/core';
import type { Appointment } from '@opencare/schemas/entities/appointments';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ItemList } from '../../components/data/list-view';
import { pathTo } from '../../route-paths';
import { AppointmentCard } from './appointment-card';

interface AppointmentDialogProps {
  appointment: Appointment | null;
  onClose: () => void;
  /** What can still be done with it (as on its card in the list). */
  actions?: ReactNode;
}

/**
 * An appointment opened from the week calendar: the card the list shows (times, visit code, join,
 * visit record, reschedule and cancel) and the way to the patient's record.
 */
export function AppointmentDialog({ appointment, onClose, actions }: AppointmentDialogProps) {
  const { t } = useTranslation('appointments');
  return (
    <Modal
      opened={appointment !== null}
      onClose={onClose}
      title={t('clinician.details')}
      centered
    >
      {appointment && (
        <Stack gap="sm" data-testid="appointment-dialog">
          <ItemList>
            <AppointmentCard appointment={appointment} perspective="clinician" actions={actions} />
          </ItemList>
          <Anchor
            component={Link}
            to={pathTo('patientProfile', { patientId: appointment.patient.id })}
            data-testid="open-patient"
          >
            {t('clinician.openPatient', { name: appointment.patient.fullName })}
          </Anchor>
        </Stack>
      )}
    </Modal>
  );
}
