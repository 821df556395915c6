import { Button, Group, Paper, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import type { CaredFor } from '@opencare/schemas/entities/caregivers';
import { newThreadInputSchema } from '@opencare/schemas/entities/mail';
import type { MeasurementType } from '@opencare/schemas/entities/measurements';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { trpc } from '../../api/trpc';
import { QueryView } from '../../components/data/load-state';
import { FormFailure } from '../../components/form/form-failure';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { UsersIcon } from '../../components/icons/icons';
import { useNotifications } from '../../components/notifications/use-notify';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { ROUTES } from '../../route-paths';
import { today } from '../../session/calendar-date';
import { BookForPatientButton } from '../appointments/book-for-patient-button';
import { formatDate, formatTime } from '../appointments/format';
import { MeasurementForm } from '../measurements/measurement-form';
import { MeasurementHistory } from '../measurements/measurement-history';
import { TaskRow } from '../measurements/task-row';
import { ConfirmDialog } from '../patients/care-plan/confirm-dialog';
import { caringPath } from './caregiver-home';
import { useEndCaregivingMutation } from './caregiver-queries';

/**
 * /caring/:patientId (caregivers): what the caregiver may do for one person they care for, each
 * part only where the person allowed it; the switcher moves to another person. Everything done here
 * is the caregiver's own, on the person's behalf (the server records it so).
 */
export function CaringPage() {
  const { t } = useTranslation('screens');
  const { patientId = '' } = useParams();
  const caregiving = trpc.caregivers.caregiving.useQuery();
  return (
    <QueryView query={caregiving} loading={t('caregivers.home.loading')}>
      {({ people }) => {
        const person = people.find((p) => p.accountId === patientId);
        if (!person) {
          return (
            <EmptyState
              icon={<UsersIcon size={28} />}
              title={t('caregivers.caring.notFound')}
              hint={t('caregivers.caring.notFoundHint')}
              action={
                <Button component={Link} to={ROUTES.home} variant="default">
                  {t('caregivers.caring.back')}
                </Button>
              }
            />
          );
        }
        return <Caring key={person.accountId} person={person} people={people} />;
      }}
    </QueryView>
  );
}

function Caring({ person, people }: { person: CaredFor; people: CaredFor[] }) {
  const { t } = useTranslation('screens');
  const navigate = useNavigate();
  const may = (scope: CaredFor['scopes'][number]) => person.scopes.includes(scope);
  return (
    <PageFrame title={t('caregivers.caring.title', { name: person.name })} intro={t('caregivers.caring.intro', { name: person.name })}>
      {people.length > 1 && (
        <Select
          label={t('caregivers.caring.switch')}
          data={people.map((p) => ({ value: p.accountId, label: p.name }))}
          value={person.accountId}
          onChange={(next) => next && void navigate(caringPath(next))}
          allowDeselect={false}
          maw={360}
          data-testid="caring-switch"
        />
      )}
      {may('recordReadings') && <RecordReading person={person} />}
      {may('readings') && <TodaysTasks person={person} />}
      {may('readings') && (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <MeasurementHistory type={null} patientId={person.accountId} />
        </Paper>
      )}
      {may('appointments') && <Appointments person={person} />}
      {may('messages') && <Messages person={person} />}
      <StopCaring person={person} />
    </PageFrame>
  );
}

function RecordReading({ person }: { person: CaredFor }) {
  const { t } = useTranslation('screens');
  const [type, setType] = useState<MeasurementType | null>(null);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="caring-record-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="caring-record-title">
          {t('caregivers.caring.record', { name: person.name })}
        </Title>
        <MeasurementForm type={type} onTypeChange={setType} task={null} onSaved={() => undefined} patientId={person.accountId} />
      </Stack>
    </Paper>
  );
}

function TodaysTasks({ person }: { person: CaredFor }) {
  const { t } = useTranslation('screens');
  const day = today();
  const tasks = trpc.tasks.list.useQuery({ from: day, to: day, patient: person.accountId });
  return (
    <Stack gap="sm" component="section" aria-labelledby="caring-tasks-title">
      <Title order={2} size="h4" id="caring-tasks-title">
        {t('caregivers.caring.tasks')}
      </Title>
      <QueryView query={tasks}>
        {(items) =>
          items.length === 0 ? (
            <Text c="dimmed">{t('caregivers.caring.tasksEmpty')}</Text>
          ) : (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="caring-tasks">
              {items.map((task) => (
                <TaskRow key={task.id} task={task} status={task.status} canTake={false} />
              ))}
            </Stack>
          )
        }
      </QueryView>
    </Stack>
  );
}

