/**
 * 'Email recipients' (docs/product.md §4, §5.4, §9; docs/decisions/171): several delivery e-mails picked from a
 * search (350 ms debounce, 'Loading...'), or a typed address that looks like one and is not offered
 * yet — created on the server ('Attach new email...') and picked. The form field `emails` holds the
 * chosen DeliveryEmail objects; Backspace in the empty box or a pill's × removes one.
 */
import { Combobox, Loader, Pill, PillsInput, useCombobox } from '@mantine/core';
import { useId, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import type { DeliveryEmail } from '@cooler-hub/contract/delivery-emails';
import { useField } from '../../../components/form/fields';
import { useLookup } from '../../../components/lookup/use-lookup';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/async';
import { createDeliveryEmail, searchDeliveryEmails } from '../api';
import { addEmail, newEmailOffer, removeEmail } from './email-recipients-model';

const ATTACH_OPTION = '\u0000attach';

export function EmailRecipientsField({
  name = 'emails',
  label = 'Email recipients',
  disabled,
  withAsterisk,
}: {
  name?: string;
  label?: string;
  disabled?: boolean;
  /** Marked required where 'Email is missed' applies (a transfer being created). */
  withAsterisk?: boolean;
}) {
  const { field, error } = useField(name);
  const { setValue, setError, clearErrors } = useFormContext();
  const labelId = useId();
  const chosen = (field.value as DeliveryEmail[] | null | undefined) ?? [];
  const [text, setText] = useState('');
  // A failed search lists nothing: the API client has told the user.
  const lookup = useLookup((query, signal) => searchDeliveryEmails(query.trim(), signal), { empty: [] as DeliveryEmail[] });
  const { result: items, answered, loading } = lookup;
  const [creating, setCreating] = useState(false);
  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
    onDropdownOpen: () => {
      if (answered !== text && !loading) void lookup.run(text);
    },
  });

  const set = (next: DeliveryEmail[]) => {
    setValue(name, next, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
  };
  const pick = (email: DeliveryEmail) => {
    set(addEmail(chosen, email));
    clearErrors(name);
    setText('');
    lookup.settle(null, items);
  };

  const attach = async (address: string) => {
    combobox.closeDropdown();
    setCreating(true);
    try {
      pick(await createDeliveryEmail(address));
    } catch (e) {
      console.error(e);
      const message = isApiError(e) && e.kind === 'violations' ? (e.violations[0]?.message ?? e.message) : errorMessage(e);
      if (!(isApiError(e) && e.notified && e.kind !== 'violations')) setError(name, { type: 'server', message }, { shouldFocus: true });
    } finally {
      setCreating(false);
    }
  };

  const settled = !loading && answered === text;
  const offer = settled && !creating ? newEmailOffer(text, items, chosen) : null;
  const options = items.filter((i) => !chosen.some((c) => c.id === i.id));

  return (
    <Combobox
      store={combobox}
      withinPortal
      onOptionSubmit={(value) => {
        if (value === ATTACH_OPTION) {
          if (offer) void attach(offer);
          return;
        }
        const item = items.find((i) => String(i.id) === value);
        if (item) pick(item);
      }}
    >
      <Combobox.DropdownTarget>
        <PillsInput
          label={label}
          withAsterisk={withAsterisk}
          labelProps={{ id: labelId }}
          error={error}
          disabled={disabled}
          aria-busy={loading || creating || undefined}
          rightSection={loading || creating ? <Loader size={16} aria-hidden /> : <Combobox.Chevron />}
          rightSectionPointerEvents="none"
          onClick={() => combobox.openDropdown()}
        >
          <Pill.Group>
            {chosen.map((e) => (
              <Pill
                key={e.id}
                withRemoveButton={!disabled}
                onRemove={() => set(removeEmail(chosen, e.id))}
                removeButtonProps={{ 'aria-label': `Remove ${e.email}` }}
              >
                {e.email}
              </Pill>
            ))}
            <Combobox.EventsTarget withExpandedAttribute>
              <PillsInput.Field
                ref={field.ref}
                name={field.name}
                aria-labelledby={labelId}
                placeholder={chosen.length === 0 ? 'Search or type an e-mail' : undefined}
                value={text}
                disabled={disabled}
                autoComplete="off"
                onFocus={() => combobox.openDropdown()}
                onBlur={() => {
                  combobox.closeDropdown();
                  field.onBlur();
                }}
                onChange={(event) => {
                  const next = event.currentTarget.value;
                  setText(next);
                  combobox.openDropdown();
                  combobox.resetSelectedOption();
                  lookup.request(next);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') event.preventDefault();
                  if (event.key === 'Backspace' && text === '' && chosen.length > 0) set(chosen.slice(0, -1));
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      {/* Between a pick (the text emptied) and the next search there is nothing to list: no empty box. */}
      <Combobox.Dropdown hidden={!loading && !creating && !settled}>
        {(loading || creating) && (
          <Combobox.Empty role="status" aria-live="polite">
            {creating ? 'Attach new email...' : 'Loading...'}
          </Combobox.Empty>
        )}
        {settled && !creating && options.length === 0 && !offer && (
          <Combobox.Empty role="status" aria-live="polite">
            Nothing found
          </Combobox.Empty>
        )}
        <Combobox.Options labelledBy={labelId} mah={280} style={{ overflowY: 'auto' }}>
          {settled &&
            options.map((item) => (
              <Combobox.Option value={String(item.id)} key={item.id}>
                {item.email}
              </Combobox.Option>
            ))}
          {offer && (
            <Combobox.Option value={ATTACH_OPTION} fw={600}>
              + Add &quot;{offer}&quot;
            </Combobox.Option>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
