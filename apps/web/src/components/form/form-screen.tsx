/**
 * The frame of a single-record form screen (Settings forms, accounts, profile): a page heading, the
 * form in a panel, a loader while the record loads, and Cancel + submit under the fields. Once the
 * form shows, its first field has the focus, so typing starts at once.
 */
import { Alert, Button, Center, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Link } from 'react-router';
import { SubmitButton } from './app-form';
import type { AppFormApi } from './use-app-form';

const FIELD_SELECTOR = 'input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), select:not(:disabled)';

/** Focuses the first enabled field inside `container`; nothing when it has none. */
export function focusFirstField(container: HTMLElement) {
  container.querySelector<HTMLElement>(FIELD_SELECTOR)?.focus();
}

export function FormScreen(props: {
  title: ReactNode;
  children?: ReactNode;
  loading?: boolean;
  failed?: boolean;
  failedMessage?: string;
  maw?: number;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const formShown = !props.loading && !props.failed;
  useEffect(() => {
    if (formShown && panel.current) focusFirstField(panel.current);
  }, [formShown]);

  return (
    <Stack maw={props.maw ?? 640}>
      <Title order={1} size="h2">
        {props.title}
      </Title>
      <Paper ref={panel} withBorder p="lg" radius="md">
        {props.failed ? (
          <Alert color="red" role="alert">
            {props.failedMessage ?? 'The record could not be loaded.'}
          </Alert>
        ) : props.loading ? (
          <Center mih={200}>
            <Loader role="status" aria-label="Loading..." />
          </Center>
        ) : (
          props.children
        )}
      </Paper>
    </Stack>
  );
}

/**
 * Cancel (a link back to `cancelTo`) and the submit button, which reads 'Update' on an update form
 * and 'Create' on a create form unless the screen names it.
 */
export function FormActions<I extends FieldValues, O>(props: {
  cancelTo: string;
  api: AppFormApi<I, O>;
  update: boolean;
  submitLabel?: string;
}) {
  return (
    <Group justify="flex-end" mt="sm">
      <Button component={Link} to={props.cancelTo} variant="default">
        Cancel
      </Button>
      <SubmitButton api={props.api} update={props.update}>
        {props.submitLabel ?? (props.update ? 'Update' : 'Create')}
      </SubmitButton>
    </Group>
  );
}
