/**
 * The first step: what the file holds and the file itself. A refused file shows the server's reason
 * (too large, password-protected, no header…) on the file field, where the user looks.
 */
import { Alert, Button, FileInput, NativeSelect, Paper, Stack } from '@mantine/core';
import { IconAlertCircle, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { IMPORT_KINDS, IMPORT_KIND_LABELS, type ImportJob, type ImportKind } from '@cooler-hub/contract/imports';
import { splitViolations } from '../../components/form/violations';
import { isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/async';
import { uploadImport } from './api';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const KIND_OPTIONS = IMPORT_KINDS.map((k) => ({ value: k, label: IMPORT_KIND_LABELS[k] }));

export function UploadStep({ onUploaded }: { onUploaded: (job: ImportJob) => void }) {
  const [kind, setKind] = useState<ImportKind>('receipts');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setErrors({ file: 'Choose a CSV or XLSX file.' });
      return;
    }
    setSending(true);
    setErrors({});
    setFormError(null);
    try {
      onUploaded(await uploadImport(kind, file));
    } catch (error) {
      if (isApiError(error) && error.kind === 'violations') {
        const split = splitViolations(error.violations, (root) => root === 'file' || root === 'kind');
        setErrors(split.fields);
        setFormError(split.form.length > 0 ? split.form.join('\n') : null);
      } else if (!(isApiError(error) && error.notified)) {
        setFormError(errorMessage(error));
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Paper withBorder p="md" maw={560}>
      <form noValidate aria-label="Upload a file" onSubmit={(e) => void submit(e)}>
        <Stack gap="md">
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
          <NativeSelect
            label="What the file holds"
            data={KIND_OPTIONS}
            value={kind}
            error={errors.kind}
            onChange={(e) => setKind(e.currentTarget.value as ImportKind)}
          />
          <FileInput
            label="File"
            description="CSV or Excel workbook (.xlsx); its first row names the columns."
            placeholder="Choose a file"
            // drawn as text, not as a placeholder attribute: it must read at full contrast
            styles={{ placeholder: { color: 'var(--mantine-color-dark-1)' } }}
            accept={ACCEPT}
            value={file}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear file' }}
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
            error={errors.file}
            onChange={(f) => {
              setFile(f);
              setErrors({});
            }}
          />
          <Button type="submit" loading={sending} leftSection={<IconUpload size={16} aria-hidden />} style={{ alignSelf: 'flex-start' }}>
            Upload
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
