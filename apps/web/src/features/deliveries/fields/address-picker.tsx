/**
 * The dispatch / invoice address of a transfer (docs/product.md §4, §5.4; docs/decisions/172): type a new address
 * or pick one some note already uses. Typing drops the picked address; picking drops the typed text;
 * emptying the text clears the value. Leaving the box asks the server's geocoder (gb only) about the
 * typed text and shows what it found; when it finds nothing the text alone is kept. Enter never
 * submits (a wedge scanner or a habit must not send the note). The address is stored on submit
 * (`resolveAddresses`).
 */
import { Combobox, InputBase, Loader, Text, useCombobox } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import type { AddressTarget, LookedUpAddress } from '@cooler-hub/contract/delivery-addresses';
import { useField } from '../../../components/form/fields';
import { useLookup } from '../../../components/lookup/use-lookup';
import { DELIVERIES_KEY, lookupAddress, usedAddresses } from '../api';
import {
  addressLine,
  choiceText,
  matchingUsed,
  needsLookup,
  NO_ADDRESS,
  typedChoice,
  usedChoice,
  withLookup,
  type AddressChoice,
} from './address-picker-model';

export interface AddressPickerProps {
  /** The form field holding the AddressChoice. */
  name: string;
  target: AddressTarget;
  label: string;
  disabled?: boolean;
}

function LookupNote({ choice, looking }: { choice: AddressChoice; looking: boolean }) {
  if (looking) return <>Looking the address up...</>;
  if (choice.mode !== 'search' || !choice.lookedUp) return null;
  if (choice.lookedUp.formattedAddress) return <>Found: {choice.lookedUp.formattedAddress}</>;
  return <>Not found by the address search: the text is kept as typed.</>;
}

export function AddressPicker({ name, target, label, disabled }: AddressPickerProps) {
  const { field, error } = useField(name);
  const { getValues, setValue } = useFormContext();
  const listId = useId();
  const choice = (field.value as AddressChoice | null | undefined) ?? NO_ADDRESS;
  const lookup = useLookup((searchText, signal) => lookupAddress(searchText, signal), { empty: null as LookedUpAddress | null });
  const looking = lookup.loading;
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  const used = useQuery({
    queryKey: [...DELIVERIES_KEY, 'used-addresses', target],
    queryFn: ({ signal }) => usedAddresses(target, signal),
    staleTime: 60_000,
    enabled: !disabled,
  });
  const text = choiceText(choice);
  const options = matchingUsed(used.data ?? [], choice.mode === 'search' ? text : '');

  const set = (next: AddressChoice) => setValue(name, next, { shouldDirty: true, shouldTouch: true, shouldValidate: true });

  const lookUp = async (searched: AddressChoice) => {
    const outcome = await lookup.run(searched.searchText.trim());
    // Typing again dropped this lookup: the new text is looked up when the box is left again.
    if (outcome.status === 'dropped') return;
    // A failed lookup keeps the search text only; the user has seen any toast already.
    if (outcome.status === 'failed') console.warn('Address lookup failed', outcome.error);
    const current = (getValues(name) as AddressChoice | null) ?? NO_ADDRESS;
    set(withLookup(current, searched.searchText, outcome.status === 'answered' ? outcome.result : null));
  };

  return (
    <Combobox
      store={combobox}
      withinPortal
      onOptionSubmit={(value) => {
        const picked = used.data?.find((a) => String(a.id) === value);
        if (picked) set(usedChoice(picked));
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target withExpandedAttribute>
        <InputBase
          ref={field.ref}
          name={field.name}
          label={label}
          placeholder="Type an address or pick a used one"
          autoComplete="off"
          disabled={disabled}
          value={text}
          error={error}
          description={<LookupNote choice={choice} looking={looking} />}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          rightSection={looking || used.isFetching ? <Loader size={16} aria-hidden /> : <Combobox.Chevron />}
          rightSectionPointerEvents="none"
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
          onChange={(event) => {
            lookup.cancel();
            set(typedChoice(event.currentTarget.value));
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onBlur={() => {
            combobox.closeDropdown();
            field.onBlur();
            const current = (getValues(name) as AddressChoice | null) ?? NO_ADDRESS;
            if (needsLookup(current)) void lookUp(current);
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={options.length === 0}>
        <Combobox.Header>
          <Text size="xs" c="dimmed">
            Used {target} addresses
          </Text>
        </Combobox.Header>
        <Combobox.Options id={listId} aria-label={`Used ${target} addresses`} mah={280} style={{ overflowY: 'auto' }}>
          {options.map((a) => (
            <Combobox.Option value={String(a.id)} key={a.id} active={choice.used?.id === a.id}>
              {addressLine(a.address)}
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
