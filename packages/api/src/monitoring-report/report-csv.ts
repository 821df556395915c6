import type { MonitoringReport } from '@opencare/schemas/entities/monitoring-report';
import { daysOfMonth } from './report-rules';

const HEADER = [
  'Month',
  'Patient',
  'MRN',
  'Code',
  'Units',
  'Service from',
  'Service to',
  'Days with readings',
  'Minutes',
  'Interactive contact',
  'Evidence',
  'Signed by',
  'Signed at',
];

/**
 * A cell as spreadsheets read it safely: quoted, quotes doubled, and a value that a spreadsheet would
 * run as a formula (=, +, -, @, a tab or a carriage return first) opened with an apostrophe.
 */
export function csvCell(value: string | number): string {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** The report as CSV: one row per code line, the evidence in words a biller can check. */
export function reportCsv(report: MonitoringReport): string {
  const signedBy = report.signoff?.signedByName ?? '';
  const signedAt = report.signoff?.signedAt ?? '';
  const rows = report.patients.flatMap((patient) =>
    patient.lines.map((line) => {
      const { first, last } = daysOfMonth(report.month);
      const evidence = line.period
        ? `Readings on ${line.period.days.join(' ')}`
        : patient.interactions.map((i) => `${i.source} ${i.at.slice(0, 16).replace('T', ' ')} UTC ${i.clinicianName} ${i.minutes} min`).join('; ');
      return [
        report.month,
        patient.fullName,
        patient.mrn,
        line.code,
        line.units,
        line.period?.from ?? first,
        line.period?.to ?? last,
        line.period ? line.period.days.length : '',
        line.minutes ?? '',
        line.period ? '' : patient.interactions.length > 0 ? 'yes' : 'no',
        evidence,
        signedBy,
        signedAt,
      ];
    }),
  );
  return [HEADER, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
