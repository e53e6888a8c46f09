/**
 * Step 1 of /receipt-create (docs/product.md §2.9, §5.3): the cooler, found by serial number — a typeahead over
 * the cooler lookup (350 ms, page 1) — or, for a serial nobody has seen, created here with Part
 * Number* and Date of manufacture (filled from the serial) by 'Add item and continue'. 'Generate
 * Serial' makes up a serial for a cooler that has none. Clearing the serial cancels the choice.
 * A serial committed with Enter — a wedge scan or typed — chooses its exact match at once.
 */
import { Checkbox, Combobox, Group, InputBase, Loader, Stack, Text, useCombobox } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { coolerList, coolerUpdateBody, type Cooler } from '@cooler-hub/contract/coolers';
import { dateOfManufactureFromSerial } from '@cooler-hub/contract/rules';
import type { PartNumber } from '@cooler-hub/contract/settings';
import { AppForm, SubmitButton } from '../../components/form/app-form';
import { DateField } from '../../components/form/date-field';
import { partNumberLookup } from '../../components/form/lookups';
import { SearchSelect } from '../../components/form/search-select';
import { normalizeSearch } from '../../components/form/search-select-model';
import { useAppForm } from '../../components/form/use-app-form';
import { useLookup } from '../../components/lookup/use-lookup';
import { scanAccepted, scanRefused } from '../../components/scan-feedback/scan-feedback';
import { useWedgeInput } from '../../components/scanner/wedge-input';
import { api } from '../../lib/api-client';
import { formatDate } from '../../lib/format-date';
import { useNewId } from '../../lib/new-id';
import { notifySuccess } from '../../lib/notify';
import { createCoolerForReceipt } from './api';
import { generateSerial } from './receipt-serial';

/** Coolers whose serial contains `text`, page 1 (docs/product.md §7, §9). */
async function findCoolers(text: string, signal?: AbortSignal): Promise<Cooler[]> {
  const answer = await api.get('/api/coolers', coolerList, { page: 1, serialNumber: text }, signal);
  return answer.items;
}

const sameSerial = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const EMPTY = { serialNumber: '', partNumber: null, dateOfManufacture: '' };

