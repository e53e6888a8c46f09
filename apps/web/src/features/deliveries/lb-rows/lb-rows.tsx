/**
 * The LB numbers of a delivery note as a list of rows (docs/product.md §2.13): each code once,
 * every row checked with the server at once and flagged with the server's sentence when it has no
 * receipt, is not 'LB' + digits, or is on another transfer or scrap note; a row can be removed; a
 * code can be typed (Enter adds it, never submits: docs/product.md §5.1) or scanned into the same field by a
 * keyboard-wedge scanner. Once checked, a row shows its receipt's serial, part number and customer,
 * and the warnings a person accepts rather than obeys (another customer's receipt, a process option
 * that does not fit the note: docs/decisions/220). Used by /create-dn (scan step, preview) and by
 * the edit screens. On /create-dn a serial links to its cooler page (`linkSerials`): the draft is
 * kept in the session, so leaving for the cooler and coming back loses nothing; an edit screen's
 * form is not kept, so there it stays plain text.
 *
 *   <LbRows value={lbNumbers} onChange={setLbNumbers} type="transfer" customerAccount={12} deliveryId={id} errors={rowErrors} />
 *
 * `onChange` gets the whole new list. Several changes may come before the screen draws again (a
 * wedge scanner), so each starts from the list this component last handed out, not from `value`.
 */
import { ActionIcon, Badge, Box, Button, Group, Loader, ScrollArea, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconPlus, IconX } from '@tabler/icons-react';
import { useMergedRef } from '@mantine/hooks';
import { useEffect, useRef, useState, type FocusEvent, type Ref } from 'react';
import { DUPLICATE_LB_NUMBER } from '@cooler-hub/contract/deliveries';
import type { DeliveryType } from '@cooler-hub/contract/delivery-types';
import { SerialLink } from '../../../components/links/serial-link';
import { useWedgeInput } from '../../../components/scanner/wedge-input';
import { normalizeLbNumber } from '@cooler-hub/contract/rules';
import { acceptanceKey, addCodes, attentionCount, flaggedCount, removeCode, rowViews, type LbRowView } from './lb-rows-model';
import { useLbCheck } from './use-lb-check';

export interface LbRowsProps {
  value: readonly string[];
  onChange: (next: string[]) => void;
  /** The note's type: whether another note holding an LB matters (not for error sheets). */
  type: DeliveryType;
  /** The note's customer (asset owner): a line received for another one carries a warning. */
  customerAccount?: number | null;
  /** The note being edited: its own lines are not "on another note". */
  deliveryId?: number | null;
  /** Server violations of the last save by row position (`lbNumbers[i]`). */
  errors?: Readonly<Record<number, string>>;
  /** The list's height before it scrolls (docs/product.md §9: 360 px on the scan step). */
  maxHeight?: number;
  /** Read-only (an approved note): no typing, no removing. */
  disabled?: boolean;
  /** Focus the typing field at once (the scan step, where a wedge scanner types). */
  autoFocus?: boolean;
  /** The typing field, for a screen that wants to focus it. */
  inputRef?: Ref<HTMLInputElement>;
  /** Each code scanned or typed in, and whether it was added (false: the list already held it). */
  onEntered?: (code: string, added: boolean) => void;
  /** A row's serial links to its cooler page: only where leaving the screen keeps its work (/create-dn). */
  linkSerials?: boolean;
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
  unchecked: (
    <ThemeIcon size="sm" radius="xl" color="yellow" variant="light" aria-hidden>
      <IconAlertTriangle size={14} />
    </ThemeIcon>
  ),
  attention: (
    <ThemeIcon size="sm" radius="xl" color="orange" variant="light" aria-hidden>
      <IconAlertTriangle size={14} />
    </ThemeIcon>
  ),
  checking: <Loader size={16} aria-hidden />,
} as const;

const TONE_LABEL = {
  ok: 'ready',
  flagged: 'flagged',
  unchecked: 'not checked',
  checking: 'checking',
  attention: 'check the warning',
} as const;

interface RowProps {
  row: LbRowView;
  index: number;
  disabled: boolean;
  onRemove: () => void;
  onAccept: () => void;
  linkSerials: boolean;
}

