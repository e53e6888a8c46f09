/**
 * The LB numbers of a delivery note as a list of rows (spec 2.13; issue 9 item 3): each code once,
 * every row checked with the server at once and flagged with the server's sentence when it has no
 * receipt, is not 'LB' + digits, or is on another transfer or scrap note; a row can be removed; a
 * code can be typed (Enter adds it, never submits: spec 5.1) or scanned into the same field by a
 * keyboard-wedge scanner. Used by /create-dn (scan step, preview) and by the edit screens.
 *
 *   <LbRows value={lbNumbers} onChange={setLbNumbers} type="transfer" deliveryId={id} errors={rowErrors} />
 *
 * `onChange` gets the whole new list. Several changes may come before the screen draws again (a
 * wedge scanner), so each starts from the list this component last handed out, not from `value`.
 */
import { ActionIcon, Badge, Box, Button, Group, Loader, ScrollArea, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconPlus, IconX } from '@tabler/icons-react';
import { useMergedRef } from '@mantine/hooks';
import { useEffect, useRef, useState, type FocusEvent, type Ref } from 'react';
import type { DeliveryType } from '@cooler-hub/contract/deliveries';
import { useWedgeInput } from '../../components/scanner/wedge-input';
import { addCodes, flaggedCount, removeCode, rowViews, type LbRowView } from './lb-rows-model';
import { useLbCheck } from './use-lb-check';

export interface LbRowsProps {
  value: readonly string[];
  onChange: (next: string[]) => void;
  /** The note's type: whether another note holding an LB matters (not for error sheets). */
  type: DeliveryType;
  /** The note being edited: its own lines are not "on another note". */
  deliveryId?: number | null;
  /** Server violations of the last save by row position (`lbNumbers[i]`). */
  errors?: Readonly<Record<number, string>>;
  /** The list's height before it scrolls (spec 9: 360 px on the scan step). */
  maxHeight?: number;
  /** Read-only (an approved note): no typing, no removing. */
  disabled?: boolean;
  /** Focus the typing field at once (the scan step, where a wedge scanner types). */
  autoFocus?: boolean;
  /** The typing field, for a screen that wants to focus it. */
  inputRef?: Ref<HTMLInputElement>;
}

const TONE_ICON = {
  ok: (
    <ThemeIcon size="sm" radius="xl" color="green" variant="light" aria-hidden>
      <IconCheck size={14} />
    </ThemeIcon>
  ),
  flagged: (
    <ThemeIcon size="sm" radius="xl" color="red" variant="light" aria-hidden>
      <IconAlertTriangle size={14} />
    </ThemeIcon>
  ),
  warning: (
    <ThemeIcon size="sm" radius="xl" color="yellow" variant="light" aria-hidden>
      <IconAlertTriangle size={14} />
    </ThemeIcon>
  ),
  checking: <Loader size={16} aria-hidden />,
} as const;

const TONE_LABEL = { ok: 'ready', flagged: 'flagged', warning: 'not checked', checking: 'checking' } as const;

function Row({ row, index, disabled, onRemove }: { row: LbRowView; index: number; disabled: boolean; onRemove: () => void }) {
  return (
    <Group
      component="li"
      wrap="nowrap"
      gap="sm"
      px="sm"
      py={6}
      align="flex-start"
      data-tone={row.tone}
      aria-label={`${row.lbNumber}: ${TONE_LABEL[row.tone]}`}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Text size="sm" c="dimmed" w={36} ta="right" style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }} aria-hidden>
        {index + 1}
      </Text>
      <Box style={{ flexShrink: 0 }} pt={2}>
        {TONE_ICON[row.tone]}
      </Box>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" ff="monospace" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {row.lbNumber}
        </Text>
        {row.message && (
          <Text size="xs" c={row.tone === 'flagged' ? 'red.4' : 'yellow.4'} data-testid="lb-row-message">
            {row.message}
          </Text>
        )}
      </Box>
      <ActionIcon variant="subtle" color="gray" aria-label={`Remove ${row.lbNumber}`} onClick={onRemove} disabled={disabled} style={{ flexShrink: 0 }}>
        <IconX size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/**
 * Where a scanner types (the scan step): a click on the page's empty space or on the camera picture
 * leaves the focus nowhere, and the next scan would be lost — so the field takes it back. A click on
 * another control (a button, a link) keeps it there.
 */
