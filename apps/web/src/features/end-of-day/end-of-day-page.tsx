/**
 * End Of Day Sheet (/end-of-day-sheet, docs/product.md §2.7): the receipts of one London day (default today,
 * the whole day), the 14 columns in the order of docs/product.md §2.7, Create (→ /receipt-create) and Download CSV.
 * The chosen day is kept in the query string (`?receiptDate=YYYY-MM-DD`); without it the sheet is
 * today's. After a download the sheet reloads, so its rows now read Exported Yes (docs/decisions/141).
 */
import { Anchor, Button } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.css';
import 'dayjs/locale/en-gb';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { londonToday } from '@cooler-hub/contract/london-time';
import type { EndOfDayRow } from '@cooler-hub/contract/end-of-day';
import { CALENDAR_LABELS } from '../../components/form/calendar-labels';
import { DataList, type ListColumn } from '../../components/list/data-list';
import '../../components/list/wide-table.css';
import type { ListFetcher } from '../../components/list/use-list-controller';
import { useSavedViews } from '../../components/list/saved-views';
import { useListController } from '../../components/list/use-list-controller';
import { runWithToast } from '../../components/run-with-toast';
import { formatDate, formatDateTime, parseDisplayDate } from '../../lib/format-date';
import { paths } from '../../lib/paths';
import { RECEIPTS_KEY } from '../../lib/query-keys';
import { END_OF_DAY_KEY, downloadEndOfDayCsv, listEndOfDay } from './api';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const cell = (value: string | number | null) => value ?? '';

/** The 14 columns of docs/product.md §2.7, in its order (the headings are END_OF_DAY_COLUMNS, the CSV's header). */
const columns: ListColumn<EndOfDayRow>[] = [
  { key: 'supplierCode', header: 'Supplier Code', render: (r) => cell(r.supplierCode) },
  { key: 'roNumber', header: 'RO Number', render: (r) => cell(r.roNumber) },
  { key: 'accountNo', header: 'Account No', render: (r) => cell(r.accountNo) },
  { key: 'deliveryNoteNo', header: 'Delivery Note No', render: (r) => cell(r.deliveryNoteNo) },
  // Every row is of the one day shown: the time is what tells them apart (as in the CSV).
  { key: 'receiptDate', header: 'Receipt Date', render: (r) => cell(formatDateTime(r.receiptDate)) },
  { key: 'serialNumber', header: 'Serial Number', render: (r) => cell(r.serialNumber) },
  { key: 'partNumber', header: 'Part Number', render: (r) => cell(r.partNumber) },
  { key: 'customer', header: 'Customer', render: (r) => cell(r.customer) },
  { key: 'assetNo', header: 'Asset number', render: (r) => cell(r.assetNo) },
  // The LB number opens the receipt, to put a row right before the sheet is downloaded.
  {
    key: 'tagNumber',
    header: 'Tag Number / TSR',
    render: (r) => (
      <Anchor component={Link} to={paths.receiptEdit.to({ receipt: r.id })}>
        {r.tagNumber}
      </Anchor>
    ),
  },
  { key: 'dateOfManufacture', header: 'DOM', render: (r) => cell(formatDate(r.dateOfManufacture)) },
  { key: 'processOption', header: 'Process Option', render: (r) => cell(r.processOption) },
  { key: 'scrapReason', header: 'Scrap Reason', render: (r) => cell(r.scrapReason) },
  { key: 'isExported', header: 'Exported', render: (r) => cell(r.isExported ? 'Yes' : 'No') },
];

export default function EndOfDayPage() {
  const queryClient = useQueryClient();
  const today = londonToday();
  // The list asks for the day it shows, so the screen and the server never disagree on "today".
  const fetchDay: ListFetcher<EndOfDayRow, 'receiptDate'> = (q, signal) =>
    listEndOfDay({ ...q, apiQuery: q.filters.receiptDate ? q.apiQuery : `${q.apiQuery}&receiptDate=${today}` }, signal);
  const list = useListController({
    queryKey: [...END_OF_DAY_KEY, today],
    fetch: fetchDay,
    getRowId: (r) => r.id,
    filters: ['receiptDate'],
  });
  const views = useSavedViews({ list: 'endOfDaySheet', columns, columnChooser: true });
  const chosen = list.params.filters.receiptDate;
  const day = chosen && DAY.test(chosen) ? chosen : today;

  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    await runWithToast(async () => {
      await downloadEndOfDayCsv(day);
      // The downloaded rows are exported now: this sheet and Master Data show it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: END_OF_DAY_KEY }),
        queryClient.invalidateQueries({ queryKey: RECEIPTS_KEY }),
      ]);
    });
    setDownloading(false);
  };

  return (
    <div className="ch-wide-table">
      <DataList
        title={paths.endOfDaySheet.title}
        list={list}
        columns={views.columns}
        toolbar={
          <>
            {views.controls}
            <Button component={Link} to={paths.receiptCreate.to()} leftSection={<IconPlus size={16} aria-hidden />}>
              Create
            </Button>
            <Button
              variant="default"
              onClick={() => void download()}
              loading={downloading}
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Download CSV
            </Button>
          </>
        }
        filters={
          <DatesProvider settings={{ locale: 'en-gb', firstDayOfWeek: 1 }}>
            <DateInput
              label="Receipt date"
              placeholder="dd/mm/yyyy"
              valueFormat="DD/MM/YYYY"
              dateParser={(text) => parseDisplayDate(text)}
              value={day}
              onChange={(value) => list.params.setFilters(value && value !== today ? { receiptDate: value } : {})}
              ariaLabels={CALENDAR_LABELS}
              maw={220}
            />
          </DatesProvider>
        }
      />
    </div>
  );
}