/** A line: its number, then what its receipt holds (serial · part number, customer) and its warnings. */
function Row({ row, index, disabled, onRemove, onAccept, linkSerials }: RowProps) {
  const { receipt } = row;
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
      <Text size="sm" c="dimmed" w={28} ta="right" style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }} aria-hidden>
        {index + 1}
      </Text>
      <Box style={{ flexShrink: 0 }} pt={2}>
        {TONE_ICON[row.tone]}
      </Box>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="wrap" align="baseline" style={{ rowGap: 0 }}>
          <Text size="sm" ff="monospace" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {row.lbNumber}
          </Text>
          {receipt && (
            <Text size="sm" c="dimmed" data-testid="lb-row-receipt" style={{ overflowWrap: 'anywhere' }}>
              {linkSerials ? <SerialLink coolerId={receipt.coolerId} serialNumber={receipt.serialNumber} inText /> : receipt.serialNumber} ·{' '}
              {receipt.partNumber} · {receipt.customerAccount.name}
            </Text>
          )}
        </Group>
        {row.message && (
          <Text size="xs" c={row.tone === 'flagged' ? 'red.4' : 'yellow.4'} data-testid="lb-row-message">
            {row.message}
          </Text>
        )}
        {row.warnings.map((warning) => (
          <Text key={warning} size="xs" c={row.accepted ? 'dimmed' : 'orange.4'} data-testid="lb-row-warning">
            {row.accepted ? `Accepted: ${warning}` : warning}
          </Text>
        ))}
      </Box>
      {row.tone === 'attention' && (
        <Button
          size="compact-xs"
          variant="light"
          color="orange"
          onClick={onAccept}
          disabled={disabled}
          aria-label={`Accept the warning on ${row.lbNumber}`}
          style={{ flexShrink: 0 }}
        >
          Accept
        </Button>
      )}
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`Remove ${row.lbNumber}`}
        onClick={onRemove}
        disabled={disabled}
        style={{ flexShrink: 0 }}
      >
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
    if (
      field.isConnected &&
      !field.disabled &&
      document.hasFocus() &&
      (document.activeElement === document.body || document.activeElement === null)
    )
      field.focus();
  });
}

interface AddLbProps {
  onAdd: (codes: string[]) => void;
  disabled: boolean;
  autoFocus: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** A sentence about the last code added (a tag scanned twice), shown under the field. */
  notice: string | null;
}

function AddLb({ onAdd, disabled, autoFocus, inputRef, notice }: AddLbProps) {
  const [text, setText] = useState('');
  const own = useRef<HTMLInputElement>(null);
  const ref = useMergedRef(own, inputRef);
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
    // Where LB tags are scanned: keys typed while the screen opened, or on the page, come here (docs/decisions/275).
    earlyKeys: own,
  });
  return (
    <Group align="flex-end" gap="sm" wrap="nowrap">
      <TextInput
        ref={ref}
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
        description={notice}
      />
      <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={addTyped} disabled={disabled || !text.trim()}>
        Add
      </Button>
    </Group>
  );
}

const ACCEPTED_KEY = 'cooler-hub.accepted-line-warnings';

/**
 * The warnings accepted in this tab: kept in sessionStorage, so a warning accepted on the scan step
 * is still accepted on the preview and after a reload, and forgotten with the tab.
 */
function useAcceptedWarnings(): [ReadonlySet<string>, (keys: string[]) => void] {
  const [accepted, setAccepted] = useState<ReadonlySet<string>>(() => {
    try {
      const stored: unknown = JSON.parse(window.sessionStorage.getItem(ACCEPTED_KEY) ?? '[]');
      return new Set(Array.isArray(stored) ? stored.filter((k): k is string => typeof k === 'string') : []);
    } catch {
      return new Set();
    }
  });
  const accept = (keys: string[]) =>
    setAccepted((prev) => {
      const next = new Set([...prev, ...keys]);
      try {
        window.sessionStorage.setItem(ACCEPTED_KEY, JSON.stringify([...next]));
      } catch {
        // storage full or blocked: accepted for as long as the screen is open
      }
      return next;
    });
  return [accepted, accept];
}

