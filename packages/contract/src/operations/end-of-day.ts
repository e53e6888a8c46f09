/** The end of day calls, declared once for the server and the web (docs/decisions/281). */
import { endOfDayCsvQuery, endOfDayList, endOfDayQuery, receiptsExportBody } from '../end-of-day';
import { operation } from '../operation';

const tags = ['end of day sheet'];

export const getEndOfDaySheet = operation({
  operationId: 'getEndOfDaySheet',
  method: 'GET',
  path: '/api/end_of_day_sheet',
  summary: 'Get the end-of-day sheet',
  description: 'The receipts of one day in Europe/London (default today), oldest first; reading marks nothing exported.',
  tags,
  ability: 'endOfDaySheet',
  query: endOfDayQuery,
  response: { 200: endOfDayList },
});

export const exportReceiptsCsv = operation({
  operationId: 'exportReceiptsCsv',
  method: 'POST',
  path: '/api/receipts/export_csv',
  summary: 'Export receipts as CSV',
  description: "Up to 1000 receipts by id with the end-of-day CSV's columns, in the order of ids; marks nothing exported.",
  tags: ['receipts'],
  ability: 'receipts',
  produces: ['text/csv'],
  body: receiptsExportBody,
});

export const exportEndOfDayCsv = operation({
  operationId: 'exportEndOfDayCsv',
  method: 'GET',
  path: '/api/end_of_day_sheet_csv',
  summary: 'Export the end-of-day sheet as CSV',
  description: 'Streamed; its receipts become exported when the whole file was delivered.',
  tags,
  ability: 'endOfDaySheet',
  produces: ['text/csv'],
  query: endOfDayCsvQuery,
});
