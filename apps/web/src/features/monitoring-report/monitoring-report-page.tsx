import { Alert, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { MonitoringReport } from '@opencare/schemas/entities/monitoring-report';
import { ROLES } from '@opencare/schemas/roles';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../api/error-message';
import { QueryView } from '../../components/data/load-state';
import { ClipboardIcon } from '../../components/icons/icons';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { roleNumbersOf } from '../../session/acting-account';
import { useSession } from '../../session/use-session';
import { ConfirmDialog } from '../patients/care-plan/confirm-dialog';
import { monthBeside } from '../patients/care-time/care-time-card';
import { useReadingFormat } from '../patients/shared/use-reading-format';
import { BillingCodesSection } from './billing-codes-section';
import { ReportPatients } from './report-patients';
import { useDownloadCsv, useMonitoringReport, useSignReport } from './report-queries';

/** The last month that has ended, on this device's calendar (the server judges on the organisation's). */
function lastClosedMonth(): string {
  const now = new Date();
  return monthBeside(`${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`, -1);
}

/**
 * The monthly report of remote patient monitoring (issue 19, part 3): per patient, the codes the
 * month earned with their evidence and what is missing; a physician signs it; billing exports CSV.
 */
export function MonitoringReportPage() {
  const { t } = useTranslation('patients');
  const [month, setMonth] = useState(lastClosedMonth);
  const report = useMonitoringReport(month);
  return (
    <PageFrame title={t('monitoringReport.title')} intro={t('monitoringReport.intro')} size="xl">
      <Stack gap="lg">
        <MonthSwitch month={month} onChange={setMonth} />
        <QueryView query={report} loading={t('monitoringReport.loading')}>
          {(shown) => <ReportView report={shown} />}
        </QueryView>
        <BillingCodesSection />
      </Stack>
    </PageFrame>
  );
}

function MonthSwitch({ month, onChange }: { month: string; onChange: (month: string) => void }) {
  const { t, i18n } = useTranslation('patients');
  const label = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
  const [earlier, later] = i18n.dir() === 'rtl' ? ['›', '‹'] : ['‹', '›'];
  return (
    <Group gap="xs" data-testid="report-month" data-month={month}>
      <Button variant="default" size="compact-md" onClick={() => onChange(monthBeside(month, -1))} aria-label={t('monitoringReport.previousMonth')} data-testid="report-previous">
        <span aria-hidden>{earlier}</span>
      </Button>
      <Text fw={700} size="lg" aria-live="polite" miw={160} ta="center">
        {label}
      </Text>
      <Button
        variant="default"
        size="compact-md"
        onClick={() => onChange(monthBeside(month, 1))}
        disabled={month >= lastClosedMonth()}
        aria-label={t('monitoringReport.nextMonth')}
        data-testid="report-next"
      >
        <span aria-hidden>{later}</span>
      </Button>
    </Group>
  );
}

/** Lower case without accents, so "jose" finds José. */
const searchable = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

function ReportView({ report }: { report: MonitoringReport }) {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  const [clinician, setClinician] = useState<string | null>(null);
  const shown = useMemo(
    () => (clinician ? report.patients.filter((p) => p.clinicians.some((c) => c.clinicianAccountId === clinician)) : report.patients),
    [clinician, report.patients],
  );
  // The search narrows the table only: the figures above stay the month's (or the clinician's).
  const [query, setQuery] = useState('');
  const listed = useMemo(() => {
    const words = searchable(query).split(/\s+/).filter(Boolean);
    return words.length === 0 ? shown : shown.filter((p) => words.every((word) => searchable(`${p.fullName} ${p.mrn}`).includes(word)));
  }, [query, shown]);
  const lineCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const line of shown.flatMap((p) => p.lines)) counts.set(line.code, (counts.get(line.code) ?? 0) + line.units);
    return [...counts].sort(([a], [b]) => a.localeCompare(b));
  }, [shown]);

  return (
    <Stack gap="md" data-testid="monitoring-report" data-signed={report.signoff !== null}>
      <SignoffStatus report={report} />
      {report.patients.length === 0 ? (
        <EmptyState order={2} icon={<ClipboardIcon size={28} />} title={t('monitoringReport.empty')} hint={t('monitoringReport.emptyHint')} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
            <Paper withBorder radius="md" p="sm" data-testid="report-patient-count" data-value={shown.length}>
              <Text size="xs" c="dimmed" fw={600}>
                {t('monitoringReport.patients')}
              </Text>
              <Text size="xl" fw={700}>
                <bdi>{format.number(shown.length, 0)}</bdi>
              </Text>
            </Paper>
            {lineCounts.map(([code, units]) => (
              <Paper key={code} withBorder radius="md" p="sm" data-testid="report-code-count" data-code={code} data-value={units}>
                <Text size="xs" c="dimmed" fw={600}>
                  <bdi>{t('monitoringReport.codeUnits', { code })}</bdi>
                </Text>
                <Text size="xl" fw={700}>
                  <bdi>{format.number(units, 0)}</bdi>
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          <Group align="end" gap="sm" wrap="wrap">
            <TextInput
              label={t('monitoringReport.find')}
              placeholder={t('monitoringReport.findPlaceholder')}
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              type="search"
              w={280}
              maw="100%"
              data-testid="report-find"
            />
            {report.clinicians.length > 0 && (
              <Select
                label={t('monitoringReport.clinician')}
                data={[
                  { value: '', label: t('monitoringReport.allClinicians') },
                  ...report.clinicians.map((c) => ({
                    value: c.clinicianAccountId,
                    label: t('monitoringReport.clinicianMinutes', { name: c.name, minutes: format.number(c.minutes, 0), patients: format.number(c.patients, 0) }),
                  })),
                ]}
                value={clinician ?? ''}
                onChange={(value) => setClinician(value || null)}
                allowDeselect={false}
                w={420}
                maw="100%"
                data-testid="report-clinician"
              />
            )}
          </Group>
          {listed.length === 0 ? (
            <Text c="dimmed" data-testid="report-no-match">
              {t('monitoringReport.noMatch')}
            </Text>
          ) : (
            // Keyed by what is shown: another month, clinician or search starts again at the first page.
            <ReportPatients key={`${report.month} ${clinician ?? ''} ${query}`} patients={listed} />
          )}
        </>
      )}
    </Stack>
  );
}

/** Signed or not, by whom and when; the physician's sign button; the CSV for billing. */
function SignoffStatus({ report }: { report: MonitoringReport }) {
  const { t, i18n } = useTranslation('patients');
  const { t: tc } = useTranslation();
  const format = useReadingFormat();
  const { state } = useSession();
  const physician = state.status === 'signed-in' && roleNumbersOf(state.account).includes(ROLES.Physician);
  const sign = useSignReport();
  const download = useDownloadCsv();
  const [confirming, setConfirming] = useState(false);
  const [exportFailure, setExportFailure] = useState<unknown>(null);
  const [exporting, setExporting] = useState(false);
  const monthLabel = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${report.month}-01T00:00:00Z`));

  async function exportCsv() {
    setExporting(true);
    setExportFailure(null);
    try {
      await download(report.month);
    } catch (error) {
      setExportFailure(error);
    } finally {
      setExporting(false);
    }
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        {report.signoff ? (
          <Badge color="teal" variant="light" size="lg" tt="none" data-testid="report-signed">
            {t('monitoringReport.signedBy', { name: report.signoff.signedByName, date: format.dateTime(report.signoff.signedAt) })}
          </Badge>
        ) : (
          <Badge color="gray" variant="light" size="lg" tt="none" data-testid="report-unsigned">
            {t('monitoringReport.notSigned')}
          </Badge>
        )}
        <Group gap="xs">
          {physician && !report.signoff && report.patients.length > 0 && (
            <Button onClick={() => setConfirming(true)} data-testid="report-sign">
              {t('monitoringReport.sign')}
            </Button>
          )}
          <Button variant="default" onClick={() => void exportCsv()} loading={exporting} disabled={report.patients.length === 0} data-testid="report-export">
            {t('monitoringReport.exportCsv')}
          </Button>
        </Group>
      </Group>
      {report.changedSinceSigning && (
        <Alert color="yellow" variant="light" data-testid="report-changed">
          {t('monitoringReport.changedSinceSigning')}
        </Alert>
      )}
      {exportFailure !== null && (
        <Alert color="red" variant="light" role="alert">
          {errorMessageOf(tc, exportFailure)}
        </Alert>
      )}
      <ConfirmDialog
        opened={confirming}
        title={t('monitoringReport.signTitle', { month: monthLabel })}
        body={t('monitoringReport.signBody')}
        confirmLabel={t('monitoringReport.sign')}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await sign.mutateAsync({ month: report.month });
          setConfirming(false);
        }}
      />
    </Stack>
  );
}
