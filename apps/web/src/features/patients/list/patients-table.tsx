import { Anchor, Paper, Table, Text } from '@mantine/core';
import type { PatientListItem } from '@opencare/schemas/entities/patients';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useLivePresence } from '../../../realtime/use-live-presence';
import { pathTo } from '../../../route-paths';
import { useReadingFormat } from '../shared/use-reading-format';
import { PresenceIndicator } from './presence-indicator';

/**
 * A page of patients; the name opens the snapshot (a click anywhere on the row does too). A phone
 * shows name, MRN and age; the date of birth and primary provider come back on wider screens.
 * Under each name, whether the patient is online (kept current live) or when they were last seen.
 */
export function PatientsTable({ patients }: { patients: PatientListItem[] }) {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  const navigate = useNavigate();
  const presenceOf = useLivePresence();
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={300}>
        <Table verticalSpacing="sm" highlightOnHover data-testid="patients-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('list.columns.name')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('list.columns.mrn')}</Table.Th>
              <Table.Th>{t('list.columns.age')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('list.columns.dateOfBirth')}</Table.Th>
              <Table.Th visibleFrom="md">{t('list.columns.primaryProvider')}</Table.Th>
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
                    <Text size="xs" c="dimmed" hiddenFrom="sm">
                      <bdi>{patient.mrn}</bdi>
                    </Text>
                    <PresenceIndicator presence={presenceOf(patient.accountId, patient)} />
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <bdi>{patient.mrn}</bdi>
                  </Table.Td>
                  <Table.Td>
                    {patient.age ? (
                      <bdi>{t('common.years', { value: format.number(patient.age.value, 0) })}</bdi>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    {patient.dateOfBirth ? <bdi>{format.day(patient.dateOfBirth)}</bdi> : '—'}
                  </Table.Td>
                  <Table.Td visibleFrom="md">
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
