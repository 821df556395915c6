import type { Reading } from '@opencare/schemas/entities/patients';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../session/use-preferences';
import { scaleOf, type DisplayUnits } from './units';

export interface FormattedReading {
  /** The headline, e.g. "118/76 mmHg" or "98.6 °F". */
  main: string;
  /** What else the reading holds, e.g. "Pulse 64 /min". */
  extra: string[];
}

const MEASURES = [
  'systolic',
  'diastolic',
  'pulse',
  'spo2',
  'temperature',
  'weight',
  'glucose',
  'fev1',
  'fvc',
  'pef',
  'value',
] as const;

/** Numbers, dates and readings as the reader's language and unit preferences write them. */
export function useReadingFormat() {
  const { t, i18n } = useTranslation('patients');
  const { preferences } = usePreferences();
  const units: DisplayUnits = {
    temperatureUnit: preferences.temperatureUnit,
    weightUnit: preferences.weightUnit,
  };
  const language = i18n.language;
  const { temperatureUnit, weightUnit } = units;

  return useMemo(() => {
    const scaled = { temperatureUnit, weightUnit };
    const numberFormats = new Map<number, Intl.NumberFormat>();
    const number = (value: number, digits: number) => {
      let format = numberFormats.get(digits);
      if (!format) {
        format = new Intl.NumberFormat(language, { maximumFractionDigits: digits, minimumFractionDigits: 0 });
        numberFormats.set(digits, format);
      }
      return format.format(value);
    };
    const dateTimeFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    // Calendar days (a birth date, a week) are dates, not instants: read and written in UTC so no time zone moves them.
    const dayFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    const shortDateFormat = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric' });
    const shortDayFormat = new Intl.DateTimeFormat(language, {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });

    /** A value of a reading in the reader's unit, without the unit. */
    const value = (type: string, key: string, stored: number) => {
      const scale = scaleOf(type, key, scaled);
      return number(scale.convert(stored), scale.digits);
    };
    const unit = (type: string, key: string) => scaleOf(type, key, scaled).unit;
    const keyLabel = (key: string) =>
      (MEASURES as readonly string[]).includes(key) ? t(`values.${key as (typeof MEASURES)[number]}`) : key;

    // A value with its unit ("118/76 mmHg") is a left-to-right island in an Arabic sentence:
    // isolated (LRI … PDI), it keeps its order instead of turning into "mmHg 118/76".
    const isolated = (text: string) => `\u2066${text}\u2069`;
    /** One stored value with its unit ("95 °F"), isolated left to right: the way every screen writes one. */
    const quantity = (type: string, key: string, stored: number) =>
      isolated(`${value(type, key, stored)} ${unit(type, key)}`.trim());
    const reading = (type: string, values: Reading['values']): FormattedReading => {
      const part = (key: string) => quantity(type, key, values[key] ?? 0);
      if (type === 'bp' && values.systolic !== undefined && values.diastolic !== undefined) {
        const pressure = `${value(type, 'systolic', values.systolic)}/${value(type, 'diastolic', values.diastolic)}`;
        const extra = values.pulse !== undefined ? [`${keyLabel('pulse')} ${part('pulse')}`] : [];
        return { main: isolated(`${pressure} ${unit(type, 'systolic')}`), extra };
      }
      const [first, ...rest] = Object.keys(values);
      if (first === undefined) return { main: '—', extra: [] };
      return { main: part(first), extra: rest.map((key) => `${keyLabel(key)} ${part(key)}`) };
    };

    return {
      number,
      value,
      unit,
      quantity,
      keyLabel,
      reading,
      units: scaled,
      dateTime: (iso: string) => dateTimeFormat.format(new Date(iso)),
      day: (ymd: string) => dayFormat.format(new Date(`${ymd}T00:00:00Z`)),
      shortDate: (date: Date) => shortDateFormat.format(date),
      shortDay: (ymd: string) => shortDayFormat.format(new Date(`${ymd}T00:00:00Z`)),
    };
  }, [language, t, temperatureUnit, weightUnit]);
}

export type ReadingFormat = ReturnType<typeof useReadingFormat>;
