import { DateInput, type DateInputProps } from '@mantine/dates';
import { DATE_FORMAT } from '@opencare/schemas/constants';
import { useTranslation } from 'react-i18next';
import { dateLabels } from './date-labels';
import { DatesSettings } from './dates-settings';

interface DateFieldProps extends Omit<
  DateInputProps,
  'value' | 'onChange' | 'minDate' | 'maxDate' | 'excludeDate' | 'valueFormat'
> {
  /** YYYY-MM-DD, or '' for none. */
  value: string;
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
 * language. A half-typed date changes nothing; an emptied field is ''.
 */
export function DateField({ value, onChange, min, max, ...props }: DateFieldProps) {
  const { i18n } = useTranslation();
  const { dayNumber, ...labels } = dateLabels(i18n.language);
  return (
    <DatesSettings>
      <DateInput
        valueFormat={DATE_FORMAT}
        placeholder={DATE_FORMAT}
        dir="ltr"
        allowDeselect
        {...labels}
        renderDay={dayNumber}
        {...props}
        value={value || null}
        onChange={(date) => onChange(date ?? '')}
        excludeDate={(date) => (min !== undefined && date < min) || (max !== undefined && date > max)}
      />
    </DatesSettings>
  );
}
