/**
 * History of one receipt's changes (/receipt/:receipt/revisions, docs/product.md §2.9), titled with
 * the receipt's LB number (docs/decisions/251), with the way back to Main. A deleted receipt's
 * history is still shown, under the plain title.
 */
import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { z } from 'zod';
import { getReceipt } from '@cooler-hub/contract/operations/receipts';
import { RevisionsList } from '../../../components/revisions/revisions-list';
import { RECEIPT_LABELS } from '../../../components/revisions/receipt-labels';
import { api } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { RECEIPTS_KEY } from '../../../lib/query-keys';

function ReceiptRevisions({ id }: { id: string }) {
  const found = useQuery({
    queryKey: [...RECEIPTS_KEY, 'one', id, 'found'],
    queryFn: ({ signal }) => api.call(getReceipt, { params: { id }, signal, notFoundIsNull: true }),
  });
  const lbNumber = found.data?.lbNumber;
  return (
    <RevisionsList
      kind="Receipt"
      entryRef={id}
      title={lbNumber ? `${paths.receiptRevisions.title} — ${lbNumber}` : paths.receiptRevisions.title}
      labels={RECEIPT_LABELS}
      back={{ to: paths.main.to(), label: paths.main.title }}
    />
  );
}

export default function ReceiptRevisionsPage() {
  const { receipt } = useParams();
  if (receipt === undefined || !z.uuid().safeParse(receipt).success) return <Navigate to={paths.notFound.to()} replace />;
  return <ReceiptRevisions id={receipt} />;
}
