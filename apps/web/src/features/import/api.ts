/** Import calls (docs/decisions/258; contract imports.ts): upload, sheet, dry run, import, cancel, progress, refusals. */
import { useQuery } from '@tanstack/react-query';
import {
  IMPORT_POLL_MS,
  importJob,
  importList,
  importRefusalList,
  type ImportJob,
  type ImportKind,
  type ImportMapping,
  type ImportRefusal,
} from '@cooler-hub/contract/imports';
import type { ListFetcher } from '../../components/list/use-list-controller';
import { api } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';

export const IMPORTS_KEY = ['imports'] as const;

export const jobKey = (id: string) => [...IMPORTS_KEY, 'one', id] as const;

/** A run is going on: the screen asks for its progress every IMPORT_POLL_MS. */
export function isRunning(job: Pick<ImportJob, 'status'> | undefined): boolean {
  return job?.status === 'checking' || job?.status === 'importing';
}

/** POST /api/imports: `kind` and `sheet` go before the file, so the server has them when the file streams in. */
export function uploadImport(kind: ImportKind, file: File, sheet?: string) {
  const formData = new FormData();
  formData.append('kind', kind);
  if (sheet) formData.append('sheet', sheet);
  formData.append('file', file);
  return api.upload('/api/imports', formData, importJob);
}

export const chooseSheet = (id: string, sheet: string) => api.post(`/api/imports/${id}/sheet`, { sheet }, importJob);
export const startDryRun = (id: string, mapping: ImportMapping) => api.post(`/api/imports/${id}/dry_run`, { mapping }, importJob);
export const startImport = (id: string) => api.post(`/api/imports/${id}/import`, undefined, importJob);
export const cancelRun = (id: string) => api.post(`/api/imports/${id}/cancel`, undefined, importJob);

/** One import, polled while it runs; every tab showing it sees the same bar. */
export function useImportJob(id: string) {
  return useQuery({
    queryKey: jobKey(id),
    queryFn: ({ signal }) => api.get(`/api/imports/${id}`, importJob, undefined, signal),
    refetchInterval: (query) => (isRunning(query.state.data) ? IMPORT_POLL_MS : false),
    refetchOnMount: 'always',
  });
}

/** The signed-in user's newest imports. */
export function useRecentImports(count: number) {
  return useQuery({
    queryKey: [...IMPORTS_KEY, 'recent', count],
    queryFn: ({ signal }) => api.get('/api/imports', importList, { page: 1, perPage: count }, signal),
    refetchOnMount: 'always',
  });
}

export function refusalsFetcher(id: string): ListFetcher<ImportRefusal> {
  return (q, signal) => api.get(`/api/imports/${id}/refusals`, importRefusalList, q.apiQuery, signal);
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The refused rows in the upload's format, with their 'Error' column. */
export function downloadRefusedRows(job: Pick<ImportJob, 'id' | 'format' | 'fileName'>) {
  const base = job.fileName.replace(/\.[^.]*$/, '');
  return downloadFile({
    path: `/api/imports/${job.id}/refused_rows`,
    accept: job.format === 'xlsx' ? XLSX_TYPE : 'text/csv',
    fallbackName: `${base}-refused.${job.format}`,
  });
}
