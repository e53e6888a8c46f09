/**
 * The one search-select of the app (docs/product.md §9): a combobox bound to a form field by name that looks
 * items up as the user types — 350 ms debounce, 'Loading...' while it waits, page 1 only — and can
 * offer to create the typed name when no option carries it (`+ Create "Acme Ltd"`).
 *
 * The form field holds `getValue(item)` (an id, usually); the input shows `getLabel(item)`. A loaded
 * entity's reference is given as `initialItem` so an edit form shows its label without a lookup.
 * Keyboard: type, ArrowDown/ArrowUp to move, Enter to pick, Escape to close. Emptying the text
 * clears the value; leaving the field puts the chosen item's label back.
 */
import { CheckIcon, Combobox, Group, InputBase, Loader, useCombobox, type InputBaseProps } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/async';
import { useLookup } from '../lookup/use-lookup';
import { useField } from './fields';
import { creatableText, normalizeSearch, textOnBlur } from './search-select-model';

export type LookupValue = string | number;

/** How to look up one kind of item: a list call (page 1, filtered by the text) and its label/value. */
export interface Lookup<T> {
  search: (text: string, signal: AbortSignal) => Promise<readonly T[]>;
  getLabel: (item: T) => string;
  getValue: (item: T) => LookupValue;
}

export interface SearchSelectProps<T> extends Lookup<T> {
  /** The form field (AppForm) holding the chosen item's value; null when none. */
  name: string;
  label: string;
  /** Creates an item from the typed text (e.g. POST /api/clients) and picks it. */
  onCreate?: (text: string) => Promise<T>;
  /** The item behind the field's starting value, so its label shows without a lookup. */
  initialItem?: T | null;
  /** Told about every pick (and null when the value is cleared). */
  onItemChange?: (item: T | null) => void;
  withAsterisk?: boolean;
  placeholder?: string;
  description?: InputBaseProps['description'];
  disabled?: boolean;
}

const CREATE_OPTION = '\u0000create';

function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

function sameValue(a: unknown, b: unknown): boolean {
  return !isEmptyValue(a) && !isEmptyValue(b) && String(a) === String(b);
}

/** The message to put on the field when creating failed; null when the user has already been told. */
function createErrorMessage(error: unknown): string | null {
  if (isApiError(error)) {
    if (error.kind === 'violations') return error.violations[0]?.message || error.violations[0]?.title || error.message;
    if (error.notified) return null;
  }
  return errorMessage(error);
}

