/** The cooler lookup of /receipt-create's step 1 (docs/product.md §7, §9): by serial number, page 1. */
import type { Cooler } from '@cooler-hub/contract/coolers';
import { listCoolers } from '@cooler-hub/contract/operations/coolers';
import { api } from '../../../../lib/api-client';
import { lookupOrSeen } from '../../../../lib/outbox/offline-lookup';

const bySerial = (c: Cooler) => ({ id: c.id, text: c.serialNumber });

/**
 * Coolers whose serial contains `text`, page 1 (docs/product.md §7, §9); offline, those this device
 * has seen or made (docs/decisions/270).
 */
export function findCoolers(text: string, signal?: AbortSignal): Promise<Cooler[]> {
  return lookupOrSeen(
    'cooler',
    text,
    async () => (await api.call(listCoolers, { query: { page: 1, serialNumber: text }, signal })).items,
    bySerial,
  );
}

/** The same serial whatever its case or surrounding spaces. */
export const sameSerial = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
