/**
 * The serial numbers the Master Data serial filter suggests (docs/product.md §2.8): asked 350 ms after the last
 * key (page 1 of the cooler lookup), an older lookup dropped for a newer one, nothing asked for an empty text.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { debounce, normalizeSearch } from '../../../components/form/search-select-model';
import { findCoolerSerials } from '../api';

export function useSerialSuggestions() {
  const [options, setOptions] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const lookUp = useMemo(
    () =>
      debounce((text: string) => {
        controller.current?.abort();
        const ac = new AbortController();
        controller.current = ac;
        findCoolerSerials(text, ac.signal)
          .then((found) => {
            if (!ac.signal.aborted) setOptions(found);
          })
          .catch(() => {
            // The API client has told the user; an aborted lookup was replaced by a newer one.
            if (!ac.signal.aborted) setOptions([]);
          })
          .finally(() => {
            if (controller.current === ac) setLoading(false);
          });
      }),
    [],
  );
  useEffect(
    () => () => {
      lookUp.cancel();
      controller.current?.abort();
    },
    [lookUp],
  );

  /** The text typed: suggestions for it, or none for an empty one. */
  const ask = (text: string) => {
    if (normalizeSearch(text) === '') {
      lookUp.cancel();
      controller.current?.abort();
      setOptions([]);
      setLoading(false);
      return;
    }
    setLoading(true);
    lookUp(normalizeSearch(text));
  };

  return { options, loading, ask };
}
