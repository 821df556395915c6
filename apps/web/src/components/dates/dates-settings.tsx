import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useDatesLocale } from './use-dates-locale';

/**
 * Mantine's calendars and date fields in the reader's language, with weeks from Sunday to Saturday
 * (spec §9: 7-day weeks, at most a 42-day grid) whatever the language's own custom. No day is set
 * apart as a weekend: care goes on then, and Mantine's red weekend days fail the app's contrast.
 */
export function DatesSettings({ children }: { children: ReactNode }) {
  const locale = useDatesLocale();
  return <DatesProvider settings={{ locale, firstDayOfWeek: 0, weekendDays: [] }}>{children}</DatesProvider>;
}
