/**
 * The state of /receipt-create's step 1 (docs/product.md §2.9, §5.3; docs/decisions/215, 275): the serial
 * typed or scanned (its typeahead: use-serial-typeahead.ts), 'Generate Serial', and the cooler chosen —
 * picked, matched exactly by a serial committed with Enter, or added (use-new-cooler-form.ts).
 */
import { useId, useRef, useState } from 'react';
import type { Cooler, CoolerUpdateBody } from '@cooler-hub/contract/coolers';
import { scanAccepted, scanRefused } from '../../../../components/scan-feedback/scan-feedback';
import { useWedgeInput } from '../../../../components/scanner/wedge-input';
import { findCoolers, sameSerial } from './cooler-lookup';
import { focusByName } from '../focus-field';
import { generateSerial } from './receipt-serial';
import { useNewCoolerForm } from './use-new-cooler-form';
import { useSerialTypeahead } from './use-serial-typeahead';

export interface CoolerStepProps {
  cooler: Cooler | null;
  onChoose: (cooler: Cooler, how: 'picked' | 'scanned' | 'created') => Promise<void> | void;
  onClear: () => void;
}

export function useCoolerStep({ cooler, onChoose, onClear }: CoolerStepProps) {
  const labelId = useId();
  const [generated, setGenerated] = useState(false);
  const newCooler = useNewCoolerForm();
  const typeahead = useSerialTypeahead({ cooler, onChoose, onClear, onText: newCooler.followSerial });
  const { text, items, settled, lookup, combobox, applyText, choose, typed } = typeahead;
  const stepRef = useRef<HTMLDivElement>(null);

  /**
   * A serial committed with Enter, scanned or typed (docs/decisions/215): its exact match is chosen
   * at once; an unknown serial goes on to adding the cooler, its part number first.
   */
  const commitSerial = async (value: string) => {
    const serial = value.trim();
    if (serial === '') return;
    if (generated) setGenerated(false);
    typed(serial);
    lookup.hold();
    // Its own request: a typeahead search started meanwhile (the next scan's first key lands
    // here until the focus moves on) must not cancel this one.
    let found: Cooler[] = [];
    let failed = false;
    try {
      found = await findCoolers(serial);
    } catch {
      // The API client has told the user; the serial stays typed in.
      failed = true;
    }
    lookup.settle(serial, found);
    const match = found.find((c) => sameSerial(c.serialNumber, serial));
    if (match) {
      scanAccepted(`Serial ${match.serialNumber}: cooler found`);
      await choose(match, 'scanned');
      return;
    }
    applyText(serial);
    combobox.closeDropdown();
    if (failed) {
      scanRefused(`Serial ${serial}: the cooler could not be looked up`);
      return;
    }
    scanAccepted(`Serial ${serial} is new: add the cooler`);
    // An unknown serial: the cooler is added here; its part number comes first.
    await focusByName(() => stepRef.current, 'partNumber');
  };

  const serialInput = useRef<HTMLInputElement>(null);
  const wedge = useWedgeInput({
    onScan: commitSerial,
    // The screen's scan field: keys typed while it opened come here (docs/decisions/275).
    earlyKeys: serialInput,
    onEnter: () => {
      // An option highlighted with the arrow keys is the combobox's to pick on this Enter.
      if (combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1) return;
      // The input's own value: keys held back as a possible burst were put back into it just now.
      const value = serialInput.current?.value ?? text;
      if (generated || value.trim() === '') return;
      void commitSerial(value);
    },
  });

  /** 'Add item and continue': the new cooler saved (or kept), then chosen. */
  const addCooler = async (values: CoolerUpdateBody) => {
    const created = await newCooler.create(values);
    lookup.settle(created.serialNumber, [created]);
    await onChoose(created, 'created');
  };

  const toggleGenerated = (on: boolean) => {
    setGenerated(on);
    typed(on ? generateSerial() : '');
  };

  return {
    ...typeahead,
    labelId,
    stepRef,
    formApi: newCooler.formApi,
    serialInput,
    wedge,
    generated,
    unknown: !cooler && text.trim() !== '' && settled && !items.some((c) => sameSerial(c.serialNumber, text)),
    serialError: newCooler.formApi.form.formState.errors.serialNumber?.message,
    toggleGenerated,
    addCooler,
  };
}
