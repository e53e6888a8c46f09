/**
 * The search box of the top bar, on every screen (docs/decisions/249): Ctrl+K or '/' puts the
 * focus in it; typing lists up to 5 matches of each kind, grouped, walked with the arrows, opened
 * with Enter or a click, closed with Escape. Enter on a text that names exactly one record (an LB
 * number, a serial, a note number), or a scan of one, opens it with no further click — each kind
 * where the app already opens it. A keyboard-wedge scan is read by the app's one scan rule, as in
 * every scan field; it is nobody's scan field, so it takes no keys typed before it.
 */
import { Kbd, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SearchHit, SearchResponse } from '@cooler-hub/contract/search';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { readForScan } from '../../components/scanner/read-for-scan';
import { useWedgeInput } from '../../components/scanner/wedge-input';
import { searchQueryOf } from './search-api';
import { destinationOf, KIND_HEADINGS } from './search-destination';
import { resultCount, sectionsOf, soleExactMatch, stepActive } from './search-results';
import { useSearchShortcut } from './search-shortcut';
import './top-bar-search.css';

/** Typing waits this long for the next key before it asks the server. */
const TYPING_PAUSE_MS = 200;

export function TopBarSearch() {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-results`;
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [debounced] = useDebouncedValue(text.trim(), TYPING_PAUSE_MS);
  useSearchShortcut(input);

  const query = useQuery({ ...searchQueryOf(debounced), enabled: debounced !== '', placeholderData: keepPreviousData });
  const answer: SearchResponse | undefined = debounced === '' ? undefined : query.data;
  const count = answer ? resultCount(answer) : 0;
  const sections = answer ? sectionsOf(answer) : [];
  const hits = sections.flatMap((s) => s.items.map((i) => i.hit));

  const go = (hit: SearchHit) => {
    setOpen(false);
    setActive(-1);
    setText('');
    void navigate(destinationOf(hit));
  };

  /** Asks now (not after the typing pause); opens the one exact match, else shows the list. */
  const searchNow = async (q: string): Promise<boolean> => {
    if (q === '') return false;
    const now = await readForScan(queryClient, searchQueryOf(q));
    const exact = soleExactMatch(now);
    if (exact) {
      go(exact);
      return true;
    }
    setOpen(true);
    setActive(-1);
    return resultCount(now) > 0;
  };

  const wedge = useWedgeInput({
    onScan: async (code) => {
      setText(code);
      return (await searchNow(code.trim())) ? 'accepted' : 'refused';
    },
    onEnter: (typed) => {
      const chosen = open && active >= 0 ? hits[active] : undefined;
      if (chosen) go(chosen);
      else void searchNow(typed.trim());
    },
  });

  const onKeyDown = (event: KeyboardEvent) => {
    wedge.onKeyDown(event);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((a) => stepActive(a, count, event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Escape') {
      if (open && text !== '') setOpen(false);
      else {
        setText('');
        input.current?.blur();
      }
      setActive(-1);
    }
  };

  const showResults = open && text.trim() !== '' && answer !== undefined;
  const optionId = (index: number) => `${id}-option-${index}`;

  return (
    <div className="ch-search" role="search">
      {/* A label element, not aria-label: the typed text is the box's visible content, which an aria-label would contradict. */}
      <VisuallyHidden renderRoot={(props) => <label {...props} htmlFor={inputId} />}>Search</VisuallyHidden>
      <TextInput
        id={inputId}
        ref={input}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={(e) => {
          wedge.onFocus(e);
          if (text.trim() !== '') setOpen(true);
        }}
        onBlur={() => setOpen(false)}
        placeholder="LB, serial or DN…"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showResults}
        aria-controls={listId}
        aria-activedescendant={showResults && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          <Kbd size="xs" visibleFrom="sm" aria-hidden>
            Ctrl K
          </Kbd>
        }
        rightSectionWidth={56}
        rightSectionPointerEvents="none"
        data-testid="top-bar-search"
      />
      {showResults && (
        <ul id={listId} role="listbox" aria-label="Search results" className="ch-search-results">
          {count === 0 && (
            <li role="presentation" className="ch-search-status">
              No matches for ‘{answer.q}’
            </li>
          )}
          {sections.map((section) => {
            const headingId = `${id}-${section.key}`;
            return (
              <li key={section.key} role="presentation">
                <div id={headingId} className="ch-search-heading" role="presentation">
                  {section.key === 'exact' ? 'Exact match' : KIND_HEADINGS[section.key]}
                </div>
                <ul role="group" aria-labelledby={headingId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {section.items.map(({ hit, index }) => (
                    <li
                      key={`${hit.kind}:${String(hit.id)}`}
                      id={optionId(index)}
                      role="option"
                      aria-selected={index === active}
                      className="ch-search-option"
                      // Keeps the focus in the box, so the blur does not close the list before the click.
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => go(hit)}
                    >
                      <span className="ch-search-label">{hit.label}</span>
                      {hit.detail && <span className="ch-search-detail">{hit.detail}</span>}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
      <VisuallyHidden aria-live="polite">
        {showResults ? (count === 0 ? 'No matches' : `${count} result${count === 1 ? '' : 's'}`) : ''}
      </VisuallyHidden>
    </div>
  );
}
