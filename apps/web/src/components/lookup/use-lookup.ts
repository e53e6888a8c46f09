/**
 * The headless lookup of every search field (the machine of lookup.ts) bound to a component: its
 * state re-renders the field, its actions are stable, and it stops when the field goes. `search`
 * may change from render to render; the latest one is called.
 *
 *   const lookup = useLookup((q, signal) => findCoolers(q.trim(), signal), { empty: [] });
 *   onChange: lookup.request(text) · shown when: !lookup.loading && lookup.answered === text
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createLookup, type LookupMachine, type LookupState } from './lookup';

export type LookupControl<R> = LookupState<R> & Omit<LookupMachine<R>, 'getState' | 'subscribe' | 'dispose'>;

export function useLookup<R>(
  search: (query: string, signal: AbortSignal) => Promise<R>,
  options: { empty: R; delay?: number },
): LookupControl<R> {
  const latest = useRef(search);
  useEffect(() => {
    latest.current = search;
  });
  const [machine] = useState(() => createLookup({ search: (query, signal) => latest.current(query, signal), ...options }));
  useEffect(() => () => machine.dispose(), [machine]);
  const state = useSyncExternalStore(machine.subscribe, machine.getState);
  return { ...state, request: machine.request, run: machine.run, hold: machine.hold, cancel: machine.cancel, settle: machine.settle };
}
