/**
 * The import's calls for API tests (docs/decisions/258): an upload as a browser sends it, a run
 * waited for, and workbooks saved in Excel's order (every worksheet before the shared strings).
 */
import ExcelJS from 'exceljs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ImportJob } from '@cooler-hub/contract/imports';
import { bufferSource } from '../src/modules/imports/read';
import { zipEntries } from '../src/modules/imports/read/zip';
import { authHeader, json, multipart, waitFor } from './helpers';

export interface ImportCalls {
  upload(kind: string, fileName: string, data: Buffer, extra?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** An upload that must be accepted (201). */
  uploaded(kind: string, fileName: string, data: Buffer, extra?: Record<string, string>): Promise<ImportJob>;
  call(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** Polls the import until its run is over. */
  settled(id: string): Promise<ImportJob>;
  /** A dry run with the import's mapping, waited for. */
  dryRun(job: ImportJob): Promise<ImportJob>;
  /** The import after its dry run, waited for. */
  imported(id: string): Promise<ImportJob>;
}

export function importCalls(app: FastifyInstance, token: string): ImportCalls {
  const call: ImportCalls['call'] = (method, url, payload) =>
    app.inject({ method, url, headers: authHeader(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const upload: ImportCalls['upload'] = (kind, fileName, data, extra = {}) => {
    const contentType = fileName.endsWith('.xlsx') ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv';
    const body = multipart([
      { name: 'kind', value: kind },
      ...Object.entries(extra).map(([name, value]) => ({ name, value })),
      { name: 'file', filename: fileName, contentType, data },
    ]);
    return app.inject({ method: 'POST', url: '/api/imports', payload: body.payload, headers: { ...body.headers, ...authHeader(token) } });
  };
  const settled: ImportCalls['settled'] = (id) =>
    waitFor(async () => {
      const job = json<ImportJob>(await call('GET', `/api/imports/${id}`));
      return job.status === 'checking' || job.status === 'importing' ? undefined : job;
    }, 60_000);
  return {
    upload,
    call,
    settled,
    async uploaded(kind, fileName, data, extra) {
      const res = await upload(kind, fileName, data, extra);
      if (res.statusCode !== 201) throw new Error(`upload refused: ${res.statusCode} ${res.body}`);
      return json<ImportJob>(res);
    },
    async dryRun(job) {
      const res = await call('POST', `/api/imports/${job.id}/dry_run`, { mapping: job.mapping });
      if (res.statusCode !== 202) throw new Error(`dry run refused: ${res.statusCode} ${res.body}`);
      return settled(job.id);
    },
    async imported(id) {
      const res = await call('POST', `/api/imports/${id}/import`);
      if (res.statusCode !== 202) throw new Error(`import refused: ${res.statusCode} ${res.body}`);
      return settled(id);
    },
  };
}

/**
 * A workbook of text cells saved as Excel saves one: its worksheets come before
 * xl/sharedStrings.xml in the ZIP (checked, so a change of exceljs's writer cannot hide it).
 */
export async function excelOrderedXlsx(sheets: { name: string; rows: (string | null)[][] }[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const s of sheets) {
    const sheet = workbook.addWorksheet(s.name);
    for (const row of s.rows) sheet.addRow(row);
  }
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  const entries = await zipEntries(bufferSource(bytes));
  const at = (name: string) => entries.find((e) => e.name === name)?.localHeaderOffset ?? -1;
  if (!(at('xl/worksheets/sheet1.xml') >= 0 && at('xl/worksheets/sheet1.xml') < at('xl/sharedStrings.xml'))) {
    throw new Error('expected the worksheets before the shared strings');
  }
  return bytes;
}
