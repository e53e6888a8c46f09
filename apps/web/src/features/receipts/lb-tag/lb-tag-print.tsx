/**
 * Printing LB tags (docs/decisions/217, 283): 'Print tag' on a receipt, 'Print tags' for the rows
 * chosen on Master Data, 'Create and print tag' on /receipt-create. Each prints where this user
 * chose last — one of the hub's label printers, which the server sends the labels to, or a PDF
 * download whose page is the label in the chosen preset — kept per user in this browser and
 * changeable beside every print button (the menu 'Print on' / 'Tag label'). Their state is
 * use-lb-tag-print.ts.
 */
import { ActionIcon, Button, Menu, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconChevronDown, IconPrinter } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { LB_TAG_PRESETS, lbTagPreset } from '@cooler-hub/contract/lb-tags';
import { PDF_TARGET, useLbTagPreset, usePrinterChoices, usePrintLbTags, usePrintTarget, type PrintTarget } from './use-lb-tag-print';

function Tick({ on }: { on: boolean }) {
  return <IconCheck size={14} aria-hidden style={{ visibility: on ? 'visible' : 'hidden' }} />;
}

/**
 * Where to print: the hub's printers (when an Admin has added any) and 'Download PDF', then the
 * PDF's label sizes, the current ones ticked, opened from `target` — whose accessible name says
 * where the tags go ('Print on: …' for a printer, 'Tag label: …' for the PDF).
 */
export function LbTagPresetMenu({ target }: { target: ReactElement }) {
  const [preset, setPreset] = useLbTagPreset();
  const [current, setTarget] = usePrintTarget();
  const printers = usePrinterChoices().data ?? [];
  const onPdf = current.kind === 'pdf';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>{target}</Menu.Target>
      {/* Within a phone's width: a long printer name wraps rather than leaving the screen. */}
      <Menu.Dropdown maw="calc(100vw - 16px)">
        {printers.length > 0 && (
          <>
            <Menu.Label>Print on</Menu.Label>
            {printers.map((p) => (
              <Menu.Item
                key={p.id}
                leftSection={<Tick on={current.kind === 'printer' && current.printer.id === p.id} />}
                onClick={() => setTarget(p.id)}
              >
                {p.name} — {lbTagPreset(p.preset).label}
              </Menu.Item>
            ))}
            <Menu.Item leftSection={<Tick on={onPdf} />} onClick={() => setTarget(PDF_TARGET)}>
              Download PDF
            </Menu.Item>
            <Menu.Divider />
          </>
        )}
        <Menu.Label>{printers.length > 0 ? 'Tag label (PDF)' : 'Tag label'}</Menu.Label>
        {LB_TAG_PRESETS.map((p) => (
          <Menu.Item
            key={p.id}
            leftSection={<Tick on={onPdf && p.id === preset} />}
            onClick={() => {
              setPreset(p.id);
              setTarget(PDF_TARGET);
            }}
          >
            {p.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The accessible name of what opens the menu: where the tags go now. */
const targetName = (target: PrintTarget) => (target.kind === 'printer' ? `Print on: ${target.label}` : `Tag label: ${target.label}`);

/** The ▾ beside a print button: opens the menu of where to print. */
function PresetChevron({ target }: { target: PrintTarget }) {
  return (
    <LbTagPresetMenu
      target={
        <Button variant="default" px={8} aria-label={targetName(target)}>
          <IconChevronDown size={16} aria-hidden />
        </Button>
      }
    />
  );
}

/** A print button with its preset menu: 'Print tag' on a receipt, 'Print tags' on a selection. */
export function PrintTagsButton({
  ids,
  label,
  disabled,
  disabledReason,
}: {
  ids: readonly string[];
  label: string;
  disabled?: boolean;
  disabledReason?: string;
}) {
  const { print, printing, target } = usePrintLbTags();
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
      <PresetChevron target={target} />
    </Button.Group>
  );
}

/** A list row's 'Print tag' icon: prints where this user prints, named in its tooltip. */
export function PrintTagIcon({ receiptId }: { receiptId: string }) {
  const { print, printing, target } = usePrintLbTags();
  return (
    <Tooltip label={`Print tag (${target.label})`} withinPortal>
      <ActionIcon variant="subtle" color="gray" aria-label="Print tag" loading={printing} onClick={() => void print([receiptId])}>
        <IconPrinter size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/** A list's toolbar button showing where its row icons print, opening the menu of where to print. */
export function LbTagPresetButton() {
  const [target] = usePrintTarget();
  return (
    <LbTagPresetMenu
      target={
        <Button
          variant="default"
          leftSection={<IconPrinter size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          <span>
            <VisuallyHidden>{target.kind === 'printer' ? 'Print on: ' : 'Tag label: '}</VisuallyHidden>
            {target.label}
          </span>
        </Button>
      }
    />
  );
}

/** The submit button of `useCreateAndPrintTag`, with the preset menu beside it. */
export function CreateAndPrintTagButton({ disabled, loading }: { disabled: boolean; loading: boolean }) {
  const [target] = usePrintTarget();
  return (
    <Button.Group>
      <Button
        type="submit"
        variant="default"
        data-print-tag
        disabled={disabled}
        loading={loading}
        leftSection={<IconPrinter size={16} aria-hidden />}
      >
        Create and print tag
      </Button>
      <PresetChevron target={target} />
    </Button.Group>
  );
}
