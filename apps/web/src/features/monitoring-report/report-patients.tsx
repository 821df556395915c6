import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { ReportFlag, ReportPatient } from '@opencare/schemas/entities/monitoring-report';
import { listMeta } from '@opencare/schemas/envelope';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPager } from '../../components/data/list-pager';
import { useReadingFormat, type ReadingFormat } from '../patients/shared/use-reading-format';

/** Rows a page: a clinic's month can hold thousands of patients, more than a screen should lay out at once. */
export const REPORT_PAGE_SIZE = 50;

/** Each patient's month: days per period, minutes, the codes earned, what is missing; the evidence on demand. */
export function ReportPatients({ patients }: { patients: ReportPatient[] }) {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  const [open, setOpen] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const meta = listMeta(patients.length, page, REPORT_PAGE_SIZE);
  const onPage = patients.slice((page - 1) * REPORT_PAGE_SIZE, page * REPORT_PAGE_SIZE);
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={640}>
        <Table withTableBorder verticalSpacing="sm" data-testid="report-patients">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('monitoringReport.patient')}</Table.Th>
              <Table.Th>{t('monitoringReport.days')}</Table.Th>
              <Table.Th>{t('monitoringReport.minutes')}</Table.Th>
              <Table.Th>{t('monitoringReport.codes')}</Table.Th>
              <Table.Th>{t('monitoringReport.missing')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {onPage.map((patient) => {
              const expanded = open === patient.patientAccountId;
              return (
                <Fragment key={patient.patientAccountId}>
                  <Table.Tr data-testid="report-patient" data-patient={patient.patientAccountId} data-codes={patient.lines.map((l) => l.code).join(' ')}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        <bdi>{patient.fullName}</bdi>
                      </Text>
                      <Text size="xs" c="dimmed">
                        <bdi>{patient.mrn}</bdi>
                      </Text>
                      <Button
                        variant="subtle"
                        size="compact-xs"
                        px={0}
                        onClick={() => setOpen(expanded ? null : patient.patientAccountId)}
                        aria-expanded={expanded}
                        data-testid="report-evidence-toggle"
                      >
                        {expanded ? t('monitoringReport.hideEvidence') : t('monitoringReport.showEvidence')}
                      </Button>
                    </Table.Td>
                    <Table.Td>
                      {patient.periods.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          {t('monitoringReport.noPeriodEnded')}
                        </Text>
                      ) : (
                        patient.periods.map((period) => (
                          <Text key={period.to} size="sm">
                            <bdi>{t('monitoringReport.periodDays', { value: format.number(period.days.length, 0) })}</bdi>{' '}
                            <Text span size="xs" c="dimmed">
                              <bdi>{t('monitoringReport.periodRange', { from: format.shortDay(period.from), to: format.shortDay(period.to) })}</bdi>
                            </Text>
                          </Text>
                        ))
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" data-testid="report-minutes" data-value={patient.minutes}>
                        <bdi>{t('monitoringReport.minutesValue', { value: format.number(patient.minutes, 0) })}</bdi>
                      </Text>
                      {patient.interactions.length > 0 && (
                        <Badge size="xs" variant="light" tt="none">
                          {t('monitoringReport.interactive')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {patient.lines.length === 0 ? (
                          <Text size="sm" c="dimmed">
                            —
                          </Text>
                        ) : (
                          patient.lines.map((line) => (
                            <Badge key={`${line.code}-${line.period?.to ?? 'month'}`} variant="light" color="teal" tt="none" data-testid="report-line" data-code={line.code}>
                              <bdi>{line.units > 1 ? `${line.code} ×${format.number(line.units, 0)}` : line.code}</bdi>
                            </Badge>
                          ))
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        {patient.flags.map((flag) => (
                          <Text key={flagKey(flag)} size="sm" fw={600} data-testid="report-flag" data-kind={flag.kind}>
                            {flagText(t, format, flag)}
                          </Text>
                        ))}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                  {expanded && (
                    <Table.Tr data-testid="report-evidence">
                      <Table.Td colSpan={5}>
                        <Evidence patient={patient} />
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListPager meta={meta} onPage={setPage} />
    </Stack>
  );
}

const flagKey = (flag: ReportFlag) => (flag.kind === 'needsDays' ? `${flag.kind}-${flag.periodTo}` : flag.kind);

function flagText(t: ReturnType<typeof useTranslation<'patients'>>['t'], format: ReadingFormat, flag: ReportFlag): string {
  // One or more: "1 more day", "4 more days" (the Arabic counts the missing ones, for any number).
  switch (flag.kind) {
    case 'needsDays':
      return t(flag.more === 1 ? 'monitoringReport.flags.needsDaysOne' : 'monitoringReport.flags.needsDaysOther', {
        value: format.number(flag.more, 0),
        code: flag.code,
        to: format.shortDay(flag.periodTo),
      });
    case 'needsMinutes':
      return t(flag.more === 1 ? 'monitoringReport.flags.needsMinutesOne' : 'monitoringReport.flags.needsMinutesOther', {
        value: format.number(flag.more, 0),
        code: flag.code,
      });
    case 'noInteractiveContact':
      return t('monitoringReport.flags.noInteractiveContact');
    case 'setupNotRecorded':
      return t('monitoringReport.flags.setupNotRecorded');
  }
}

/** Which days, which minutes, which interaction: what a biller checks a line against. */
function Evidence({ patient }: { patient: ReportPatient }) {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  return (
    <Stack gap="xs">
      {patient.monitoringSince && (
        <Text size="sm">{t('monitoringReport.monitoringSince', { date: format.day(patient.monitoringSince) })}</Text>
      )}
      {patient.periods.map((period) => (
        <Text key={period.to} size="sm">
          <Text span fw={600}>
            <bdi>{t('monitoringReport.periodRange', { from: format.shortDay(period.from), to: format.shortDay(period.to) })}</bdi>:
          </Text>{' '}
          {period.days.length === 0 ? '—' : period.days.map((day) => format.shortDay(day)).join(', ')}
        </Text>
      ))}
      {patient.clinicians.length > 0 && (
        <Text size="sm">
          <Text span fw={600}>
            {t('monitoringReport.timeBy')}
          </Text>{' '}
          {patient.clinicians.map((c) => t('monitoringReport.clinicianShare', { name: c.name, value: format.number(c.minutes, 0) })).join(' · ')}
        </Text>
      )}
      <Text size="sm">
        <Text span fw={600}>
          {t('monitoringReport.interactions')}
        </Text>{' '}
        {patient.interactions.length === 0
          ? t('monitoringReport.noInteractions')
          : patient.interactions
              .map((i) => t('monitoringReport.interaction', { source: t(`careTime.sources.${i.source}`), at: format.dateTime(i.at), name: i.clinicianName, value: format.number(i.minutes, 0) }))
              .join(' · ')}
      </Text>
    </Stack>
  );
}
