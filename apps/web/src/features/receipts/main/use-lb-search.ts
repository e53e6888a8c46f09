/**
 * The state of /main's search box (docs/product.md §2.6; docs/decisions/130): what is typed goes to the list's
 * `lbNumber` filter 350 ms after the last key; Enter applies it at once and, when the text is exactly
 * one receipt's LB number, opens it. A scan replaces the box's text. The box follows the URL when a
 * navigation changes the filter under it.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { normalizeLbNumber } from '@cooler-hub/contract/rules';
import { debounce } from '../../../components/form/search-select-model';
import { useWedgeInput } from '../../../components/scanner/wedge-input';
import { paths } from '../../../lib/paths';
import { useScannerFocus } from '../lb-tag/scan-focus';
import { findReceiptByLb, scannedLbNumber } from '../lb-tag/scan-lookup';

export function useLbSearch(value: string, onSearch: (text: string) => void) {
  const navigate = useNavigate();
  const [text, setText] = useState(value);
  const [opening, setOpening] = useState(false);
  const lookup = useRef<AbortController | null>(null);
  const box = useRef<HTMLInputElement>(null);
  useScannerFocus(box);

  // Each navigation (the delivery line's link, Back, the menu) can change the URL under the box: show
  // what it now filters by — but not when it only caught up with what the box sent, which may be
  // behind a key typed since. By navigation, not by value: a scan's own search and its opening of the
  // receipt may both pass before this screen draws either, leaving the value as it was.
  const { key } = useLocation();
  const [seen, setSeen] = useState(key);
  const [sent, setSent] = useState(value);
  if (seen !== key) {
    setSeen(key);
    if (value !== sent) setText(value);
  }
  const search = (next: string) => {
    setSent(next);
    onSearch(next);
  };

  const searchRef = useRef(search);
  useEffect(() => {
    searchRef.current = search;
  });
  const debounced = useMemo(() => debounce((next: string) => searchRef.current(next.trim())), []);
  useEffect(
    () => () => {
      debounced.cancel();
      lookup.current?.abort();
    },
    [debounced],
  );

  const open = async (lb: string) => {
    lookup.current?.abort();
    const ac = new AbortController();
    lookup.current = ac;
    setOpening(true);
    try {
      const found = await findReceiptByLb(lb, ac.signal);
      if (found && !ac.signal.aborted) void navigate(paths.receiptEdit.to({ receipt: found.id }));
    } catch (error) {
      // The API client has told the user; the filtered list still shows what matched.
      if (!ac.signal.aborted) console.error(error);
    } finally {
      if (lookup.current === ac) setOpening(false);
    }
  };

  /** Enter: the search at once, and an exact LB number opens its receipt. A scan replaces the box's text. */
  const commit = (text: string) => {
    debounced.cancel();
    setText(text);
    search(text.trim());
    const lb = scannedLbNumber(text);
    if (lb) void open(lb);
  };
  const wedge = useWedgeInput({ onScan: (code) => commit(normalizeLbNumber(code)), onEnter: commit, earlyKeys: box });

  const onChange = (next: string) => {
    setText(next);
    debounced(next);
  };

  return { box, text, opening, onChange, wedge };
}
