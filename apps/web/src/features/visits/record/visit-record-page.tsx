import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Visit } from '@opencare/schemas/entities/appointments';
import { ROUTE_ROLES, hasAnyRole } from '@opencare/schemas/role-table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { trpc } from '../../../api/trpc';
import { ROUTES } from '../../../route-paths';
import { QueryView } from '../../../components/data/load-state';
import { roleNumbersOf } from '../../../session/acting-account';
import { useSession } from '../../../session/use-session';
import { TypeBadge } from '../../appointments/appointment-badges';
import { EditableNote } from './editable-note';
import { RecordSection } from './record-section';
import { VisitCapturesRecord } from './visit-captures-record';
import { VisitChatRecord } from './visit-chat-record';
import { useWhen, VisitNoteView } from './visit-note';
import classes from './visit-record.module.css';

/** Physicians and nurses sign and amend notes (the server decides; this only shows the buttons). */
function useSignsNotes(): boolean {
  const { state } = useSession();
  return state.status === 'signed-in' && hasAnyRole(roleNumbersOf(state.account), ROUTE_ROLES.physicianOrNurse);
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * /visits/:id, the record of one visit: who, when, the summary for the patient and, for the care
 * team, the note with its signature and addenda. It prints as the visit record (see the module's
 * print styles). The server decides who reads what: a patient's answer has no note at all.
 */
export function VisitRecordPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('visits');
  const query = trpc.visits.get.useQuery({ id }, { enabled: id !== '' });
  return (
    <Stack gap="md" className={classes.record} maw={800} data-testid="visit-record">
      <Group justify="space-between" className={classes.noPrint}>
        <Anchor component={Link} to={ROUTES.appointments} size="sm">
          {t('record.back')}
        </Anchor>
        <Button variant="default" size="xs" onClick={() => window.print()} data-testid="print-visit">
          {t('record.print')}
        </Button>
      </Group>
      <QueryView query={query} loading={t('record.loading')}>
        {(visit) => <VisitRecord visit={visit} />}
      </QueryView>
    </Stack>
  );
}

function VisitRecord({ visit }: { visit: Visit }) {
  const { t } = useTranslation('visits');
  const when = useWhen();
  const signsNotes = useSignsNotes();
  const { appointment } = visit;
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h2">
          {t('record.title')}
        </Title>
        <TypeBadge type={appointment.type.code} />
      </Group>
      <Paper withBorder p="md" radius="md" className={classes.section}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Fact label={t('record.patient')}>{appointment.patient.fullName}</Fact>
          <Fact label={t('record.clinician')}>{appointment.provider.fullName}</Fact>
          <Fact label={t('record.booked')}>
            <bdi>{when(appointment.startsAt)}</bdi>
          </Fact>
          {visit.startedAt && (
            <Fact label={t('record.started')}>
              <bdi>{when(visit.startedAt)}</bdi>
            </Fact>
          )}
          {visit.endedAt && (
            <Fact label={t('record.ended')}>
              <bdi>{when(visit.endedAt)}</bdi>
            </Fact>
          )}
          {visit.completedAt && (
            <Fact label={t('record.completed')}>
              <bdi>{when(visit.completedAt)}</bdi>
              {visit.completedBy ? ` · ${visit.completedBy.fullName}` : ''}
            </Fact>
          )}
        </SimpleGrid>
      </Paper>
      <RecordSection id="visit-summary-title" title={t('record.summary')}>
        <Text dir="auto" className={classes.text} data-testid="visit-summary">
          {visit.summary ?? t('record.noSummary')}
        </Text>
      </RecordSection>
      {visit.note && (
        <RecordSection id="visit-note-title" title={t('record.note')}>
          {signsNotes ? <EditableNote visit={visit} /> : <VisitNoteView note={visit.note} />}
        </RecordSection>
      )}
      <VisitCapturesRecord visitId={visit.id} />
      <VisitChatRecord visitId={visit.id} />
    </>
  );
}
