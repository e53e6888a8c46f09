/**
 * Date input shown and typed as dd/MM/yyyy (en-GB, docs/product.md §5.1); the form value is 'YYYY-MM-DD'.
 * Kept in its own module so @mantine/dates loads only with the screens that use it.
 */
import { DateInput, DatesProvider, type DateInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import 'dayjs/locale/en-gb';
import { parseDisplayDate } from '../../lib/format-date';
import { useField } from './fields';

const DISPLAY_DATE_FORMAT = 'DD/MM/YYYY';

export function DateField({
  name,
  ...props
}: { name: string; label: string } & Omit<DateInputProps, 'name' | 'value' | 'onChange' | 'error'>) {
  const { field, error } = useField(name);
  return (
    <DatesProvider settings={{ locale: 'en-gb', firstDayOfWeek: 1 }}>
      <DateInput
        placeholder="dd/mm/yyyy"
        {...props}
        ref={field.ref}
        name={field.name}
        valueFormat={DISPLAY_DATE_FORMAT}
        dateParser={(text) => parseDisplayDate(text)}
        value={(field.value as string | null | undefined) || null}
        onChange={(value) => field.onChange(value ?? null)}
        onBlur={field.onBlur}
        error={error}
      />
    </DatesProvider>
  );
}
