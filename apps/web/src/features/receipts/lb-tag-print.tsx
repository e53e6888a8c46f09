/**
 * Printing LB tags (docs/decisions/217): 'Print tag' on a receipt, 'Print tags' for the rows chosen
 * on Master Data, 'Create and print tag' on /receipt-create. Each downloads a PDF whose page is
 * the label, in the label preset this user chose last — kept per user in this browser and
 * changeable beside every print button (the menu 'Tag label').
 */
import { ActionIcon, Button, Menu, Tooltip, VisuallyHidden } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconCheck, IconChevronDown, IconPrinter } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type MouseEvent, type ReactElement } from 'react';
import { DEFAULT_LB_TAG_PRESET, LB_TAG_PRESETS, lbTagPreset, type LbTagPresetId } from '@cooler-hub/contract/lb-tags';
import { runWithToast } from '../../components/run-with-toast';
import { useAuth } from '../../lib/auth';
import { downloadFile } from '../../lib/download';

const isPreset = (value: unknown): value is LbTagPresetId => LB_TAG_PRESETS.some((p) => p.id === value);

/** The preset this user prints on, shared by every print control of the page (and other tabs). */
export function useLbTagPreset(): [LbTagPresetId, (id: LbTagPresetId) => void] {
  const auth = useAuth();
  const userId = auth.status === 'authenticated' ? auth.payload.sub : 'signed-out';
  const [stored, setStored] = useLocalStorage<string>({
    key: `lb-tag-preset:${userId}`,
    defaultValue: DEFAULT_LB_TAG_PRESET,
    getInitialValueInEffect: false,
    serialize: (v) => v,
    deserialize: (v) => v ?? DEFAULT_LB_TAG_PRESET,
  });
  return [isPreset(stored) ? stored : DEFAULT_LB_TAG_PRESET, setStored];
}

function downloadTags(ids: readonly string[], preset: LbTagPresetId): Promise<string> {
  const [only] = ids;
  return ids.length === 1 && only !== undefined
    ? downloadFile({ path: `/api/receipts/${only}/lb_tag.pdf`, query: { preset }, accept: 'application/pdf', fallbackName: 'lb-tag.pdf' })
    : downloadFile({ path: '/api/receipts/lb_tags.pdf', body: { ids, preset }, accept: 'application/pdf', fallbackName: 'lb-tags.pdf' });
}

/** Prints (downloads) the tags of receipts in the remembered preset; a failure is toasted. */
export function usePrintLbTags() {
  const [preset] = useLbTagPreset();
  const queryClient = useQueryClient();
  const [printing, setPrinting] = useState(false);
  const print = async (ids: readonly string[]) => {
    setPrinting(true);
    const printed = await runWithToast(() => downloadTags(ids, preset));
    // Each print is a history entry of its receipt.
    if (printed) void queryClient.invalidateQueries({ queryKey: ['revision_entries', 'Receipt'] });
    setPrinting(false);
  };
  return { print, printing, preset };
}

/**
 * The preset picker: a menu of the label sizes, the current one ticked, opened from `target` —
 * whose accessible name says which one is current ('Tag label: …').
 */
export function LbTagPresetMenu({ target }: { target: ReactElement }) {
  const [preset, setPreset] = useLbTagPreset();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Tag label</Menu.Label>
        {LB_TAG_PRESETS.map((p) => (
          <Menu.Item
            key={p.id}
            leftSection={<IconCheck size={14} aria-hidden style={{ visibility: p.id === preset ? 'visible' : 'hidden' }} />}
            onClick={() => setPreset(p.id)}
          >
            {p.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The ▾ beside a print button: opens the preset menu. */
function PresetChevron({ preset }: { preset: LbTagPresetId }) {
  return (
    <LbTagPresetMenu
      target={
        <Button variant="default" px={8} aria-label={`Tag label: ${lbTagPreset(preset).label}`}>
          <IconChevronDown size={16} aria-hidden />
        </Button>
      }
    />
  );
}

/** A print button with its preset menu: 'Print tag' on a receipt, 'Print tags' on a selection. */
export function PrintTagsButton({ ids, label, disabled, disabledReason }: { ids: readonly string[]; label: string; disabled?: boolean; disabledReason?: string }) {
  const { print, printing, preset } = usePrintLbTags();
  const button = (
    <Button
      variant="default"
      leftSection={<IconPrinter size={16} aria-hidden />}
      loading={printing}
      disabled={disabled || ids.length === 0}
      onClick={() => void print(ids)}
    >
      {label}
    </Button>
  );
  return (
    <Button.Group>
      {disabled && disabledReason ? (
        <Tooltip label={disabledReason} withinPortal>
          <span>{button}</span>
        </Tooltip>
      ) : (
        button
      )}
      <PresetChevron preset={preset} />
    </Button.Group>
  );
}

/** A list row's 'Print tag' icon: prints in the remembered preset, named in its tooltip. */
export function PrintTagIcon({ receiptId }: { receiptId: string }) {
  const { print, printing, preset } = usePrintLbTags();
  return (
    <Tooltip label={`Print tag (${lbTagPreset(preset).label})`} withinPortal>
      <ActionIcon variant="subtle" color="gray" aria-label="Print tag" loading={printing} onClick={() => void print([receiptId])}>
        <IconPrinter size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/** A list's toolbar button showing the preset its row icons print in, opening the preset menu. */
export function LbTagPresetButton() {
  const [preset] = useLbTagPreset();
  return (
    <LbTagPresetMenu
      target={
        <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} rightSection={<IconChevronDown size={14} aria-hidden />}>
          <span>
            <VisuallyHidden>Tag label: </VisuallyHidden>
            {lbTagPreset(preset).label}
          </span>
        </Button>
      }
    />
  );
}

/**
 * 'Create and print tag' on a create form: a second submit button; once the receipt is created,
 * its tag is printed. `onClickCapture` goes on the element holding both submit buttons, so the
 * click decides which of them submitted; `afterCreate` goes in the form's onSaved.
 */
export function useCreateAndPrintTag() {
  const printAfter = useRef(false);
  const { print } = usePrintLbTags();
  return {
    onClickCapture: (event: MouseEvent<HTMLElement>) => {
      if (event.target instanceof Element && event.target.closest('button[type="submit"]')) {
        printAfter.current = event.target.closest('[data-print-tag]') !== null;
      }
    },
    afterCreate: (saved: { id: string }) => {
      if (printAfter.current) void print([saved.id]);
      printAfter.current = false;
    },
  };
}

/** The submit button of `useCreateAndPrintTag`, with the preset menu beside it. */
export function CreateAndPrintTagButton({ disabled, loading }: { disabled: boolean; loading: boolean }) {
  const [preset] = useLbTagPreset();
  return (
    <Button.Group>
      <Button type="submit" variant="default" data-print-tag disabled={disabled} loading={loading} leftSection={<IconPrinter size={16} aria-hidden />}>
        Create and print tag
      </Button>
      <PresetChevron preset={preset} />
    </Button.Group>
  );
}
