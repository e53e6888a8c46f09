/**
 * The second step: each field of the kind with the file's column that gives it, pre-filled from the
 * server's matching (docs/decisions/258, 'Columns'); an XLSX's sheet. 'Dry run' checks every row and
 * writes nothing; a mapping the server refuses shows its message on the field's select.
 */
import { Alert, Button, Group, NativeSelect, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertCircle, IconChecklist } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { IMPORT_FIELDS, type ImportJob, type ImportMapping } from '@cooler-hub/contract/imports';
import { splitViolations } from '../../components/form/violations';
import { isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/async';
import { chooseSheet, jobKey, startDryRun } from './api';

const NONE = '';

export function ColumnsStep({ job, onCancel }: { job: ImportJob; onCancel?: () => void }) {
  const queryClient = useQueryClient();
  const fields = IMPORT_FIELDS[job.kind];
  const [mapping, setMapping] = useState<ImportMapping>(() => ({ ...job.mapping }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headerOptions = [
    { value: NONE, label: 'Not in the file' },
    ...job.headers.map((h, i) => ({ value: String(i), label: h || `Column ${i + 1}` })),
  ];

  const showError = (error: unknown) => {
    if (isApiError(error) && error.kind === 'violations') {
      const split = splitViolations(error.violations, (root) => root === 'mapping');
      const byField: Record<string, string> = {};
      for (const [path, message] of Object.entries(split.fields)) byField[path.replace(/^mapping\.?/, '') || '_'] = message;
      const { _: whole, ...rest } = byField;
      setErrors(rest);
      setFormError([...(whole ? [whole] : []), ...split.form].join('\n') || null);
    } else if (!(isApiError(error) && error.notified)) {
      setFormError(errorMessage(error));
    }
  };

  const run = async (task: () => Promise<ImportJob>, after?: (job: ImportJob) => void) => {
    setBusy(true);
    setErrors({});
    setFormError(null);
    try {
      const next = await task();
      queryClient.setQueryData(jobKey(next.id), next);
      after?.(next);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => startDryRun(job.id, mapping));
  };

  return (
    <Paper withBorder p="md" maw={760}>
      <form noValidate aria-label="Columns" onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {job.fileName}: choose the column of the file that gives each field. Fields marked * are required.
          </Text>
          {formError && (
            <Alert
              color="red"
              variant="light"
              role="alert"
              icon={<IconAlertCircle size={18} aria-hidden />}
              style={{ whiteSpace: 'pre-line' }}
            >
              {formError}
            </Alert>
          )}
          {job.format === 'xlsx' && job.sheets.length > 0 && (
            <NativeSelect
              label="Sheet"
              maw={320}
              data={job.sheets}
              value={job.sheet ?? job.sheets[0]}
              disabled={busy}
              onChange={(e) => {
                const sheet = e.currentTarget.value;
                void run(
                  () => chooseSheet(job.id, sheet),
                  (next) => setMapping({ ...next.mapping }),
                );
              }}
            />
          )}
          <Table aria-label="Columns of the file" verticalSpacing="xs" layout="fixed" className="ch-import-columns">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="42%">Field</Table.Th>
                <Table.Th>Column in the file</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((f) => {
                const value = mapping[f.name];
                return (
                  <Table.Tr key={f.name}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Text size="sm" component="span">
                        {f.label}
                      </Text>
                      {f.required && (
                        <>
                          <Text component="span" c="red.4" ml={4} aria-hidden>
                            *
                          </Text>
                          <VisuallyHidden>(required)</VisuallyHidden>
                        </>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <NativeSelect
                        aria-label={f.label}
                        required={f.required}
                        data={headerOptions}
                        value={value === null || value === undefined ? NONE : String(value)}
                        error={errors[f.name]}
                        onChange={(e) => {
                          const v = e.currentTarget.value;
                          setMapping((m) => ({ ...m, [f.name]: v === NONE ? null : Number(v) }));
                          setErrors(({ [f.name]: _gone, ...rest }) => rest);
                        }}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          <Group gap="sm">
            <Button type="submit" loading={busy} leftSection={<IconChecklist size={16} aria-hidden />}>
              Dry run
            </Button>
            {onCancel && (
              <Button variant="default" onClick={onCancel} disabled={busy}>
                Back to the result
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
