/**
 * The state of LB-tag printing (docs/decisions/217, 283): where this user prints — a PDF to download
 * in the label preset chosen last, or one of the hub's label printers, which the server sends the
 * labels to — kept per user in this browser, shared by every print control of the page and other
 * tabs. The buttons that use them are lb-tag-print.tsx.
 */
import { useLocalStorage } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type MouseEvent } from 'react';
import { DEFAULT_LB_TAG_PRESET, LB_TAG_PRESETS, lbTagPreset, type LbTagPresetId } from '@cooler-hub/contract/lb-tags';
import { pathOf } from '@cooler-hub/contract/operation';
import { printReceiptLbTag, printReceiptLbTags } from '@cooler-hub/contract/operations/lb-tags';
import { createPrintJob, listPrinterChoices } from '@cooler-hub/contract/operations/printers';
import type { PrinterChoice } from '@cooler-hub/contract/printers';
import { runWithToast } from '../../../components/run-with-toast';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { downloadFile } from '../../../lib/download';
import { newUuid } from '../../../lib/new-id';
import { PRINTERS_KEY } from '../../../lib/query-keys';
import { notifyError, notifySuccess } from '../../../lib/notify';

const isPreset = (value: unknown): value is LbTagPresetId => LB_TAG_PRESETS.some((p) => p.id === value);

/** A value kept per user in this browser, shared by every print control of the page (and other tabs). */
function useRemembered(name: string, defaultValue: string) {
  const auth = useAuth();
  const userId = auth.status === 'authenticated' ? auth.payload.sub : 'signed-out';
  return useLocalStorage<string>({
    key: `${name}:${userId}`,
    defaultValue,
    getInitialValueInEffect: false,
    serialize: (v) => v,
    deserialize: (v) => v ?? defaultValue,
  });
}

/** The preset this user downloads PDF tags in. */
export function useLbTagPreset(): [LbTagPresetId, (id: LbTagPresetId) => void] {
  const [stored, setStored] = useRemembered('lb-tag-preset', DEFAULT_LB_TAG_PRESET);
  return [isPreset(stored) ? stored : DEFAULT_LB_TAG_PRESET, setStored];
}

/** Printing on this device goes to a PDF download… */
export const PDF_TARGET = 'pdf';

/** The hub's label printers, for the print menus (names and presets, never their addresses). */
export function usePrinterChoices() {
  return useQuery({
    queryKey: [...PRINTERS_KEY, 'choices'],
    queryFn: async ({ signal }) => (await api.call(listPrinterChoices, { query: { perPage: 50 }, signal, quietNetwork: true })).items,
    staleTime: 5 * 60_000,
  });
}

/** Where the tags go: the PDF in `preset`, or a printer of the hub (one that is gone means the PDF again). */
export type PrintTarget =
  { kind: 'pdf'; preset: LbTagPresetId; label: string } | { kind: 'printer'; printer: PrinterChoice; label: string };

export function usePrintTarget(): [PrintTarget, (target: string) => void] {
  const [preset] = useLbTagPreset();
  const [stored, setStored] = useRemembered('lb-tag-printer', PDF_TARGET);
  const printers = usePrinterChoices();
  const printer = stored === PDF_TARGET ? undefined : printers.data?.find((p) => p.id === stored);
  const target: PrintTarget = printer
    ? { kind: 'printer', printer, label: printer.name }
    : { kind: 'pdf', preset, label: lbTagPreset(preset).label };
  return [target, setStored];
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

/**
 * One job on the printer: its id is made here, once per tap, so the server sends it once whatever
 * the network does. The printer's answer is the toast: what it took, or why not.
 */
async function sendToPrinter(ids: readonly string[], printer: PrinterChoice): Promise<boolean> {
  let printed = false;
  await runWithToast(async () => {
    const job = await api.call(createPrintJob, { params: { id: printer.id }, body: { id: newUuid(), receiptIds: [...ids] } });
    printed = job.status === 'sent';
    if (job.status === 'failed') notifyError(job.message);
    else notifySuccess(job.message);
  });
  return printed;
}

/** Prints the tags of receipts where this user prints (a PDF download or a printer); a failure is toasted. */
export function usePrintLbTags() {
  const [target] = usePrintTarget();
  const queryClient = useQueryClient();
  const [printing, setPrinting] = useState(false);
  const print = async (ids: readonly string[]) => {
    setPrinting(true);
    const printed =
      target.kind === 'printer' ? await sendToPrinter(ids, target.printer) : await runWithToast(() => downloadTags(ids, target.preset));
    // Each print is a history entry of its receipt.
    if (printed) void queryClient.invalidateQueries({ queryKey: ['revision_entries', 'Receipt'] });
    setPrinting(false);
  };
  return { print, printing, target };
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
