/**
 * The state of LB-tag printing (docs/decisions/217): the label preset this user chose last — kept per user in
 * this browser, shared by every print control of the page and other tabs — and the download of the tags'
 * PDF in it. The buttons that use them are lb-tag-print.tsx.
 */
import { useLocalStorage } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type MouseEvent } from 'react';
import { DEFAULT_LB_TAG_PRESET, LB_TAG_PRESETS, type LbTagPresetId } from '@cooler-hub/contract/lb-tags';
import { pathOf } from '@cooler-hub/contract/operation';
import { printReceiptLbTag, printReceiptLbTags } from '@cooler-hub/contract/operations/lb-tags';
import { runWithToast } from '../../../components/run-with-toast';
import { useAuth } from '../../../lib/auth';
import { downloadFile } from '../../../lib/download';

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
    ? downloadFile({
        path: pathOf(printReceiptLbTag, { id: only }),
        query: { preset },
        accept: 'application/pdf',
        fallbackName: 'lb-tag.pdf',
      })
    : downloadFile({ path: pathOf(printReceiptLbTags), body: { ids, preset }, accept: 'application/pdf', fallbackName: 'lb-tags.pdf' });
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
