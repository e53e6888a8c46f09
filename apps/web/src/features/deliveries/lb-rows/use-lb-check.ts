/**
 * Flags LB rows at once (docs/decisions/175): every code of the list that has
 * not been asked about yet is sent to POST /api/deliveries/check_lb_numbers. Codes arriving together
 * (a camera frame with two tags, a wedge scanner at 20 scans a second, a restored draft) are sent
 * as one batch: the first new code opens a short window and everything new by then goes in one call.
 * The window is not pushed back by later codes, so a long run of scans is still checked as it goes.
 */
import { useEffect, useRef, useState } from 'react';
import type { DeliveryType } from '@cooler-hub/contract/delivery-types';
import { checkLbNumbers } from '../api';
import { isOffline } from '../../../lib/outbox/outbox';
import { codesToCheck, withAnswers, withFailures, withoutFailures, type LbChecks, type LbCheckState } from './lb-rows-model';

/** Long enough to gather one burst of codes, short enough to read as "at once". */
export const CHECK_BATCH_MS = 120;

export function useLbCheck(options: { lbNumbers: readonly string[]; type: DeliveryType; deliveryId?: number | null }): LbChecks {
  const { lbNumbers, type, deliveryId = null } = options;
  const [checks, setChecks] = useState<Map<string, LbCheckState>>(() => new Map());
  const inFlight = useRef(new Set<string>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ lbNumbers, checks, type, deliveryId });
  useEffect(() => {
    latest.current = { lbNumbers, checks, type, deliveryId };
  });
  /** Bumped when the answers no longer apply (another type or note): late answers are dropped. */
  const generation = useRef(0);

  // Another type or note: "taken" means something else, so every code is asked again.
  useEffect(() => {
    generation.current += 1;
    inFlight.current = new Set();
    setChecks(new Map());
  }, [type, deliveryId]);

  useEffect(() => {
    if (timer.current !== undefined) return;
    if (codesToCheck(lbNumbers, checks, inFlight.current).length === 0) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      const now = latest.current;
      const codes = codesToCheck(now.lbNumbers, now.checks, inFlight.current);
      if (codes.length === 0) return;
      const asked = generation.current;
      // Offline: 'to be checked' at once, asked when the network returns (docs/decisions/270).
      if (isOffline()) {
        setChecks((prev) => withFailures(prev, codes));
        return;
      }
      for (const code of codes) inFlight.current.add(code);
      checkLbNumbers({ type: now.type, deliveryId: now.deliveryId, lbNumbers: codes })
        .then(
          (answer) => {
            if (asked === generation.current) setChecks((prev) => withAnswers(prev, answer.items));
          },
          (error: unknown) => {
            console.error('The LB numbers could not be checked', error);
            if (asked === generation.current) setChecks((prev) => withFailures(prev, codes));
          },
        )
        .finally(() => {
          if (asked === generation.current) for (const code of codes) inFlight.current.delete(code);
        });
    }, CHECK_BATCH_MS);
  }, [lbNumbers, checks, type, deliveryId]);

  useEffect(() => {
    const again = () => setChecks((prev) => withoutFailures(prev));
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, []);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      timer.current = undefined;
      generation.current += 1;
    },
    [],
  );

  return checks;
}
