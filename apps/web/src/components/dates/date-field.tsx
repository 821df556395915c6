import { DateInput, type DateInputProps } from '@mantine/dates';
import { DATE_FORMAT } from '@opencare/schemas/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateLabels } from './date-labels';
import { DatesSettings } from './dates-settings';
import classes from './dates.module.css';
import { useCalendarAriaLabels } from './use-calendar-aria-labels';

interface DateFieldProps extends Omit<
  DateInputProps,
  'value' | 'onChange' | 'minDate' | 'maxDate' | 'excludeDate' | 'valueFormat' | 'popoverProps'
> {
  /** YYYY-MM-DD, or '' (or nothing) for none. */
  value?: string;
  /** Called with a whole, valid YYYY-MM-DD date, or '' once the field is emptied. */
  onChange: (value: string) => void;
  /**
   * The first and last dates the calendar offers, YYYY-MM-DD. A date typed outside them is still
   * taken, so that the form can say why it is refused rather than the field silently undoing it.
   */
  min?: string;
  max?: string;
}

/**
 * Where a person picks a date: typed as YYYY-MM-DD (spec §9's date format, Latin digits and left
 * to right in every language), or chosen on Mantine's calendar, which opens below in the reader's
 * language. A half-typed date changes nothing; an emptied field is ''. The calendar closes once a
 * whole date is there, typed or chosen, so it no longer covers what comes next on the page.
 */
export function DateField({
  value,
  onChange,
  min,
  max,
  onFocus,
  onClick,
  onBlur,
  onKeyDown,
  ...props
}: DateFieldProps) {
  const { i18n } = useTranslation();
  const { dayNumber, ...labels } = dateLabels(i18n.language);
  const ariaLabels = useCalendarAriaLabels();
  const [opened, setOpened] = useState(false);
  return (
    <DatesSettings>
      <DateInput
        valueFormat={DATE_FORMAT}
        placeholder={DATE_FORMAT}
        dir="ltr"
        allowDeselect
        {...labels}
        renderDay={dayNumber}
        ariaLabels={ariaLabels}
        classNames={{ day: classes.day }}
        {...props}
        value={value || null}
        onChange={(date) => {
          if (date) setOpened(false);
          onChange(date ?? '');
        }}
        excludeDate={(date) => (min !== undefined && date < min) || (max !== undefined && date > max)}
        // Gone at once when closed: fading out, it would still take the click meant for what it covered.
        popoverProps={{ opened, transitionProps: { exitDuration: 0 } }}
        onFocus={(event) => {
          setOpened(true);
          onFocus?.(event);
        }}
        onClick={(event) => {
          setOpened(true);
          onClick?.(event);
        }}
        onBlur={(event) => {
          setOpened(false);
          onBlur?.(event);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpened(false);
          onKeyDown?.(event);
        }}
      />
    </DatesSettings>
  );
}
