import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FormProvider, type FieldValues } from 'react-hook-form';
import type { AppFormApi } from './use-app-form';
import { ConflictPanel } from './conflict-panel';
import { preventEnterSubmit } from './keyboard';

/** A red alert for form-level errors (role=alert). */
function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" style={{ whiteSpace: 'pre-line' }}>
      {message}
    </Alert>
  );
}

/**
 * <form> for the form layer: provides the form context to the fields, shows the form-level error
 * above the fields. A data form never submits on Enter from an input (docs/product.md §5.1: a wedge scanner ends
 * its burst with Enter); `submitOnEnter` is for the forms no scanner types into — sign-in and the
 * recovery steps (docs/decisions/040-enter-key.md).
 */
export function AppForm<I extends FieldValues, O>(props: {
  api: AppFormApi<I, O>;
  onSubmit: (values: O) => Promise<unknown>;
  children: ReactNode;
  'aria-label'?: string;
  id?: string;
  submitOnEnter?: boolean;
}) {
  const { api } = props;
  return (
    <FormProvider {...api.form}>
      <form
        id={props.id}
        noValidate
        aria-label={props['aria-label']}
        onKeyDown={props.submitOnEnter ? undefined : preventEnterSubmit}
        onSubmit={(event) => {
          event.preventDefault();
          void api.submit(props.onSubmit)(event);
        }}
      >
        <Stack gap="md">
          <FormAlert message={api.formError} />
          {api.conflict && <ConflictPanel conflict={api.conflict} />}
          {props.children}
        </Stack>
      </form>
    </FormProvider>
  );
}

/**
 * The submit button: an update form's stays disabled while the form is pristine (docs/product.md §5.1); it spins
 * while the request runs. `disabled` adds a screen's own reason (e.g. an upload in progress).
 */
export function SubmitButton<I extends FieldValues, O>(props: {
  api: AppFormApi<I, O>;
  update: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  children: ReactNode;
}) {
  const { api } = props;
  return (
    <Button
      type="submit"
      fullWidth={props.fullWidth}
      disabled={(props.update && !api.form.formState.isDirty) || props.disabled}
      loading={api.processing}
    >
      {props.children}
    </Button>
  );
}
