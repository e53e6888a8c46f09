/**
 * 'Export selected' on Master Data (docs/decisions/257): the rows chosen, in the order the list
 * shows them, downloaded as a CSV in the end-of-day sheet's columns, written by the server's one
 * CSV writer. It marks nothing exported: the end-of-day sheet stays the export of record.
 */
import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { SELECTED_RECEIPTS_FALLBACK_FILENAME } from '@cooler-hub/contract/end-of-day';
import { pathOf } from '@cooler-hub/contract/operation';
import { exportReceiptsCsv } from '@cooler-hub/contract/operations/end-of-day';
import { runWithToast } from '../../../components/run-with-toast';
import { downloadFile } from '../../../lib/download';

export const EXPORT_SELECTED_LABEL = 'Export selected';

export function ExportSelectedButton({ ids }: { ids: readonly string[] }) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    await runWithToast(() =>
      downloadFile({
        path: pathOf(exportReceiptsCsv),
        body: { ids },
        accept: 'text/csv',
        fallbackName: SELECTED_RECEIPTS_FALLBACK_FILENAME,
      }),
    );
    setExporting(false);
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
      loading={exporting}
      disabled={ids.length === 0}
      onClick={() => void exportCsv()}
    >
      {EXPORT_SELECTED_LABEL}
    </Button>
  );
}
