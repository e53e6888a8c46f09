/** Import calls (docs/decisions/258; contract imports.ts): upload, sheet, dry run, import, cancel, progress, refusals. */
import { useQuery } from '@tanstack/react-query';
import { IMPORT_POLL_MS, type ImportJob, type ImportKind, type ImportMapping, type ImportRefusal } from '@cooler-hub/contract/imports';
import { pathOf } from '@cooler-hub/contract/operation';
import * as importOps from '@cooler-hub/contract/operations/imports';
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
  return api.call(importOps.uploadImport, { formData });
}

export const chooseSheet = (id: string, sheet: string) => api.call(importOps.chooseImportSheet, { params: { id }, body: { sheet } });
export const startDryRun = (id: string, mapping: ImportMapping) =>
  api.call(importOps.startImportDryRun, { params: { id }, body: { mapping } });
export const startImport = (id: string) => api.call(importOps.startImport, { params: { id } });
export const cancelRun = (id: string) => api.call(importOps.cancelImport, { params: { id } });

/** One import, polled while it runs; every tab showing it sees the same bar. */
export function useImportJob(id: string) {
  return useQuery({
    queryKey: jobKey(id),
    queryFn: ({ signal }) => api.call(importOps.getImport, { params: { id }, signal }),
    refetchInterval: (query) => (isRunning(query.state.data) ? IMPORT_POLL_MS : false),
    refetchOnMount: 'always',
  });
}

/** The signed-in user's newest imports. */
export function useRecentImports(count: number) {
  return useQuery({
    queryKey: [...IMPORTS_KEY, 'recent', count],
    queryFn: ({ signal }) => api.call(importOps.listImports, { query: { page: 1, perPage: count }, signal }),
    refetchOnMount: 'always',
  });
}

export function refusalsFetcher(id: string): ListFetcher<ImportRefusal> {
  return (q, signal) => api.call(importOps.listImportRefusals, { params: { id }, query: q.apiQuery, signal });
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The refused rows in the upload's format, with their 'Error' column. */
export function downloadRefusedRows(job: Pick<ImportJob, 'id' | 'format' | 'fileName'>) {
  const base = job.fileName.replace(/\.[^.]*$/, '');
  return downloadFile({
    path: pathOf(importOps.downloadImportRefusedRows, { id: job.id }),
    accept: job.format === 'xlsx' ? XLSX_TYPE : 'text/csv',
    fallbackName: `${base}-refused.${job.format}`,
  });
}
