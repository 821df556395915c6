import { Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { CareTimeEntry, CareTimeMonth } from '@opencare/schemas/entities/care-time';
import { ROLES } from '@opencare/schemas/roles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/data/load-state';
import { roleNumbersOf } from '../../../session/acting-account';
import { useSession } from '../../../session/use-session';
import { SectionCard } from '../shared/section-card';
import { useReadingFormat } from '../shared/use-reading-format';
import { AddCareTimeForm, CorrectCareTimeForm } from './care-time-forms';
import { useCareTimeMonth } from './care-time-queries';

/** The newest entries shown before "Show all". */
const FIRST_ENTRIES = 5;

/**
 * The patient's month of remote monitoring on their chart (issue 19): "14 of 20 minutes, 11 of 16
 * days", whether there was interactive contact, and the time entries, with adding and correcting.
 */
export function CareTimeCard({ patientId }: { patientId: string }) {
  const { t } = useTranslation('patients');
  // Undefined: this month. Earlier months stay open to add or correct time (the report is monthly).
  const [month, setMonth] = useState<string | undefined>();
  const query = useCareTimeMonth(patientId, month);
  const [adding, setAdding] = useState(false);
  return (
    <SectionCard title={t('careTime.title')} testId="care-time-card">
      <QueryView query={query} loading={t('careTime.loading')}>
        {(shown) => (
          <>
            <MonthSwitch shown={shown} onChange={setMonth} />
            <MonthFigures month={shown} />
          </>
        )}
      </QueryView>
      {/* Under the figures, not beside the title: the card is a narrow column on a desktop. */}
      <Group justify="flex-end">
        <Button size="compact-sm" variant="light" onClick={() => setAdding(true)} data-testid="add-care-time">
          {t('careTime.add')}
        </Button>
      </Group>
      <AddCareTimeForm patientId={patientId} opened={adding} onClose={() => setAdding(false)} />
    </SectionCard>
  );
}

function MonthFigures({ month }: { month: CareTimeMonth }) {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  const [showAll, setShowAll] = useState(false);
  const [correcting, setCorrecting] = useState<CareTimeEntry | null>(null);
  const { state } = useSession();
  const self = state.status === 'signed-in' ? state.account : null;
  // The server decides; this only offers the button to whoever may use it (their own time, or a physician).
  // An entry under a minute (a glance at the chart) has nothing to take off.
  const mayCorrect = (entry: CareTimeEntry) =>
    self !== null &&
    (entry.originalSeconds ?? entry.seconds) >= 60 &&
    (entry.clinicianAccountId === self.id || roleNumbersOf(self).includes(ROLES.Physician));
  const n = (value: number) => format.number(value, 0);
  const entries = showAll ? month.entries : month.entries.slice(0, FIRST_ENTRIES);

  return (
    <Stack gap="sm">
      <Figure
        testId="care-time-minutes"
        label={t('careTime.minutes', { value: n(month.minutes), target: n(month.targetMinutes) })}
        value={month.minutes}
        target={month.targetMinutes}
      />
      <Figure
        testId="care-time-days"
        label={t('careTime.days', { value: n(month.daysWithReadings), target: n(month.targetDays) })}
        value={month.daysWithReadings}
        target={month.targetDays}
      />
      <Text size="sm" fw={month.interactive ? undefined : 600} data-testid="care-time-interactive">
        {month.interactive ? t('careTime.interactive') : t('careTime.noInteractive')}
      </Text>
      {month.entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('careTime.empty')}
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('careTime.entries')}>
          {entries.map((entry) => (
            <Stack key={entry.id} gap={2} component="li" data-testid="care-time-entry" data-source={entry.source}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={600}>
                  {t(`careTime.sources.${entry.source}`)} · <bdi>{t('careTime.entryMinutes', { value: n(Math.floor(entry.seconds / 60)) })}</bdi>
                </Text>
                {mayCorrect(entry) && (
                  <Button size="compact-xs" variant="subtle" onClick={() => setCorrecting(entry)} aria-label={t('careTime.correctOne', { date: format.dateTime(entry.startedAt) })}>
                    {t('careTime.correct')}
                  </Button>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                <bdi>{format.dateTime(entry.startedAt)}</bdi> · <bdi>{entry.clinicianName}</bdi>
                {entry.interactive && (
                  <Badge component="span" size="xs" variant="light" ms={6}>
                    {t('careTime.interactiveBadge')}
                  </Badge>
                )}
              </Text>
              {entry.reason && (
                <Text size="xs" c="dimmed" data-testid="care-time-reason">
                  {entry.reason}
                </Text>
              )}
              {entry.correctedAt && (
                <Text size="xs" c="dimmed" data-testid="care-time-correction">
                  {t('careTime.correctedBecause', {
                    minutes: n(Math.floor((entry.originalSeconds ?? 0) / 60)),
                    reason: entry.correctionReason ?? '',
                  })}
                </Text>
              )}
            </Stack>
          ))}
        </Stack>
      )}
      {month.entries.length > FIRST_ENTRIES && (
        <Button variant="subtle" size="compact-sm" onClick={() => setShowAll((v) => !v)} data-testid="care-time-show-all">
          {showAll ? t('careTime.showFewer') : t('careTime.showAll', { count: month.entries.length })}
        </Button>
      )}
      {correcting && (
        <CorrectCareTimeForm patientId={month.patientAccountId} entry={correcting} onClose={() => setCorrecting(null)} />
      )}
    </Stack>
  );
}

/** YYYY-MM a month before or after. */
export function monthBeside(month: string, step: 1 | -1): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const at = new Date(Date.UTC(year, number - 1 + step, 1));
  return at.toISOString().slice(0, 7);
}

function MonthSwitch({ shown, onChange }: { shown: CareTimeMonth; onChange: (month: string | undefined) => void }) {
  const { t, i18n } = useTranslation('patients');
  const label = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${shown.month}-01T00:00:00Z`),
  );
  const later = shown.month < shown.currentMonth;
  // Earlier is to the start of the line: on the right, pointing right, in Arabic.
  const [earlier, next] = i18n.dir() === 'rtl' ? ['›', '‹'] : ['‹', '›'];
  const go = (step: 1 | -1) => {
    const next = monthBeside(shown.month, step);
    onChange(next >= shown.currentMonth ? undefined : next);
  };
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" data-testid="care-time-month" data-month={shown.month}>
      <Button size="compact-xs" variant="subtle" onClick={() => go(-1)} aria-label={t('careTime.previousMonth')} data-testid="care-time-previous">
        <span aria-hidden>{earlier}</span>
      </Button>
      <Text size="sm" fw={600} aria-live="polite">
        {label}
      </Text>
      <Button size="compact-xs" variant="subtle" onClick={() => go(1)} disabled={!later} aria-label={t('careTime.nextMonth')} data-testid="care-time-next">
        <span aria-hidden>{next}</span>
      </Button>
    </Group>
  );
}

function Figure({ label, value, target, testId }: { label: string; value: number; target: number; testId: string }) {
  const percent = Math.min(100, target > 0 ? (value / target) * 100 : 0);
  return (
    <Stack gap={4} data-testid={testId} data-value={value}>
      <Text size="sm">{label}</Text>
      <Progress value={percent} color={value >= target ? 'green' : 'blue'} aria-label={label} />
    </Stack>
  );
}
