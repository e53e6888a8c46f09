/**
 * The one lookup state machine behind every search field: a query is typed, waits out the
 * debounce, is sent, and its answer (or its failure) is shown — unless a newer query has replaced
 * it meanwhile, whose request then aborts the older one and drops its late answer. The field keeps
 * its own text; this keeps what the last answer said, which query it answers, and whether one is on
 * its way (docs/decisions/230-one-lookup-machine.md). `useLookup` binds it to a component; it is
 * plain code so it can be tested with fake timers.
 */
import { SEARCH_DEBOUNCE_MS, debounce } from '../form/search-select-model';

export interface LookupState<R> {
  /** The last answer shown (`empty` before the first, and after a failure). */
  readonly result: R;
  /** The query `result` answers; null when it answers none (nothing asked yet, or forgotten). */
  readonly answered: string | null;
  /** True from a request — its debounce included — until its answer, a `settle` or a `cancel`. */
  readonly loading: boolean;
}

/** How one `run` ended: its answer, its failure (the failure is shown as `empty`), or dropped for a newer one. */
export type LookupOutcome<R> = { status: 'answered'; result: R } | { status: 'failed'; error: unknown } | { status: 'dropped' };

export interface LookupOptions<R> {
  /** The call: it gets the query as given (normalise it here) and must honour the signal. */
  search: (query: string, signal: AbortSignal) => Promise<R>;
  /** What shows before the first answer and after a failure: `[]` for a list of options. */
  empty: R;
  /** The debounce of `request`. */
  delay?: number;
}

export interface LookupMachine<R> {
  getState: () => LookupState<R>;
  subscribe: (listener: () => void) => () => void;
  /** A typed query: loading at once, sent once `delay` passes without another; any older one is dropped. */
  request: (query: string) => void;
  /** Sends `query` now (a pending one is dropped) and tells how it ended. */
  run: (query: string) => Promise<LookupOutcome<R>>;
  /** Busy with a request made elsewhere, whose answer arrives through `settle`: drops what is pending or in flight. */
  hold: () => void;
  /** Drops what is pending or in flight; nothing is loading. */
  cancel: () => void;
  /** Shows `result` as the answer to `answered` (null: to no query), dropping what is pending or in flight. */
  settle: (answered: string | null, result: R) => void;
  /** Stops timers and requests when the component goes (it can still be used if it comes back). */
  dispose: () => void;
}

export function createLookup<R>({ search, empty, delay = SEARCH_DEBOUNCE_MS }: LookupOptions<R>): LookupMachine<R> {
  let state: LookupState<R> = { result: empty, answered: null, loading: false };
  const listeners = new Set<() => void>();
  let inFlight: AbortController | null = null;

  const update = (next: Partial<LookupState<R>>) => {
    const merged = { ...state, ...next };
    if (merged.result === state.result && merged.answered === state.answered && merged.loading === state.loading) return;
    state = merged;
    for (const listener of listeners) listener();
  };
  const abort = () => {
    inFlight?.abort();
    inFlight = null;
  };

  const run = async (query: string): Promise<LookupOutcome<R>> => {
    pending.cancel();
    abort();
    const ac = new AbortController();
    inFlight = ac;
    update({ loading: true });
    let outcome: LookupOutcome<R>;
    try {
      outcome = { status: 'answered', result: await search(query, ac.signal) };
    } catch (error) {
      outcome = { status: 'failed', error };
    }
    // A newer query, a cancel or a settle came first: this answer is stale.
    if (ac.signal.aborted || inFlight !== ac) return { status: 'dropped' };
    inFlight = null;
    update({ result: outcome.status === 'answered' ? outcome.result : empty, answered: query, loading: false });
    return outcome;
  };
  const pending = debounce((query: string) => void run(query), delay);

  const cancel = () => {
    pending.cancel();
    abort();
  };

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    request: (query) => {
      abort();
      pending(query);
      update({ loading: true });
    },
    run,
    hold: () => {
      cancel();
      update({ loading: true });
    },
    cancel: () => {
      cancel();
      update({ loading: false });
    },
    settle: (answered, result) => {
      cancel();
      update({ result, answered, loading: false });
    },
    dispose: cancel,
  };
}
