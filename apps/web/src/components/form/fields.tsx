/**
 * Form fields bound to the surrounding AppForm by name. Each shows only its first error (docs/product.md §5.1),
 * and only once the user has changed the field and left it, or tried to submit; a server error
 * shows at once.
 */
import {
  Checkbox,
  NativeSelect,
  NumberInput,
  PasswordInput,
  TextInput,
  Textarea,
  type CheckboxProps,
  type NativeSelectProps,
  type NumberInputProps,
  type PasswordInputProps,
  type TextInputProps,
  type TextareaProps,
} from '@mantine/core';
import { useController, useFormContext, type ControllerFieldState, type FormState, type FieldValues } from 'react-hook-form';
import { ignoreArrowKeys } from './keyboard';

/**
 * Leaving a field the user did not change says nothing yet: a form opens with its first field
 * focused, and a 'Required Field' popping up under it as the user reaches for Create would move
 * the button away from under the pointer and swallow the click.
 */
function visibleError(fieldState: ControllerFieldState, formState: FormState<FieldValues>): string | undefined {
  const error = fieldState.error;
  if (!error?.message) return undefined;
  if (error.type === 'server' || (fieldState.isTouched && fieldState.isDirty) || formState.isSubmitted) return error.message;
  return undefined;
}

export function useField(name: string) {
  const { control } = useFormContext();
  const { field, fieldState, formState } = useController({ name, control });
  return { field, error: visibleError(fieldState, formState) };
}

/** The props that bind a text-like Mantine input (text, password, textarea) to a form value; empty is ''. */
function useTextBinding(name: string) {
  const { field, error } = useField(name);
  return {
    ref: field.ref,
    name: field.name,
    value: (field.value as string | null | undefined) ?? '',
    onChange: (e: { currentTarget: { value: string } }) => field.onChange(e.currentTarget.value),
    onBlur: field.onBlur,
    error,
  };
}

type Base = { name: string; label: string };

export function TextField({ name, ...props }: Base & Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'error'>) {
  const binding = useTextBinding(name);
  return <TextInput {...props} {...binding} />;
}

export function PasswordField({ name, ...props }: Base & Omit<PasswordInputProps, 'name' | 'value' | 'onChange' | 'error'>) {
  const binding = useTextBinding(name);
  return (
    <PasswordInput
      // Mantine's default name 'Toggle password visibility' would also match getByLabel('Password').
      visibilityToggleButtonProps={{ 'aria-label': 'Show or hide characters' }}
      // Mantine's PasswordInput marks its inner input data-invalid only: screen readers need aria-invalid.
      aria-invalid={binding.error ? true : undefined}
      {...props}
      {...binding}
    />
  );
}

export function TextareaField({ name, ...props }: Base & Omit<TextareaProps, 'name' | 'value' | 'onChange' | 'error'>) {
  const binding = useTextBinding(name);
  return <Textarea autosize minRows={3} {...props} {...binding} />;
}

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A native select: keyboard and screen-reader friendly, and `selectOption()` in browser tests.
 * The empty option ('' in the DOM) stands for `emptyValue` in the form (undefined or null).
 */
export function SelectField({
  name,
  options,
  emptyLabel,
  emptyValue = null,
  onValueChange,
  ...props
}: Base &
  Omit<NativeSelectProps, 'name' | 'value' | 'onChange' | 'error' | 'data'> & {
    options: readonly (SelectOption | string)[];
    /** Text of the empty option; omit to offer none (a placeholder option is still shown while empty). */
    emptyLabel?: string;
    emptyValue?: null | undefined;
    onValueChange?: (value: string | null | undefined) => void;
  }) {
  const { field, error } = useField(name);
  const value = (field.value as string | null | undefined) ?? '';
  const data = options.map((o) => (typeof o === 'string' ? { value: o, label: o } : o));
  const withEmpty = emptyLabel !== undefined || value === '';
  return (
    <NativeSelect
      {...props}
      ref={field.ref}
      name={field.name}
      value={value}
      data={[...(withEmpty ? [{ value: '', label: emptyLabel ?? '', disabled: emptyLabel === undefined }] : []), ...data]}
      onChange={(e) => {
        const next = e.currentTarget.value === '' ? emptyValue : e.currentTarget.value;
        field.onChange(next);
        onValueChange?.(next);
      }}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

/** A number input that ignores ArrowUp/ArrowDown and the mouse wheel (docs/product.md §5.1); empty is null. */
export function NumberField({ name, ...props }: Base & Omit<NumberInputProps, 'name' | 'value' | 'onChange' | 'error'>) {
  const { field, error } = useField(name);
  return (
    <NumberInput
      {...props}
      ref={field.ref}
      name={field.name}
      withKeyboardEvents={false}
      onKeyDown={ignoreArrowKeys}
      value={(field.value as number | null | undefined) ?? ''}
      onChange={(v) => field.onChange(v === '' ? null : typeof v === 'number' ? v : Number(v))}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

export function CheckboxField({ name, ...props }: Base & Omit<CheckboxProps, 'name' | 'checked' | 'onChange' | 'error'>) {
  const { field, error } = useField(name);
  return (
    <Checkbox
      {...props}
      ref={field.ref}
      name={field.name}
      checked={Boolean(field.value)}
      onChange={(e) => field.onChange(e.currentTarget.checked)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