function Appointments({ person }: { person: CaredFor }) {
  const { t, i18n } = useTranslation('screens');
  const { t: ta } = useTranslation('appointments');
  const appointments = trpc.appointments.list.useQuery({ patientId: person.accountId, when: 'upcoming', page: 1, pageSize: 10 });
  return (
    <Stack gap="sm" component="section" aria-labelledby="caring-appointments-title">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h4" id="caring-appointments-title">
          {t('caregivers.caring.appointments')}
        </Title>
        <BookForPatientButton patient={{ accountId: person.accountId, fullName: person.name }} onBooked={() => void appointments.refetch()} />
      </Group>
      <QueryView query={appointments}>
        {({ items }) =>
          items.length === 0 ? (
            <Text c="dimmed">{t('caregivers.caring.appointmentsEmpty')}</Text>
          ) : (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="caring-appointments">
              {items.map((a) => (
                <Paper component="li" key={a.id} withBorder radius="md" p="sm">
                  <Text fw={600}>
                    <bdi>{`${formatDate(a.startsAt, i18n.language)} · ${formatTime(a.startsAt, i18n.language)}`}</bdi>
                  </Text>
                  <Text size="sm" c="dimmed">
                    <bdi>{`${ta(`types.${a.type.code}`)} · ${a.provider.fullName}`}</bdi>
                  </Text>
                </Paper>
              ))}
            </Stack>
          )
        }
      </QueryView>
    </Stack>
  );
}

function Messages({ person }: { person: CaredFor }) {
  const { t, i18n } = useTranslation('screens');
  const { notify } = useNotifications();
  const utils = trpc.useUtils();
  const threads = trpc.mail.threads.useQuery({ patientAccountId: person.accountId, page: 1, pageSize: 10 });
  const create = trpc.mail.createThread.useMutation({ onSuccess: () => void utils.mail.threads.invalidate() });
  const [openId, setOpenId] = useState<string | null>(null);
  const { field, formRef, onSubmit, submitting, failureText, reset } = useSchemaForm({
    schema: newThreadInputSchema,
    initialValues: { subject: '', body: '' },
    toBody: (values) => ({ ...values, patientAccountId: person.accountId }),
    submit: (body) => create.mutateAsync(body),
    onSuccess: () => {
      reset();
      notify({ id: 'caregiver-message-sent', message: t('caregivers.caring.sentMessage', { name: person.name }), tone: 'success' });
    },
  });
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="caring-messages-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="caring-messages-title">
          {t('caregivers.caring.messages')}
        </Title>
        <QueryView query={threads}>
          {({ items }) =>
            items.length === 0 ? (
              <Text c="dimmed">{t('caregivers.caring.messagesEmpty')}</Text>
            ) : (
              <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="caring-threads">
                {items.map((thread) => (
                  <Paper component="li" key={thread.id} withBorder radius="md" p="sm">
                    <Group justify="space-between" gap="xs" wrap="wrap">
                      <Stack gap={0} miw={0}>
                        <Text fw={600}>
                          <bdi>{thread.subject}</bdi>
                        </Text>
                        <Text size="xs" c="dimmed">
                          <bdi>{new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(thread.lastMessageAt))}</bdi>
                        </Text>
                      </Stack>
                      <Button variant="subtle" size="compact-sm" aria-expanded={openId === thread.id} onClick={() => setOpenId(openId === thread.id ? null : thread.id)}>
                        {thread.messageCount}
                        {' · '}
                        {t('caregivers.home.open')}
                      </Button>
                    </Group>
                    {openId === thread.id && <ThreadMessages id={thread.id} />}
                  </Paper>
                ))}
              </Stack>
            )
          }
        </QueryView>
        <form ref={formRef} onSubmit={onSubmit} noValidate data-testid="caregiver-message-form">
          <Stack gap="xs">
            <FormFailure text={failureText} />
            <TextInput {...field('subject')} label={t('caregivers.caring.subject')} maxLength={200} required />
            <Textarea {...field('body')} label={t('caregivers.caring.message')} autosize minRows={3} required />
            <Group justify="flex-end">
              <Button type="submit" loading={submitting}>
                {t('caregivers.caring.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}

function ThreadMessages({ id }: { id: string }) {
  const thread = trpc.mail.thread.useQuery({ id });
  return (
    <QueryView query={thread}>
      {({ messages }) => (
        <Stack gap="xs" mt="xs">
          {messages.map((m) => (
            <Stack key={m.id} gap={0}>
              <Text size="xs" c="dimmed">
                <bdi>{m.sender.fullName}</bdi>
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                <bdi>{m.body}</bdi>
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </QueryView>
  );
}

function StopCaring({ person }: { person: CaredFor }) {
  const { t } = useTranslation('screens');
  const { notify } = useNotifications();
  const navigate = useNavigate();
  const end = useEndCaregivingMutation();
  const [asking, setAsking] = useState(false);
  return (
    <Group justify="flex-end">
      <Button color="red" variant="subtle" onClick={() => setAsking(true)} data-testid="stop-caring">
        {t('caregivers.caring.stop', { name: person.name })}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={t('caregivers.caring.stopTitle', { name: person.name })}
        body={t('caregivers.caring.stopBody', { name: person.name })}
        confirmLabel={t('caregivers.caring.stop', { name: person.name })}
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          await end.mutateAsync({ id: person.linkId });
          setAsking(false);
          notify({ id: 'caregiving-stopped', message: t('caregivers.caring.stopped', { name: person.name }), tone: 'success' });
          void navigate(ROUTES.home);
        }}
      />
    </Group>
  );
}