function keepScannerFocus(event: FocusEvent<HTMLInputElement>) {
  if (event.relatedTarget) return;
  const field = event.currentTarget;
  requestAnimationFrame(() => {
    if (field.isConnected && !field.disabled && document.hasFocus() && (document.activeElement === document.body || document.activeElement === null)) field.focus();
  });
}

function AddLb({ onAdd, disabled, autoFocus, inputRef }: { onAdd: (codes: string[]) => void; disabled: boolean; autoFocus: boolean; inputRef?: Ref<HTMLInputElement> }) {
  const [text, setText] = useState('');
  const addTyped = () => {
    if (!text.trim()) return;
    onAdd([text]);
    setText('');
  };
  const wedge = useWedgeInput({
    onScan: (code) => {
      onAdd([code]);
      // The scan's keys reached the field as typed keys do: the row takes the code, the field empties.
      setText('');
    },
    onEnter: addTyped,
  });
  return (
    <Group align="flex-end" gap="sm" wrap="nowrap">
      <TextInput
        ref={inputRef}
        label="LB Number"
        placeholder="Type or scan an LB number"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={wedge.onKeyDown}
        onFocus={wedge.onFocus}
        onBlur={autoFocus ? keepScannerFocus : undefined}
        disabled={disabled}
        autoFocus={autoFocus}
        autoComplete="off"
        style={{ flex: 1 }}
        maw={360}
      />
      <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={addTyped} disabled={disabled || !text.trim()}>
        Add
      </Button>
    </Group>
  );
}

export function LbRows({ value, onChange, type, deliveryId = null, errors, maxHeight, disabled = false, autoFocus = false, inputRef }: LbRowsProps) {
  const field = useRef<HTMLInputElement>(null);
  const fieldRef = useMergedRef(field, inputRef);
  const checks = useLbCheck({ lbNumbers: value, type, deliveryId });
  // The list as last handed out: a second scan before the next render builds on the first.
  const latest = useRef<readonly string[]>(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  const change = (next: string[]) => {
    latest.current = next;
    onChange(next);
  };

  const remove = (lb: string) => {
    change(removeCode(latest.current, lb));
    // Where a scanner types (autoFocus): the next scan must not land on a vanished button.
    if (autoFocus) field.current?.focus();
  };

  // A new row (a scan) comes into view at the end of the list, where the user looks for it.
  const viewport = useRef<HTMLDivElement>(null);
  const shown = useRef(value.length);
  useEffect(() => {
    if (value.length > shown.current) viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
    shown.current = value.length;
  }, [value.length]);

  const rows = rowViews(value, checks, errors);
  const flagged = flaggedCount(rows);
  const list = (
    <Box component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="LB numbers">
      {rows.map((row, index) => (
        <Row key={row.lbNumber} row={row} index={index} disabled={disabled} onRemove={() => remove(row.lbNumber)} />
      ))}
    </Box>
  );

  return (
    <Stack gap="sm">
      <AddLb
        disabled={disabled}
        autoFocus={autoFocus}
        inputRef={fieldRef}
        onAdd={(codes) => {
          const { list: next, added } = addCodes(latest.current, codes);
          if (added.length) change(next);
        }}
      />
      <Group gap="xs" role="status" aria-live="polite">
        <Text size="sm" fw={500}>
          {value.length === 1 ? '1 LB number' : `${value.length} LB numbers`}
        </Text>
        {flagged > 0 && (
          <Badge color="red" variant="light">
            {flagged} flagged
          </Badge>
        )}
      </Group>
      <Box style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}>
        {value.length === 0 ? (
          <Text size="sm" c="dimmed" p="md" ta="center">
            No LB numbers yet: scan a tag or type its number above.
          </Text>
        ) : maxHeight ? (
          <ScrollArea.Autosize mah={maxHeight} type="auto" viewportRef={viewport} data-testid="lb-rows-scroll">
            {list}
          </ScrollArea.Autosize>
        ) : (
          list
        )}
      </Box>
    </Stack>
  );
}
