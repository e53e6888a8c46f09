/** The frame of the Settings forms: a page heading, the form in a panel, a loader while the record loads. */
import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '../../app/layout/page-loader';
import { paths } from '../../app/paths';

export function FormScreen(props: { title: ReactNode; children?: ReactNode; loading?: boolean; failed?: boolean }) {
  return (
    <Stack maw={640}>
      <Title order={1} size="h2">
        {props.title}
      </Title>
      <Paper withBorder p="lg" radius="md">
        {props.failed ? (
          <Alert color="red" role="alert">
            The record could not be loaded.
          </Alert>
        ) : props.loading ? (
          <PageLoader />
        ) : (
          props.children
        )}
      </Paper>
    </Stack>
  );
}

/** Cancel (back to Settings) and the submit button. */
export function FormActions({ children }: { children: ReactNode }) {
  return (
    <Group justify="flex-end" mt="sm">
      <Button component={Link} to={paths.settings.to()} variant="default">
        Cancel
      </Button>
      {children}
    </Group>
  );
}
