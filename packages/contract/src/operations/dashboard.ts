/** The dashboard calls, declared once for the server and the web (docs/decisions/281). */
import { dashboardPeriodQuery, notExported, notOnNoteByAge, receiptsPerDay, scrapByReason, turnaround } from '../dashboard';
import { operation } from '../operation';

const tags = ['dashboard'];

export const getReceiptsPerDay = operation({
  operationId: 'getReceiptsPerDay',
  method: 'GET',
  path: '/api/dashboard/receipts_per_day',
  summary: 'Count receipts per day',
  description: 'Receipts per London day of the last 30 or 90 days, per process option.',
  tags,
  ability: 'receipts',
  query: dashboardPeriodQuery,
  response: { 200: receiptsPerDay },
});

export const getScrapByReason = operation({
  operationId: 'getScrapByReason',
  method: 'GET',
  path: '/api/dashboard/scrap_by_reason',
  summary: 'Count scrapped receipts by reason',
  description: 'Receipts of the last 30 or 90 days, and those with each scrap reason.',
  tags,
  ability: 'receipts',
  query: dashboardPeriodQuery,
  response: { 200: scrapByReason },
});

export const getTurnaround = operation({
  operationId: 'getTurnaround',
  method: 'GET',
  path: '/api/dashboard/turnaround',
  summary: 'Measure the turnaround of receipts',
  description:
    'Days from receipt to approved transfer or scrap note (median, 90th percentile) of the notes approved in the last 30 or 90 days.',
  tags,
  ability: 'receipts',
  query: dashboardPeriodQuery,
  response: { 200: turnaround },
});

export const getNotOnNoteByAge = operation({
  operationId: 'getNotOnNoteByAge',
  method: 'GET',
  path: '/api/dashboard/not_on_note_by_age',
  summary: 'Count receipts on no note, by age',
  description: 'Receipts on no transfer or scrap note, by age (0–7, 8–30, 31–90, > 90 days).',
  tags,
  ability: 'receipts',
  response: { 200: notOnNoteByAge },
});

export const getNotExported = operation({
  operationId: 'getNotExported',
  method: 'GET',
  path: '/api/dashboard/not_exported',
  summary: 'Count receipts not yet exported',
  description: 'Receipts not yet exported in an end-of-day CSV.',
  tags,
  ability: 'receipts',
  response: { 200: notExported },
});