export function SearchSelect<T>(props: SearchSelectProps<T>) {
  const { t } = useTranslation();
  const { name, getLabel, getValue, onCreate, initialItem, onItemChange } = props;
  const { field, error } = useField(name);
  const { setError, clearErrors } = useFormContext();
  const labelId = useId();

  const [selected, setSelected] = useState<T | null>(() =>
    initialItem && sameValue(getValue(initialItem), field.value) ? initialItem : null,
  );
  const [text, setText] = useState(() => (selected ? getLabel(selected) : ''));
  const lookup = useLookup((query, signal) => props.search(normalizeSearch(query), signal), { empty: [] as readonly T[] });
  const { result: items, answered, loading } = lookup;
  const [creating, setCreating] = useState(false);

  // The form can change the value behind our back (reset after a save, a dependent field clearing it).
  const [seenValue, setSeenValue] = useState<unknown>(field.value);
  if (seenValue !== field.value) {
    setSeenValue(field.value);
    if (isEmptyValue(field.value)) {
      if (selected !== null) {
        setSelected(null);
        setText('');
      }
    } else if (!(selected && sameValue(getValue(selected), field.value))) {
      const known = [initialItem, ...items].find((item) => item && sameValue(getValue(item), field.value)) ?? null;
      setSelected(known);
      setText(known ? getLabel(known) : '');
    }
  }

  /** What to look up: the typed text, or everything (page 1) while the input shows the chosen label. */
  const queryText = selected && text === getLabel(selected) ? '' : text;

  // Typing opens the dropdown too, but then the debounced lookup of the new text does the work.
  const openedByTyping = useRef(false);
  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
    onDropdownOpen: () => {
      if (openedByTyping.current) return;
      // A failed lookup shows no options: the API client has already told the user.
      if (answered !== queryText && !loading) void lookup.run(queryText);
    },
  });

  const choose = (item: T) => {
    setSelected(item);
    setText(getLabel(item));
    setSeenValue(getValue(item));
    field.onChange(getValue(item));
    clearErrors(name);
    onItemChange?.(item);
    combobox.closeDropdown();
  };

  const clear = () => {
    setSelected(null);
    setSeenValue(null);
    field.onChange(null);
    onItemChange?.(null);
  };

  const create = async (newName: string) => {
    if (!onCreate) return;
    combobox.closeDropdown();
    setCreating(true);
    try {
      const item = await onCreate(newName);
      lookup.settle(null, [item, ...items]);
      choose(item);
      field.onBlur();
    } catch (e) {
      console.error(e);
      const message = createErrorMessage(e);
      if (message) setError(name, { type: 'server', message }, { shouldFocus: true });
    } finally {
      setCreating(false);
    }
  };

  const settled = !loading && answered === queryText;
  // Opened on a chosen item, the list shows it first (checked) even when page 1 does not hold it.
  const options =
    selected && queryText === '' && !items.some((item) => sameValue(getValue(item), getValue(selected))) ? [selected, ...items] : items;
  const createText = settled && !creating ? creatableText(queryText, items, getLabel, onCreate !== undefined) : null;
  const busy = loading || creating;

  return (
    <Combobox
      store={combobox}
      withinPortal
      onOptionSubmit={(value) => {
        if (value === CREATE_OPTION) {
          if (createText) void create(createText);
          return;
        }
        const item = options.find((i) => String(getValue(i)) === value);
        if (item) choose(item);
      }}
    >
      <Combobox.Target withExpandedAttribute>
        <InputBase
          ref={field.ref}
          name={field.name}
          label={props.label}
          labelProps={{ id: labelId }}
          withAsterisk={props.withAsterisk}
          placeholder={props.placeholder}
          description={props.description}
          disabled={props.disabled}
          value={text}
          error={error}
          aria-busy={busy || undefined}
          rightSection={busy ? <Loader size={16} aria-hidden /> : <Combobox.Chevron />}
          rightSectionPointerEvents="none"
          onClick={() => combobox.openDropdown()}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setText(next);
            openedByTyping.current = true;
            combobox.openDropdown();
            openedByTyping.current = false;
            combobox.resetSelectedOption();
            if (next.trim() === '' && (selected !== null || !isEmptyValue(field.value))) clear();
            lookup.request(selected && next === getLabel(selected) ? '' : next);
          }}
          onBlur={() => {
            combobox.closeDropdown();
            setText(textOnBlur(selected ? getLabel(selected) : null));
            field.onBlur();
          }}
        />
      </Combobox.Target>

      <Combobox.Dropdown>
        {(loading || creating) && (
          <Combobox.Empty role="status" aria-live="polite">
            {creating ? t('searchSelect.creating') : t('searchSelect.loading')}
          </Combobox.Empty>
        )}
        {settled && options.length === 0 && !createText && (
          <Combobox.Empty role="status" aria-live="polite">
            {t('searchSelect.nothingFound')}
          </Combobox.Empty>
        )}
        <Combobox.Options labelledBy={labelId} mah={280} style={{ overflowY: 'auto' }}>
          {settled &&
            options.map((item) => {
              const value = String(getValue(item));
              const isSelected = selected !== null && String(getValue(selected)) === value;
              return (
                <Combobox.Option value={value} key={value} active={isSelected} aria-selected={isSelected}>
                  <Group gap={8} wrap="nowrap">
                    {isSelected ? <CheckIcon size={12} aria-hidden /> : <span style={{ width: 12, flexShrink: 0 }} />}
                    <span>{getLabel(item)}</span>
                  </Group>
                </Combobox.Option>
              );
            })}
          {createText && (
            <Combobox.Option value={CREATE_OPTION} fw={600}>
              {t('searchSelect.create', { text: createText })}
            </Combobox.Option>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