export function LbRows({
  value,
  onChange,
  type,
  customerAccount = null,
  deliveryId = null,
  errors,
  maxHeight,
  disabled = false,
  autoFocus = false,
  inputRef,
  onEntered,
  linkSerials = false,
}: LbRowsProps) {
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

  // The newest row stays in view at the end of the list, where the user looks for it: a new row is
  // brought into view (in the list's scroll area and on the page), and after that, while the list
  // is at its end, it stays in view as rows grow by their receipt line and the screen above them
  // by its messages. Scrolled up, the list stays put; a list only loaded (an edit screen) never moves.
  const viewport = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const shown = useRef(value.length);
  const atEnd = useRef(false);
  const showNewest = () => {
    const inner = viewport.current;
    if (inner) inner.scrollTop = inner.scrollHeight;
    const last = listRef.current?.lastElementChild;
    if (!last) return;
    // On the page: the newest row's foot on screen (the list's own frame is scrolled to its end above).
    const below = last.getBoundingClientRect().bottom - window.innerHeight;
    if (below > 0) window.scrollBy({ top: below + 8 });
  };
  // Only the person's own scrolling (wheel, touch, keys, the scrollbar) decides whether the list is
  // at its end: scrolls the page makes itself (growing rows, anchoring) do not.
  const byPerson = useRef(false);
  const personScrolls = () => {
    byPerson.current = true;
  };
  const onScroll = () => {
    const el = viewport.current;
    if (el && byPerson.current) atEnd.current = el.scrollTop + el.clientHeight >= el.scrollHeight - 8;
  };
  useEffect(() => {
    const added = value.length > shown.current;
    shown.current = value.length;
    if (added) {
      atEnd.current = true;
      byPerson.current = false;
    }
    if (atEnd.current) showNewest();
  });
  const hasRows = value.length > 0;
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const grown = new ResizeObserver(() => {
      if (atEnd.current) showNewest();
    });
    // The rows growing, and the page growing above them (a message under the field, a scan's answer).
    grown.observe(list);
    grown.observe(document.documentElement);
    return () => grown.disconnect();
  }, [hasRows]);

  const [accepted, accept] = useAcceptedWarnings();
  const [notice, setNotice] = useState<string | null>(null);

  const rows = rowViews(value, checks, { type, customerAccount, accepted }, errors);
  const flagged = flaggedCount(rows);
  const attention = attentionCount(rows);
  const list = (
    <Box component="ol" ref={listRef} m={0} p={0} style={{ listStyle: 'none' }} aria-label="LB numbers">
      {rows.map((row, index) => (
        <Row
          key={row.lbNumber}
          row={row}
          index={index}
          disabled={disabled}
          linkSerials={linkSerials}
          onRemove={() => remove(row.lbNumber)}
          onAccept={() => accept(row.warnings.map((w) => acceptanceKey(row.lbNumber, w)))}
        />
      ))}
    </Box>
  );

  return (
    <Stack gap="sm">
      <AddLb
        disabled={disabled}
        autoFocus={autoFocus}
        inputRef={fieldRef}
        notice={notice}
        onAdd={(codes) => {
          const { list: next, added, repeated } = addCodes(latest.current, codes);
          if (added.length) change(next);
          setNotice(repeated.length ? `${repeated.join(', ')}: ${DUPLICATE_LB_NUMBER}` : null);
          for (const code of codes) onEntered?.(code, added.includes(normalizeLbNumber(code)));
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
        {attention > 0 && (
          <Badge color="orange" variant="light">
            {attention} to check
          </Badge>
        )}
      </Group>
      <Box style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}>
        {value.length === 0 ? (
          <Text size="sm" c="dimmed" p="md" ta="center">
            No LB numbers yet: scan a tag or type its number above.
          </Text>
        ) : maxHeight ? (
          <ScrollArea.Autosize
            mah={maxHeight}
            type="auto"
            viewportRef={viewport}
            onScrollPositionChange={onScroll}
            onWheel={personScrolls}
            onTouchStart={personScrolls}
            onPointerDown={personScrolls}
            onKeyDown={personScrolls}
            data-testid="lb-rows-scroll"
          >
            {list}
          </ScrollArea.Autosize>
        ) : (
          list
        )}
      </Box>
    </Stack>
  );
}
