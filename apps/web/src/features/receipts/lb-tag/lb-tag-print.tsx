/**
 * Printing LB tags (docs/decisions/217): 'Print tag' on a receipt, 'Print tags' for the rows chosen
 * on Master Data, 'Create and print tag' on /receipt-create. Each downloads a PDF whose page is
 * the label, in the label preset this user chose last — kept per user in this browser and
 * changeable beside every print button (the menu 'Tag label'). Their state is use-lb-tag-print.ts.
 */
import { ActionIcon, Button, Menu, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconChevronDown, IconPrinter } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { LB_TAG_PRESETS, lbTagPreset, type LbTagPresetId } from '@cooler-hub/contract/lb-tags';
import { useLbTagPreset, usePrintLbTags } from './use-lb-tag-print';

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
        <Button
          variant="default"
          leftSection={<IconPrinter size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          <span>
            <VisuallyHidden>Tag label: </VisuallyHidden>
            {lbTagPreset(preset).label}
          </span>
        </Button>
      }
    />
  );
}

/** The submit button of `useCreateAndPrintTag`, with the preset menu beside it. */
export function CreateAndPrintTagButton({ disabled, loading }: { disabled: boolean; loading: boolean }) {
  const [preset] = useLbTagPreset();
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
      <PresetChevron preset={preset} />
    </Button.Group>
  );
}
