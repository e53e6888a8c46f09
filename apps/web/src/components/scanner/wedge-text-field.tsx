/**
 * A form text field (AppForm, like TextField) that a keyboard-wedge scanner can type into: a scan
 * goes to `onScan` (the field is not filled by the scanner's keystrokes); typing by hand fills it as
 * usual. `format` rewrites typed text (e.g. upper-case an LB number); `formatOnBlur` tidies what
 * is left when the field is left.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { useField } from '../form/fields';
import { useWedgeInput, type ScanHandler } from './wedge-input';

export function WedgeTextField({
  name,
  onScan,
  format,
  formatOnBlur,
  ...props
}: { name: string; label: string; onScan: ScanHandler; format?: (text: string) => string; formatOnBlur?: (text: string) => string } & Omit<
  TextInputProps,
  'name' | 'value' | 'onChange' | 'error' | 'onKeyDown' | 'onFocus' | 'onBlur'
>) {
  const { field, error } = useField(name);
  const wedge = useWedgeInput({ onScan });
  const value = (field.value as string | null | undefined) ?? '';
  return (
    <TextInput
      autoComplete="off"
      {...props}
      ref={field.ref}
      name={field.name}
      value={value}
      error={error}
      onChange={(e) => field.onChange(format ? format(e.currentTarget.value) : e.currentTarget.value)}
      onKeyDown={wedge.onKeyDown}
      onFocus={wedge.onFocus}
      onBlur={(e) => {
        if (formatOnBlur) {
          const tidy = formatOnBlur(e.currentTarget.value);
          if (tidy !== e.currentTarget.value) field.onChange(tidy);
        }
        field.onBlur();
      }}
    />
  );
}
