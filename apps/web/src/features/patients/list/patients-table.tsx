import { Anchor, Paper, Table, Text } from '@mantine/core';
import type { PatientListItem, PatientSort, SortDirection } from '@opencare/schemas/entities/patients';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useLivePresence } from '../../../realtime/use-live-presence';
import { pathTo } from '../../../route-paths';
import { useReadingFormat } from '../shared/use-reading-format';
import { AdherenceCell } from './adherence-cell';
import { LastReadingCell } from './last-reading-cell';
import { OpenAlertsCell } from './open-alerts-cell';
import { PresenceIndicator } from './presence-indicator';
import { SortableHeader } from './sortable-header';

interface PatientsTableProps {
  patients: PatientListItem[];
  sort: { sort: PatientSort; direction: SortDirection };
  onSort: (column: PatientSort) => void;
  /** The rows shown are the previous sort's or page's while the next ones load. */
  busy?: boolean;
}

/**
 * A page of patients; the name opens the snapshot (a click anywhere on the row does too). A phone
 * shows name (MRN under it), open alerts and age; last reading and adherence come back from small
 * tablets, the MRN on laptops, the primary provider and then the date of birth on wide screens. Under each name,
 * whether the patient is online (kept current live) or when they were last seen. The name, alert,
 * reading and adherence headers sort the whole list on the server.
 */
export function PatientsTable({ patients, sort, onSort, busy = false }: PatientsTableProps) {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  const navigate = useNavigate();
  const presenceOf = useLivePresence();
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={300}>
        <Table verticalSpacing="sm" highlightOnHover data-testid="patients-table" aria-busy={busy}>
          <Table.Thead>
            <Table.Tr>
              <SortableHeader column="name" sort={sort} onSort={onSort}>
                {t('list.columns.name')}
              </SortableHeader>
              <SortableHeader column="openAlerts" sort={sort} onSort={onSort}>
                {t('list.columns.openAlerts')}
              </SortableHeader>
              <SortableHeader column="lastReading" sort={sort} onSort={onSort} visibleFrom="sm">
                {t('list.columns.lastReading')}
              </SortableHeader>
              <SortableHeader column="adherence" sort={sort} onSort={onSort} visibleFrom="sm">
                {t('list.columns.adherence')}
              </SortableHeader>
              <Table.Th visibleFrom="md">{t('list.columns.mrn')}</Table.Th>
              <Table.Th>{t('list.columns.age')}</Table.Th>
              <Table.Th visibleFrom="xl">{t('list.columns.dateOfBirth')}</Table.Th>
              <Table.Th visibleFrom="lg">{t('list.columns.primaryProvider')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {patients.map((patient) => {
              const to = pathTo('patientProfile', { patientId: patient.accountId });
              return (
                <Table.Tr
                  key={patient.accountId}
                  data-testid="patient-row"
                  style={{ cursor: 'pointer' }}
                  onClick={() => void navigate(to)}
                >
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={to}
                      fz="sm"
                      fw={600}
                      onClick={(event) => event.stopPropagation()}
                    >
                      {patient.fullName}
                    </Anchor>
                    <Text size="xs" c="dimmed" hiddenFrom="md">
                      <bdi>{patient.mrn}</bdi>
                    </Text>
                    <PresenceIndicator presence={presenceOf(patient.accountId, patient)} />
                  </Table.Td>
                  <Table.Td>
                    <OpenAlertsCell openAlerts={patient.openAlerts} />
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <LastReadingCell lastReading={patient.lastReading} />
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <AdherenceCell adherence={patient.adherence} />
                  </Table.Td>
                  <Table.Td visibleFrom="md">
                    <bdi>{patient.mrn}</bdi>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {patient.age ? (
                      <bdi>{t('common.years', { value: format.number(patient.age.value, 0) })}</bdi>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td visibleFrom="xl" style={{ whiteSpace: 'nowrap' }}>
                    {patient.dateOfBirth ? <bdi>{format.day(patient.dateOfBirth)}</bdi> : '—'}
                  </Table.Td>
                  <Table.Td visibleFrom="lg">
                    {patient.primaryProvider?.fullName ?? t('list.noPrimaryProvider')}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
