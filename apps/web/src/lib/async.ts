/** The async wrapper of docs/product.md §8: runs a task and records its error message or 'Unknown error'. */
import { useCallback, useState } from 'react';
import { MSG_UNKNOWN } from './api-errors';

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return MSG_UNKNOWN;
}

export function useAsync<A extends unknown[], R>(task: (...args: A) => Promise<R>) {
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (...args: A): Promise<R | undefined> => {
      setRunning(true);
      setError(null);
      try {
        return await task(...args);
      } catch (e) {
        setError(errorMessage(e));
        return undefined;
      } finally {
        setRunning(false);
      }
    },
    [task],
  );
  return { run, running, error };
}
