import { useMediaQuery } from '@mantine/hooks';
import { Alert, Button, Group, Modal, Select, SegmentedControl, Input, Stack, Textarea } from '@mantine/core';
import { APPOINTMENT_LIMITS, type Appointment } from '@opencare/schemas/entities/appointments';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, asApiError } from '../../api/api-error';
import { errorMessageOf } from '../../api/error-message';
import { today } from '../../session/calendar-date';
import { useSession } from '../../session/use-session';
import { trpc } from '../../api/trpc';
import { useBookMutation, useRefetchSlots } from './appointment-queries';
import type { AppointmentTypeCode } from './labels';
import { LoadFailed } from '../../components/data/load-state';
import { PatientPicker, type BookingPatient } from './patient-picker';
import { SlotPicker } from './slot-picker';
import { DateField } from '../../components/dates/date-field';

interface BookAppointmentModalProps {
  opened: boolean;
  onClose: () => void;
  onBooked: (appointment: Appointment) => void;
  /**
   * A clinician books for a patient: `'choose'` asks for the patient first; a patient given is the
   * one booked for (the patient snapshot). Without it, the signed-in patient books for themself.
   */
  forPatient?: 'choose' | BookingPatient;
}

/**
 * Booking: for whom (clinicians only), with whom, what kind of visit, which day and free time, and
 * why.
 */
export function BookAppointmentModal({ opened, onClose, onBooked, forPatient }: BookAppointmentModalProps) {
  const { t } = useTranslation('appointments');
  const { t: tc } = useTranslation();
  // Long forms get the whole screen on a phone.
  const phone = useMediaQuery('(max-width: 36em)');
  const title =
    forPatient === undefined
      ? t('book.title')
      : forPatient === 'choose'
        ? t('book.titleForPatient')
        : t('book.titleFor', { name: forPatient.fullName });
  return (
    <Modal
      fullScreen={phone}
      opened={opened}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': tc('common.close') }}
      size="lg"
      data-testid="book-modal"
    >
      {opened && <BookForm onBooked={onBooked} onCancel={onClose} forPatient={forPatient} />}
    </Modal>
  );
}

interface BookFormProps {
  onBooked: (a: Appointment) => void;
  onCancel: () => void;
  forPatient?: 'choose' | BookingPatient;
}

function BookForm({ onBooked, onCancel, forPatient }: BookFormProps) {
  const { t } = useTranslation('appointments');
  const { t: tc } = useTranslation();
  const { state: session } = useSession();
  const providers = trpc.appointments.providers.useQuery();
  const forClinician = forPatient !== undefined;
  const [patient, setPatient] = useState<BookingPatient | null>(
    forPatient === 'choose' ? null : (forPatient ?? null),
  );
  const [patientError, setPatientError] = useState<string | undefined>();
  const [chosenProviderId, setProviderId] = useState<string | null>(null);
  const [type, setType] = useState<AppointmentTypeCode>('tv');
  const [date, setDate] = useState(today);
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [slotError, setSlotError] = useState<string | undefined>();
  const [failure, setFailure] = useState<unknown>(null);
  const book = useBookMutation();
  const refetchSlots = useRefetchSlots();
  const busy = book.isPending;

  const options = providers.data ?? [];
  // A physician or nurse booking for a patient usually books with themself; an assistant chooses.
  const me = session.status === 'signed-in' ? session.account.id : null;
  const providerId = chosenProviderId ?? (forClinician && options.some((p) => p.id === me) ? me : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const noPatient = forClinician && !patient;
    if (noPatient) setPatientError(t('book.choosePatient'));
    if (!providerId || !startsAt) setSlotError(t('book.chooseTime'));
    if (noPatient || !providerId || !startsAt) return;
    setFailure(null);
    book.mutate(
      {
        providerId,
        ...(patient ? { patientId: patient.accountId } : {}),
        type,
        startsAt,
        reason: reason.trim() || undefined,
      },
      {
        onSuccess: onBooked,
        onError: (error) => {
          const failed = asApiError(error);
          if (failed instanceof ApiError && failed.key === 'slotNotAvailable') {
            // Someone took the time meanwhile: show the times still free.
            setSlotError(t('slots.taken'));
            setStartsAt(null);
            refetchSlots();
          } else setFailure(error);
        },
      },
    );
  }

  if (providers.status === 'error')
    return <LoadFailed error={providers.error} onRetry={() => void providers.refetch()} />;

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {failure !== null && (
          <Alert color="red" variant="light" role="alert">
            {errorMessageOf(tc, failure)}
          </Alert>
        )}
        {providers.status === 'success' && options.length === 0 && (
          <Alert color="yellow" variant="light">
            {t('book.noProviders')}
          </Alert>
        )}
        {forPatient === 'choose' && (
          <PatientPicker
            value={patient}
            onChange={(value) => {
              setPatient(value);
              setPatientError(undefined);
            }}
            error={patientError}
          />
        )}
        <Select
          label={t('book.provider')}
          placeholder={t(forClinician ? 'book.providerPlaceholderFor' : 'book.providerPlaceholder')}
          data={options.map((p) => ({ value: p.id, label: p.fullName }))}
          value={providerId}
          onChange={(value) => {
            setProviderId(value);
            setStartsAt(null);
          }}
          disabled={providers.status === 'pending'}
          withAsterisk
          allowDeselect={false}
          data-testid="book-provider"
          comboboxProps={{ withinPortal: true }}
        />
        <Input.Wrapper label={t('book.type')} withAsterisk>
          <SegmentedControl
            fullWidth
            value={type}
            onChange={(value) => setType(value)}
            data={[
              { value: 'tv', label: t('types.tv') },
              { value: 'pv', label: t('types.pv') },
            ]}
            data-testid="book-type"
          />
        </Input.Wrapper>
        <DateField
          label={t('book.date')}
          value={date}
          min={today()}
          onChange={(value) => {
            setDate(value);
            setStartsAt(null);
          }}
          withAsterisk
          maw={240}
          data-testid="book-date"
        />
        <SlotPicker
          providerId={providerId}
          date={date}
          value={startsAt}
          onChange={(value) => {
            setStartsAt(value);
            setSlotError(undefined);
          }}
          error={slotError}
        />
        <Textarea
          label={t('book.reason')}
          placeholder={t(forClinician ? 'book.reasonPlaceholderFor' : 'book.reasonPlaceholder')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={APPOINTMENT_LIMITS.reasonMax}
          rows={2}
          data-testid="book-reason"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {tc('common.close')}
          </Button>
          <Button type="submit" loading={busy} data-testid="book-submit">
            {t('book.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
