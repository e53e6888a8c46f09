/**
 * One QueryClient. Errors the API client has already shown (toast, /404, reload) are not shown again;
 * other failed reads are toasted here so no list fails silently.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { errorMessage } from './async';
import { notifyError } from './notify';

function reportUnnotified(error: unknown) {
  if (error instanceof ApiError && error.notified) return;
  if (error instanceof DOMException && error.name === 'AbortError') return;
  notifyError(errorMessage(error));
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: reportUnnotified }),
  // Mutations report to their caller (forms show field/form errors, the delete dialog toasts).
  mutationCache: new MutationCache({}),
  defaultOptions: {
    queries: {
      // An answer from the server is final, and a transport failure has already been shown.
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: 10_000,
    },
    mutations: { retry: false },
  },
});
