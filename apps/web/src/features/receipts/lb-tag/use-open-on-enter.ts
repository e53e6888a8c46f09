/**
 * /lb-tag's scan field (docs/product.md §2.6; docs/decisions/130, 275): an exact LB number ended by Enter — a
 * keyboard-wedge scan — opens that receipt's edit page at once.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { normalizeLbNumber } from '@cooler-hub/contract/rules';
import { replaceInputText, useWedgeInput } from '../../../components/scanner/wedge-input';
import { paths } from '../../../lib/paths';
import { findReceiptByLb, scannedLbNumber } from './scan-lookup';

/**
 * Enter in the lookup with an exact LB number (no option highlighted) opens that receipt; a scan
 * first replaces the lookup's text with its code, upper-cased. `box` wraps the lookup's input: the
 * screen's scan field, which takes keys typed before it could (docs/decisions/275).
 */
export function useOpenOnEnter(box: RefObject<HTMLDivElement | null>) {
  const navigate = useNavigate();
  const lookup = useRef<AbortController | null>(null);
  const [opening, setOpening] = useState(false);
  useEffect(() => () => lookup.current?.abort(), []);

  const open = (text: string) => {
    const lb = scannedLbNumber(text);
    if (!lb) return;
    lookup.current?.abort();
    const ac = new AbortController();
    lookup.current = ac;
    setOpening(true);
    findReceiptByLb(lb, ac.signal)
      .then((found) => {
        if (found && !ac.signal.aborted) void navigate(paths.receiptEdit.to({ receipt: found.id }));
      })
      .catch((error: unknown) => {
        if (!ac.signal.aborted) console.error(error);
      })
      .finally(() => {
        if (lookup.current === ac) setOpening(false);
      });
  };
  const input = useRef<Element | null>(null);
  const wedge = useWedgeInput({
    onScan: (code) => {
      const text = normalizeLbNumber(code);
      // A scan typed before the field had the focus reached no key handler here: the box's own input.
      const field = input.current ?? box.current?.querySelector('input');
      if (field) replaceInputText(field, text);
      open(text);
    },
    onEnter: (typed) => {
      // An option picked with the arrow keys wins: the combobox chooses it.
      if (input.current?.getAttribute('aria-activedescendant')) return;
      open(typed);
    },
    earlyKeys: box,
  });
  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.target instanceof HTMLInputElement)) return;
    input.current = event.target;
    wedge.onKeyDown(event);
  };
  return { onKeyDownCapture, opening };
}
