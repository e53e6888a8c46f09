/**
 * A form text field (AppForm, like TextField) that a keyboard-wedge scanner can type into
 * (docs/decisions/275). Typing fills it as usual; a scan puts its code, formatted, in place of what
 * the field held (a previous value, the 'LB' prefix), marks the field touched and shows it before
 * the next scan is taken; then `onScan` gets the formatted code (to move on, to look it up) and may
 * give the scan's verdict (wedge-input.ts).
 *
 * `format` rewrites typed, pasted and scanned text alike (e.g. one 'LB', upper-cased);
 * `formatOnBlur` tidies what is left when the field is left. `errorOnceTouched` shows the field's
 * error as soon as it was left, changed or not (docs/product.md §5.1: "once the field is touched").
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { useRef } from 'react';
import { flushSync } from 'react-dom';
import { useFormContext, useFormState } from 'react-hook-form';
import { useField } from '../form/fields';
import { useWedgeInput, type ScanHandler } from './wedge-input';

export function WedgeTextField({
  name,
  onScan,
  onEnter,
  format,
  formatOnBlur,
  errorOnceTouched = false,
  ...props
}: {
  name: string;
  label: string;
  onScan?: ScanHandler;
  onEnter?: (typed: string) => void;
  format?: (text: string) => string;
  formatOnBlur?: (text: string) => string;
  errorOnceTouched?: boolean;
} & Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'onKeyDown' | 'onFocus' | 'onBlur'>) {
  const { field, error } = useField(name);
  const { control, setValue, getFieldState } = useFormContext();
  const formState = useFormState({ control, name });
  const fieldState = getFieldState(name, formState);
  // A field a scanner types into takes the keys typed before it could (docs/decisions/275).
  const own = useRef<HTMLInputElement>(null);
  const ref = useMergedRef(own, field.ref);
  const wedge = useWedgeInput({
    onScan: (code) => {
      const value = format ? format(code) : code;
      // On screen before the next scan is taken (scans are queued, each one seen).
      flushSync(() => setValue(name, value, { shouldDirty: true, shouldTouch: true, shouldValidate: true }));
      return onScan?.(value);
    },
    onEnter,
    earlyKeys: own,
  });
  const value = (field.value as string | null | undefined) ?? '';
  // The field's own rule first; then what the caller adds (e.g. a number already used elsewhere).
  const shown =
    error ?? (errorOnceTouched && (fieldState.isTouched || formState.isSubmitted) ? fieldState.error?.message : undefined) ?? props.error;
  return (
    <TextInput
      autoComplete="off"
      {...props}
      ref={ref}
      name={field.name}
      value={value}
      error={shown}
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