export function ReceiptCoolerStep(props: {
  cooler: Cooler | null;
  onChoose: (cooler: Cooler, how: 'picked' | 'scanned' | 'created') => Promise<void> | void;
  onClear: () => void;
}) {
  const { cooler, onChoose, onClear } = props;
  const labelId = useId();
  const [text, setText] = useState(cooler?.serialNumber ?? '');
  const lookup = useLookup((query, signal) => findCoolers(normalizeSearch(query), signal), { empty: [] as Cooler[] });
  const { result: items, answered, loading } = lookup;
  const [generated, setGenerated] = useState(false);
  const [newId, renewId] = useNewId();
  const formApi = useAppForm(coolerUpdateBody, { defaultValues: EMPTY });
  const stepRef = useRef<HTMLDivElement>(null);
  const { setValue, getFieldState } = formApi.form;
  // The date follows the serial until the user sets it (a user's input is a 'change'; the fill is a setValue).
  const domSetByUser = useRef(false);
  const { watch } = formApi.form;
  useEffect(() => {
    const subscription = watch((_values, { name, type }) => {
      if (name === 'dateOfManufacture' && type === 'change') domSetByUser.current = true;
    });
    return () => subscription.unsubscribe();
  }, [watch]);

  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  /** The serial as the cooler form sees it; the date of manufacture follows it until the user sets one. */
  const applyText = (next: string) => {
    setText(next);
    setValue('serialNumber', next, { shouldValidate: getFieldState('serialNumber').invalid });
    if (!domSetByUser.current) {
      setValue('dateOfManufacture', next.trim() === '' ? '' : dateOfManufactureFromSerial(next.trim()), {
        shouldValidate: getFieldState('dateOfManufacture').invalid,
      });
    }
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
    onEnter: () => {
      // An option highlighted with the arrow keys is the combobox's to pick on this Enter.
      if (combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1) return;
      // The input's own value: keys held back as a possible burst were put back into it just now.
      const value = serialInput.current?.value ?? text;
      if (generated || value.trim() === '') return;
      void commitSerial(value);
    },
  });

  const settled = !loading && answered !== null && sameSerial(answered, text);
  const unknown = !cooler && text.trim() !== '' && settled && !items.some((c) => sameSerial(c.serialNumber, text));
  const serialError = formApi.form.formState.errors.serialNumber?.message;

  return (
    <div ref={stepRef}>
      <AppForm
        api={formApi}
        aria-label="Cooler"
        onSubmit={async (values) => {
          const created = await createCoolerForReceipt({ id: newId, modelNumber: null, ...values });
          notifySuccess('Cooler has been successfully created');
          renewId();
          lookup.settle(created.serialNumber, [created]);
          await onChoose(created, 'created');
        }}
      >
        <Combobox
          store={combobox}
          withinPortal
          onOptionSubmit={(value) => {
            const item = items.find((c) => c.id === value);
            if (item) void choose(item, 'picked');
          }}
        >
          <Combobox.Target withExpandedAttribute>
            <InputBase
              ref={serialInput}
              name="serialNumber"
              label="Serial number"
              labelProps={{ id: labelId }}
              withAsterisk
              placeholder="Scan or type a serial number"
              autoComplete="off"
              // The screen is for scanning: the serial field is ready when it opens.
              autoFocus
              value={text}
              readOnly={generated}
              error={serialError}
              aria-busy={loading || undefined}
              rightSection={loading ? <Loader size={16} aria-hidden /> : null}
              rightSectionPointerEvents="none"
              onClick={() => {
                if (!generated && text.trim() !== '' && !cooler) combobox.openDropdown();
              }}
              onChange={(e) => typed(e.currentTarget.value)}
              onKeyDown={wedge.onKeyDown}
              onFocus={wedge.onFocus}
              onBlur={() => combobox.closeDropdown()}
            />
          </Combobox.Target>
          <Combobox.Dropdown hidden={text.trim() === '' || generated || (settled && items.length === 0)}>
            {loading && <Combobox.Empty role="status">Loading...</Combobox.Empty>}
            <Combobox.Options labelledBy={labelId} mah={280} style={{ overflowY: 'auto' }}>
              {settled &&
                items.map((c) => (
                  <Combobox.Option value={c.id} key={c.id}>
                    <Group gap={8} wrap="nowrap" justify="space-between">
                      <span>{c.serialNumber}</span>
                      <Text component="span" size="xs" c="dimmed">
                        {c.partNumber.partNumber}
                      </Text>
                    </Group>
                  </Combobox.Option>
                ))}
            </Combobox.Options>
          </Combobox.Dropdown>
        </Combobox>
        <Checkbox
          label="Generate Serial"
          checked={generated}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setGenerated(on);
            typed(on ? generateSerial() : '');
          }}
        />
        {cooler && (
          <Text size="sm" c="dimmed" aria-live="polite">
            Part number {cooler.partNumber.partNumber}, made {formatDate(cooler.dateOfManufacture)}
          </Text>
        )}
        {unknown && (
          <Stack gap="md">
            <Text size="sm">This serial number is new: add the cooler.</Text>
            <SearchSelect<PartNumber> name="partNumber" label="Part Number" withAsterisk placeholder="Search part number" {...partNumberLookup} />
            <DateField name="dateOfManufacture" label="Date of manufacture" withAsterisk />
            <Group justify="flex-end">
              <SubmitButton api={formApi} update={false}>
                Add item and continue
              </SubmitButton>
            </Group>
          </Stack>
        )}
      </AppForm>
    </div>
  );
}

export function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

/**
 * Focuses the field named `name` inside the container once it is on the page (a field just
 * revealed needs a frame or two), giving up after a second. The element is looked up in the DOM:
 * react-hook-form's setFocus can hold a stale ref right after a field mounts.
 */
export async function focusByName(container: () => HTMLElement | null, name: string): Promise<void> {
  const until = performance.now() + 1000;
  for (;;) {
    container()
      ?.querySelector<HTMLElement>(`input[name="${name}"], select[name="${name}"], textarea[name="${name}"]`)
      ?.focus();
    if (document.activeElement?.getAttribute('name') === name || performance.now() > until) return;
    await nextFrame();
  }
}
