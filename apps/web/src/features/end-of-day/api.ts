/** The end-of-day sheet: one day's receipts as a list and as the CSV that marks them exported. */
import { END_OF_DAY_FALLBACK_FILENAME, type EndOfDayRow } from '@cooler-hub/contract/end-of-day';
import { pathOf } from '@cooler-hub/contract/operation';
import { exportEndOfDayCsv, getEndOfDaySheet } from '@cooler-hub/contract/operations/end-of-day';
import type { ListFetcher } from '../../components/list/use-list-controller';
import { api } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';

export const END_OF_DAY_KEY = ['end_of_day_sheet'] as const;

export const listEndOfDay: ListFetcher<EndOfDayRow> = (q, signal) => api.call(getEndOfDaySheet, { query: q.apiQuery, signal });

/** Download CSV of the End Of Day Sheet; resolves with the saved file's name. */
export const downloadEndOfDayCsv = (receiptDate: string) =>
  downloadFile({
    path: pathOf(exportEndOfDayCsv),
    query: { receiptDate },
    accept: 'text/csv',
    fallbackName: END_OF_DAY_FALLBACK_FILENAME,
  });
