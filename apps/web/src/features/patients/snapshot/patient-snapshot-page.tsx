import { Grid, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { trpc } from '../../../api/trpc';
import { LoadFailed, Loading } from '../../../components/data/load-state';
import { BackLink } from '../../../components/page/back-link';
import { PageFrame } from '../../../components/page/page-frame';
import { ROUTES } from '../../../route-paths';
import { BookForPatientButton } from '../../appointments/book-for-patient-button';
import { OpenInAppMenu } from '../../smart-authorize/open-in-app-menu';
import { CarePlanSection } from '../care-plan/care-plan-section';
import { CareTimeCard } from '../care-time/care-time-card';
import { EnrolmentCard } from '../enrolment/enrolment-card';
import { HeldReadingsCard } from '../held-readings/held-readings-card';
import { useChartTime } from '../care-time/use-chart-time';
import { useReadingFormat } from '../shared/use-reading-format';
import { AdherenceCard } from './adherence-card';
import { AppointmentsCard } from './appointments-card';
import { MessagesCard } from './messages-card';
import { PatientGatewaysCard } from './patient-gateways-card';
import { ProfileCard } from './profile-card';
import { ReadingsChartSection } from './readings-chart-section';
import { TimelineSection } from './timeline-section';
import { useCanEditCare } from './use-can-edit-care';
import { VitalsSection } from './vitals-section';

/**
 * A patient's snapshot (spec §2 `/patients/:patientId`; the id is checked to be a UUID before this
 * renders): profile and care profile, latest vitals, charts over time, adherence, the month's care
 * time (physicians and nurses), device readings held for review (physicians and nurses), mail,
 * appointments, gateways and the whole timeline.
 */
export function PatientSnapshotPage() {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  const patientId = useParams().patientId ?? '';
  const query = trpc.patients.snapshot.useQuery({ id: patientId });
  // A physician's or nurse's time with the chart in front of them is care time (issue 19).
  const caring = useCanEditCare();
  useChartTime(patientId, caring && query.status === 'success');
  const back = <BackLink to={ROUTES.findPatient} label={t('snapshot.backToList')} />;

  if (query.status !== 'success') {
    return (
      <PageFrame title={t('snapshot.title')} back={back} size="xl">
        {query.status === 'pending' ? (
          <Loading label={t('snapshot.loading')} />
        ) : (
          <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
        )}
      </PageFrame>
    );
  }

  const snapshot = query.data;
  const { patient } = snapshot;
  // The MRN usually carries its own prefix ("MRN500001"); a bare number gets the label. Each part
  // is isolated, so in Arabic the MRN still comes first (on the right) and the age after it.
  const intro = [
    /^mrn/i.test(patient.mrn) ? patient.mrn : `${t('profile.mrn')} ${patient.mrn}`,
    patient.age ? t('common.years', { value: format.number(patient.age.value, 0) }) : null,
  ].filter((part): part is string => part !== null);

  return (
    <PageFrame
      title={patient.fullName}
      back={back}
      size="xl"
      actions={
        <>
          {/* Booking refreshes the snapshots itself (appointment-queries.ts). */}
          <BookForPatientButton patient={patient} />
          <OpenInAppMenu patientId={patient.accountId} />
        </>
      }
    >
      <Text c="dimmed" mt={-12} data-testid="snapshot-intro">
        {intro.map((part, index) => (
          <Fragment key={part}>
            {index > 0 && ' · '}
            <bdi>{part}</bdi>
          </Fragment>
        ))}
      </Text>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <ProfileCard patient={patient} openAlerts={snapshot.openAlerts} />
            <AdherenceCard adherence={snapshot.adherence} />
            {caring && <EnrolmentCard patientId={patient.accountId} />}
            {caring && <CareTimeCard patientId={patient.accountId} />}
            <MessagesCard messages={snapshot.messages} />
            <AppointmentsCard appointments={snapshot.upcomingAppointments} />
            <PatientGatewaysCard patientId={patient.accountId} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <VitalsSection readings={snapshot.latestReadings} />
            <ReadingsChartSection
              patientId={patient.accountId}
              types={snapshot.latestReadings.map((r) => r.type)}
              asOf={query.dataUpdatedAt}
            />
            {caring && <HeldReadingsCard patientId={patient.accountId} />}
            <CarePlanSection patientId={patient.accountId} />
            {/* A live event (a reading, an alert, a message…) refreshes the cards above too. */}
            <TimelineSection patientId={patient.accountId} />
          </Stack>
        </Grid.Col>
      </Grid>
    </PageFrame>
  );
}
