/**
 * The dispatch / invoice address picker's value (docs/product.md §4, docs/decisions/172): three modes — none, search
 * (an address typed, looked up on blur, created on submit) and used (an address some note already
 * uses, chosen from the list). Choosing one clears the other; emptying the text clears the value.
 */
import { searchTextOnly, type DeliveryAddress, type LookedUpAddress } from '@cooler-hub/contract/delivery-addresses';

export type AddressMode = 'none' | 'search' | 'used';

export interface AddressChoice {
  mode: AddressMode;
  /** The typed text (mode search). */
  searchText: string;
  /** What the server's geocoder made of `searchText`; null until the blur's lookup answered. */
  lookedUp: LookedUpAddress | null;
  /** The chosen stored address (mode used). */
  used: DeliveryAddress | null;
}

export const NO_ADDRESS: AddressChoice = { mode: 'none', searchText: '', lookedUp: null, used: null };

/** The address as one line: the geocoder's formatted address, else the text typed. */
export function addressLine(address: LookedUpAddress): string {
  return address.formattedAddress?.trim() || address.searchText;
}

/** The user typed: a new search (the used address is dropped), or nothing at all once emptied. */
export function typedChoice(text: string): AddressChoice {
  if (text.trim() === '') return NO_ADDRESS;
  return { mode: 'search', searchText: text, lookedUp: null, used: null };
}

/** A used address was chosen: the typed text and its lookup are dropped. */
export function usedChoice(address: DeliveryAddress): AddressChoice {
  return { mode: 'used', searchText: '', lookedUp: null, used: address };
}

/** The text the input shows for a choice. */
export function choiceText(choice: AddressChoice): string {
  if (choice.mode === 'used' && choice.used) return addressLine(choice.used.address);
  if (choice.mode === 'search') return choice.searchText;
  return '';
}

/** Whether leaving the input should ask the geocoder: typed text not looked up yet. */
export function needsLookup(choice: AddressChoice): boolean {
  return choice.mode === 'search' && choice.lookedUp === null && choice.searchText.trim() !== '';
}

/**
 * The lookup's answer applied — only when the choice is still the search it answers (the user may
 * have typed on or picked a used address meanwhile). `null` means the lookup failed: the search text
 * alone is kept (docs/product.md §4).
 */
export function withLookup(choice: AddressChoice, searchText: string, result: LookedUpAddress | null): AddressChoice {
  if (choice.mode !== 'search' || choice.searchText !== searchText) return choice;
  return { ...choice, lookedUp: result ?? searchTextOnly(searchText.trim()) };
}

/** The stored address's id (mode used), else null. */
export function choiceId(choice: AddressChoice): number | null {
  return choice.mode === 'used' && choice.used ? choice.used.id : null;
}

/** The used addresses offered for the typed text: all of them, or those containing it (any case). */
export function matchingUsed(addresses: readonly DeliveryAddress[], text: string): DeliveryAddress[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...addresses];
  return addresses.filter(
    (a) => addressLine(a.address).toLowerCase().includes(needle) || a.address.searchText.toLowerCase().includes(needle),
  );
}
