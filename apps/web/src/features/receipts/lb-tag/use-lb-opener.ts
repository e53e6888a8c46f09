/**
 * /scan-update's lookups (docs/product.md §2.1, §4; docs/decisions/131): codes looked up one at a time; the first
 * receipt found opens its edit page and ends the screen's work, a miss or a failure is said.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { findReceiptByLb, scannedLbNumber } from './scan-lookup';

type Outcome = { kind: 'miss' | 'error'; message: string };

/** Looks codes up one at a time; the first hit opens its receipt and ends the screen's work. */
export function useLbOpener() {
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const queue = useRef(Promise.resolve());
  const done = useRef(false);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  /** Resolves true when the code was looked up (hit or miss), false when the lookup failed. */
  const open = (code: string): Promise<boolean> => {
    const run = async (): Promise<boolean> => {
      if (done.current || !alive.current) return true;
      const lb = scannedLbNumber(code);
      if (!lb) {
        setOutcome({ kind: 'miss', message: `No receipt with LB number ${code}` });
        return true;
      }
      setBusy(true);
      try {
        const found = await findReceiptByLb(lb);
        if (!alive.current) return true;
        if (found) {
          done.current = true;
          void navigate(paths.receiptEdit.to({ receipt: found.id }));
        } else {
          setOutcome({ kind: 'miss', message: `No receipt with LB number ${lb}` });
        }
        return true;
      } catch (error) {
        console.error(error);
        if (alive.current) setOutcome({ kind: 'error', message: `The LB number ${lb} could not be looked up. Try again.` });
        return false;
      } finally {
        if (alive.current) setBusy(false);
      }
    };
    const result = queue.current.then(run);
    queue.current = result.then(() => undefined);
    return result;
  };

  return { open, outcome, busy };
}
