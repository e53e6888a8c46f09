/**
 * The serial field of /receipt-create's step 1 as a typeahead (docs/product.md §2.9): its text, the cooler
 * lookup it asks 350 ms after the last key (page 1) and the dropdown of answers. Choosing a cooler
 * writes its serial; typing another serial cancels the choice; `onText` sees every serial the field shows.
 */
import { useCombobox } from '@mantine/core';
import { useState } from 'react';
import type { Cooler } from '@cooler-hub/contract/coolers';
import { normalizeSearch } from '../../../../components/form/search-select-model';
import { useLookup } from '../../../../components/lookup/use-lookup';
import { findCoolers, sameSerial } from './cooler-lookup';

export function useSerialTypeahead(options: {
  cooler: Cooler | null;
  onChoose: (cooler: Cooler, how: 'picked' | 'scanned') => Promise<void> | void;
  onClear: () => void;
  onText: (text: string) => void;
}) {
  const { cooler, onChoose, onClear, onText } = options;
  const [text, setText] = useState(cooler?.serialNumber ?? '');
  const lookup = useLookup((query, signal) => findCoolers(normalizeSearch(query), signal), { empty: [] as Cooler[] });
  const { result: items, answered, loading } = lookup;
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  const applyText = (next: string) => {
    setText(next);
    onText(next);
  };

  const choose = async (item: Cooler, how: 'picked' | 'scanned') => {
    applyText(item.serialNumber);
    lookup.settle(item.serialNumber, [item]);
    combobox.closeDropdown();
    await onChoose(item, how);
  };

  const typed = (next: string) => {
    applyText(next);
    if (cooler && !sameSerial(next, cooler.serialNumber)) onClear();
    if (next.trim() === '') {
      combobox.closeDropdown();
      lookup.settle(null, []);
      return;
    }
    combobox.openDropdown();
    lookup.request(next);
  };

  const settled = !loading && answered !== null && sameSerial(answered, text);
  return { text, items, loading, settled, lookup, combobox, applyText, choose, typed };
}
