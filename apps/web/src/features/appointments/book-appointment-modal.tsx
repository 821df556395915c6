import { Alert, Button, Group, Select, SegmentedControl, Input, Stack, Textarea } from '@mantine/core';
import { FormModal } from '../../components/form/form-modal';
import { REQUIRED } from '@opencare/schemas/constants';
import {
  APPOINTMENT_LIMITS,
  bookAppointmentInputSchema,
  type Appointment,
} from '@opencare/schemas/entities/appointments';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form/form-failure';
import { errorKeyOf } from '../../components/form/use-api-error-text';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { today } from '../../session/calendar-date';
import { useSession } from '../../session/use-session';
import { trpc } from '../../api/trpc';
import { useBookMutation, useRefetchSlots } from './appointment-queries';
import type { AppointmentTypeCode } from './labels';
import { LoadFailed } from '../../components/data/load-state';
import { PatientPicker, type BookingPatient } from './patient-picker';
import { SlotPicker } from './slot-picker';
import { DateField } from '../../components/dates/date-field';
import { useAppointmentMessages } from './use-appointment-messages';

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
  const title =
    forPatient === undefined
      ? t('book.title')
      : forPatient === 'choose'
        ? t('book.titleForPatient')
        : t('book.titleFor', { name: forPatient.fullName });
  return (
    <FormModal opened={opened} onClose={onClose} title={title} data-testid="book-modal">
      {opened && <BookForm onBooked={onBooked} onCancel={onClose} forPatient={forPatient} />}
    </FormModal>
  );
}

interface BookFormProps {
  onBooked: (a: Appointment) => void;
  onCancel: () => void;
  forPatient?: 'choose' | BookingPatient;
}

interface BookValues {
  patient: BookingPatient | null;
  /** Chosen by the person; until then the default below, if any. */
  providerId: string | null;
  type: AppointmentTypeCode;
  date: string;
  startsAt: string | null;
  reason: string;
}

function BookForm({ onBooked, onCancel, forPatient }: BookFormProps) {
  const { t } = useTranslation('appointments');
  const { t: tc } = useTranslation();
  const { state: session } = useSession();
  const providers = trpc.appointments.providers.useQuery();
  const forClinician = forPatient !== undefined;
  const book = useBookMutation();
  const refetchSlots = useRefetchSlots();

  const options = providers.data ?? [];
  // A physician or nurse booking for a patient usually books with themself; an assistant chooses.
  const me = session.status === 'signed-in' ? session.account.id : null;
  const providerOf = (values: BookValues) =>
    values.providerId ?? (forClinician && options.some((p) => p.id === me) ? me : null);

  const initialValues: BookValues = {
    patient: forPatient === 'choose' ? null : (forPatient ?? null),
    providerId: null,
    type: 'tv',
    date: today(),
    startsAt: null,
    reason: '',
  };
  const { form, field, formRef, onSubmit, submitting: busy, failureText, focusFirstError } = useSchemaForm({
    schema: bookAppointmentInputSchema,
    initialValues,
    toBody: (values) => ({
      providerId: providerOf(values) ?? undefined,
      patientId: values.patient?.accountId,
      type: values.type,
      startsAt: values.startsAt ?? undefined,
      reason: values.reason.trim() || undefined,
    }),
    // A patient books for themself; a clinician names the patient.
    check: ({ patient }) => (forClinician && !patient ? { patient: REQUIRED } : {}),
    rename: { patientId: 'patient' },
    fieldsOfKey: { slotNotAvailable: 'startsAt' },
    messages: useAppointmentMessages(),
    submit: (body) => book.mutateAsync(body),
    onSuccess: onBooked,
    onFailure: (failure) => {
      // Someone took the time meanwhile: show the times still free.
      if (errorKeyOf(failure) === 'slotNotAvailable') {
        form.setFieldValue('startsAt', null);
        // The focus goes to the first time still free once the times are there again.
        void refetchSlots().then(focusFirstError);
      }
    },
  });
  const { values } = form;
  const providerId = providerOf(values);
  // Another provider or day has other free times: the time is chosen again.
  const chooseAgain = (path: 'providerId' | 'date', value: string | null) => {
    form.setFieldValue(path, value);
    form.setFieldValue('startsAt', null);
  };

  if (providers.status === 'error')
    return <LoadFailed error={providers.error} onRetry={() => void providers.refetch()} />;

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack>
        <FormFailure text={failureText} />
        {providers.status === 'success' && options.length === 0 && (
          <Alert color="yellow" variant="light">
            {t('book.noProviders')}
          </Alert>
        )}
        {forPatient === 'choose' && (
          <PatientPicker
            value={values.patient}
            onChange={(value) => form.setFieldValue('patient', value)}
            error={field('patient').error}
          />
        )}
        <Select
          label={t('book.provider')}
          placeholder={t(forClinician ? 'book.providerPlaceholderFor' : 'book.providerPlaceholder')}
          data={options.map((p) => ({ value: p.id, label: p.fullName }))}
          value={providerId}
          onChange={(value) => chooseAgain('providerId', value)}
          error={field('providerId').error}
          disabled={providers.status === 'pending'}
          withAsterisk
          allowDeselect={false}
          data-testid="book-provider"
          comboboxProps={{ withinPortal: true }}
        />
        <Input.Wrapper label={t('book.type')} withAsterisk>
          <SegmentedControl
            fullWidth
            value={values.type}
            onChange={(value) => form.setFieldValue('type', value)}
            data={[
              { value: 'tv', label: t('types.tv') },
              { value: 'pv', label: t('types.pv') },
            ]}
            data-testid="book-type"
          />
        </Input.Wrapper>
        <DateField
          label={t('book.date')}
          value={values.date}
          min={today()}
          onChange={(value) => chooseAgain('date', value)}
          withAsterisk
          maw={240}
          data-testid="book-date"
        />
        <SlotPicker
          providerId={providerId}
          date={values.date}
          value={values.startsAt}
          onChange={(value) => form.setFieldValue('startsAt', value)}
          error={field('startsAt').error}
        />
        <Textarea
          {...field('reason')}
          label={t('book.reason')}
          placeholder={t(forClinician ? 'book.reasonPlaceholderFor' : 'book.reasonPlaceholder')}
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
