/**
 * The label printers calls, declared once for the server and the web (docs/decisions/281, 283).
 * Admins manage the printers (managePrinters); anyone who prints tags (receipts) lists them for the
 * picker — names, languages and presets, never addresses — and sends jobs to them.
 */
import { z } from 'zod';
import { uuidParams, withVersion } from '../common';
import { operation } from '../operation';
import {
  printJob,
  printJobBody,
  printer,
  printerBody,
  printerChoiceList,
  printerChoiceQuery,
  printerList,
  printerListQuery,
  printerTestResult,
} from '../printers';

const tags = ['printers'];
const ability = 'managePrinters';

export const listPrinters = operation({
  operationId: 'listPrinters',
  method: 'GET',
  path: '/api/printers',
  summary: 'List the label printers, with their addresses',
  description: 'name: contains, any case.',
  tags,
  ability,
  query: printerListQuery,
  response: { 200: printerList },
});

export const createPrinter = operation({
  operationId: 'createPrinter',
  method: 'POST',
  path: '/api/printers',
  summary: 'Add a label printer',
  description:
    'zpl goes over raw TCP (host, port: 9100 when empty), pdf to an IPP / CUPS queue (url); host and port are ignored for ipp, url for raw.',
  tags,
  ability,
  body: printerBody,
  response: { 201: withVersion(printer) },
});

export const getPrinter = operation({
  operationId: 'getPrinter',
  method: 'GET',
  path: '/api/printers/:id',
  summary: 'Get a label printer',
  tags,
  ability,
  params: uuidParams,
  response: { 200: withVersion(printer) },
});

export const updatePrinter = operation({
  operationId: 'updatePrinter',
  method: 'PUT',
  path: '/api/printers/:id',
  summary: 'Change a label printer',
  description: 'The whole printer, as on create. With If-Match, only while it still has that version (else 409).',
  tags,
  ability,
  errors: [409],
  params: uuidParams,
  body: printerBody,
  response: { 200: withVersion(printer) },
});

export const deletePrinter = operation({
  operationId: 'deletePrinter',
  method: 'DELETE',
  path: '/api/printers/:id',
  summary: 'Delete a label printer with its job records',
  tags,
  ability,
  params: uuidParams,
  response: { 204: z.undefined() },
});

export const listPrinterChoices = operation({
  operationId: 'listPrinterChoices',
  method: 'GET',
  path: '/api/printers_drop_down',
  summary: 'List the label printers to print tags on',
  description: 'Id, name, language and preset of each, by name; never the address.',
  tags,
  ability: 'receipts',
  query: printerChoiceQuery,
  response: { 200: printerChoiceList },
});

export const testPrinter = operation({
  operationId: 'testPrinter',
  method: 'POST',
  path: '/api/printers/:id/test',
  summary: 'Print a test label',
  description:
    "Sends one test label and answers what the printer said in a sentence: for ZPL its ~HS host status first (paper out, head open, paused: then nothing is sent), for IPP the queue's status code. A printer that fails answers 200 with status failed.",
  tags,
  ability,
  params: uuidParams,
  response: { 200: printerTestResult },
});

export const createPrintJob = operation({
  operationId: 'createPrintJob',
  method: 'POST',
  path: '/api/printers/:id/jobs',
  summary: 'Print the LB tags of receipts on a label printer',
  description:
    "Up to 500 receipts, one label each in the order of receiptIds, sent as one job over one connection. Answers 201 with status sent or failed and a sentence; a sent job is recorded in each receipt's history. id is made by the client: a retry with the same id answers the recorded job and sends nothing; the same id with other receipts is a 400.",
  tags,
  ability: 'receipts',
  params: uuidParams,
  body: printJobBody,
  response: { 201: printJob },
});
