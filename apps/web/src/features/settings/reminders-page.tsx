import { Stack, Switch, Text } from '@mantine/core';
import type { Schedule } from '@opencare/schemas/entities/care';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { trpc } from '../../api/trpc';
import { QueryView } from '../../components/data/load-state';
import { useNotifications, useNotifyError } from '../../components/notifications/use-notify';
import { useOwnPatientAccountId } from '../../session/use-session';
import { schedulesOf, useScheduleRemindersMutation } from '../patients/care-plan/care-plan-queries';
import { ScheduleItem } from '../patients/care-plan/schedule-item';
import { useMeasurementName } from '../patients/shared/use-measurement-name';
import { SettingsSection } from './settings-section';

/**
 * Settings → Reminders (patients): the measurements their care team scheduled, when each is next due,
 * and a switch per schedule for its e-mail reminders. The schedules themselves stay the care team's.
 */
export function RemindersPage() {
  const { t } = useTranslation('settings');
  const patientId = useOwnPatientAccountId();
  const schedules = trpc.schedules.list.useQuery(schedulesOf(patientId ?? ''), { enabled: patientId !== null });
  if (!patientId) return <Navigate to="/settings/preferences" replace />;
  return (
    <SettingsSection title={t('reminders.title')} description={t('reminders.description')} testId="reminders">
      <QueryView query={schedules} loading={t('reminders.loading')}>
        {({ items }) =>
          items.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('reminders.empty')}
            </Text>
          ) : (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {items.map((schedule) => (
                <ScheduleItem key={schedule.id} schedule={schedule} actions={<ReminderSwitch schedule={schedule} />} />
              ))}
            </Stack>
          )
        }
      </QueryView>
    </SettingsSection>
  );
}

function ReminderSwitch({ schedule }: { schedule: Schedule }) {
  const { t } = useTranslation('settings');
  const typeName = useMeasurementName();
  const { notify } = useNotifications();
  const notifyError = useNotifyError();
  const reminders = useScheduleRemindersMutation();
  const name = typeName(schedule.type);
  const on = reminders.isPending ? (reminders.variables?.changes.notifyByEmail ?? schedule.notifyByEmail) : schedule.notifyByEmail;
  return (
    <Switch
      checked={on}
      disabled={reminders.isPending}
      label={t('reminders.email')}
      aria-label={t('reminders.emailOf', { type: name })}
      labelPosition="left"
      onChange={(event) => {
        const notifyByEmail = event.currentTarget.checked;
        reminders.mutate(
          { id: schedule.id, changes: { notifyByEmail } },
          {
            onSuccess: () => notify({ message: t(notifyByEmail ? 'reminders.turnedOn' : 'reminders.turnedOff', { type: name }), tone: 'success' }),
            onError: notifyError,
          },
        );
      }}
    />
  );
}
