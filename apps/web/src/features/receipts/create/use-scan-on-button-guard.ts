/**
 * Keys typed onto a focused create button are a scan that missed its field: its Enter must not
 * press the button and save (docs/product.md §5.1: a scanner's Enter never submits).
 */
import { useRef, type KeyboardEvent } from 'react';
import { scanRefused } from '../../../components/scan-feedback/scan-feedback';

export function useScanOnButtonGuard() {
  const lastKey = useRef(-Infinity);
  return (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key.length === 1 && event.key !== ' ') {
      lastKey.current = event.timeStamp;
      return;
    }
    if (event.key === 'Enter' && event.timeStamp - lastKey.current < 1000) {
      event.preventDefault();
      scanRefused('That scan reached a button, not a field: nothing was created.');
    }
  };
}
