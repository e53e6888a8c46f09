/** The imports calls, declared once for the server and the web (docs/decisions/281). */
import { z } from 'zod';
import {
  importDryRunBody,
  importJob,
  importList,
  importListQuery,
  importRefusalList,
  importRefusalListQuery,
  importSheetBody,
} from '../imports';
import { operation } from '../operation';

const tags = ['imports'];
const idParams = z.object({ id: z.uuid() });

export const uploadImport = operation({
  operationId: 'uploadImport',
  method: 'POST',
  path: '/api/imports',
  summary: 'Upload a file to import',
  description: 'multipart/form-data with the fields `kind`, `sheet`, then `file`: CSV or XLSX, at most 52428800 bytes.',
  tags,
  ability: 'import',
  errors: [415],
  form: {
    type: 'object',
    required: ['kind', 'file'],
    properties: {
      kind: { type: 'string', enum: ['receipts', 'coolers', 'customerAccounts', 'partNumbers'] },
      sheet: { type: 'string' },
      file: { type: 'string', contentMediaType: 'application/octet-stream' },
    },
  },
  consumes: ['multipart/form-data'],
  response: { 201: importJob },
});

export const listImports = operation({
  operationId: 'listImports',
  method: 'GET',
  path: '/api/imports',
  summary: "List the signed-in user's imports",
  description: 'Newest first.',
  tags,
  ability: 'import',
  query: importListQuery,
  response: { 200: importList },
});

export const getImport = operation({
  operationId: 'getImport',
  method: 'GET',
  path: '/api/imports/:id',
  summary: 'Get an import',
  description: 'With the progress of its run.',
  tags,
  ability: 'import',
  params: idParams,
  response: { 200: importJob },
});

export const chooseImportSheet = operation({
  operationId: 'chooseImportSheet',
  method: 'POST',
  path: '/api/imports/:id/sheet',
  summary: 'Read another sheet of the workbook',
  description: 'Answers its header and mapping.',
  tags,
  ability: 'import',
  params: idParams,
  body: importSheetBody,
  response: { 200: importJob },
});

export const startImportDryRun = operation({
  operationId: 'startImportDryRun',
  method: 'POST',
  path: '/api/imports/:id/dry_run',
  summary: 'Check every row of an import',
  description: 'With this mapping; nothing is written.',
  tags,
  ability: 'import',
  params: idParams,
  body: importDryRunBody,
  response: { 202: importJob },
});

export const startImport = operation({
  operationId: 'startImport',
  method: 'POST',
  path: '/api/imports/:id/import',
  summary: 'Import a checked file',
  description: 'Or go on with a stopped import.',
  tags,
  ability: 'import',
  params: idParams,
  response: { 202: importJob },
});

export const cancelImport = operation({
  operationId: 'cancelImport',
  method: 'POST',
  path: '/api/imports/:id/cancel',
  summary: 'Stop a dry run or import',
  description: 'After its current batch.',
  tags,
  ability: 'import',
  params: idParams,
  response: { 200: importJob },
});

export const listImportRefusals = operation({
  operationId: 'listImportRefusals',
  method: 'GET',
  path: '/api/imports/:id/refusals',
  summary: 'List the rows an import refused',
  description: 'With their problems, from the last run.',
  tags,
  ability: 'import',
  params: idParams,
  query: importRefusalListQuery,
  response: { 200: importRefusalList },
});

export const downloadImportRefusedRows = operation({
  operationId: 'downloadImportRefusedRows',
  method: 'GET',
  path: '/api/imports/:id/refused_rows',
  summary: 'Download the refused rows of an import',
  description: "A file of the upload's format, with an 'Error' column.",
  tags,
  ability: 'import',
  produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  params: idParams,
});
