/** Label printer calls of the add and edit screens (docs/decisions/283; contract printers.ts), by declaration. */
import { useQuery } from '@tanstack/react-query';
import * as printerOps from '@cooler-hub/contract/operations/printers';
import type { PrinterBody } from '@cooler-hub/contract/printers';
import { api } from '../../lib/api-client';
import { PRINTERS_KEY } from '../../lib/query-keys';

/** The Settings screen's list of printers is under this key too (features/settings/printers-section.tsx). */
export const printerKey = (id: string) => [...PRINTERS_KEY, 'one', id] as const;

/** One printer with its version (what the edit form saves against, docs/decisions/200). */
export const getPrinter = (id: string, signal?: AbortSignal) => api.call(printerOps.getPrinter, { params: { id }, signal });
export function usePrinter(id: string) {
  return useQuery({ refetchOnMount: 'always', queryKey: printerKey(id), queryFn: ({ signal }) => getPrinter(id, signal) });
}
export const createPrinter = (body: PrinterBody) => api.call(printerOps.createPrinter, { body });
export const updatePrinter = (id: string, body: PrinterBody, version?: string) =>
  api.call(printerOps.updatePrinter, { params: { id }, body, ifMatch: version });
