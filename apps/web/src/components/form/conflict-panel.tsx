/**
 * What an edit form shows when its save was refused because the record changed since it was opened
 * (409, docs/decisions/200): the server's sentence, 'Reload' (read it again, keep nothing typed)
 * and 'Review changes' (theirs beside yours, field by field; Update then saves on their version).
 */
import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { displayValue, type ConflictRow, type FormConflict } from './conflict';

/** A field's label as the form shows it (its input's wrapper or fieldset), else its name in words. */
function labelOf(form: HTMLFormElement | null | undefined, field: string): string {
  const input = form?.querySelector(`[name="${CSS.escape(field)}"]`);
  const wrapper = input?.closest('.mantine-InputWrapper-root, fieldset');
  const text =
    wrapper?.querySelector('label, legend')?.textContent ?? (input instanceof HTMLInputElement ? input.labels?.[0]?.textContent : null);
  if (text) return text.replace(/\s*\*\s*$/, '').trim();
  const words = field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function ReviewTable({ rows, form }: { rows: ConflictRow[]; form: HTMLFormElement | null | undefined }) {
  if (rows.length === 0) return <Text size="sm">Nothing differs from what is stored now: Update saves it as it is.</Text>;
  return (
    // Fixed layout: long values wrap inside the panel on a phone instead of widening it.
    <Table withTableBorder striped layout="fixed" aria-label="Changes since you opened it" captionSide="top">
      <Table.Caption>Changes since you opened it</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col" w="30%">
            Field
          </Table.Th>
          <Table.Th scope="col">Theirs</Table.Th>
          <Table.Th scope="col">Yours</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.field}>
            <Table.Th scope="row" fw={500} style={{ wordBreak: 'break-word' }}>
              {labelOf(form, row.field)}
            </Table.Th>
            <Table.Td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{displayValue(row.theirs)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {displayValue(row.yours)}
              {row.mine ? '' : ' (theirs kept)'}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function ConflictPanel({ conflict }: { conflict: FormConflict }) {
  const panel = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState<'reload' | 'review' | null>(null);
  const run = (what: 'reload' | 'review') => () => {
    setBusy(what);
    // Both report their own failures on the form (applyError); busy ends either way.
    void conflict[what]().finally(() => setBusy(null));
  };
  return (
    <Alert
      ref={panel}
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      role="alert"
      title="Changed by someone else"
    >
      <Stack gap="sm">
        <Text size="sm">{conflict.message}</Text>
        {conflict.rows && (
          <>
            <ReviewTable rows={conflict.rows} form={panel.current?.closest('form')} />
            <Text size="sm">Update saves the Yours column on top of their version.</Text>
          </>
        )}
        <Group gap="sm">
          <Button variant="default" size="xs" onClick={run('reload')} loading={busy === 'reload'} disabled={busy !== null}>
            Reload
          </Button>
          {!conflict.rows && (
            <Button size="xs" onClick={run('review')} loading={busy === 'review'} disabled={busy !== null}>
              Review changes
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
