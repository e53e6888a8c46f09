/** History of one receipt's changes (/receipt/:receipt/revisions, docs/product.md §2.9), with the way back to Main. */
import { Navigate, useParams } from 'react-router';
import { z } from 'zod';
import { RevisionsList } from '../../components/revisions/revisions-list';
import { paths } from '../../lib/paths';
import { RECEIPT_LABELS } from './receipt-change-lines';

export default function ReceiptRevisionsPage() {
  const { receipt } = useParams();
  if (receipt === undefined || !z.uuid().safeParse(receipt).success) return <Navigate to={paths.notFound.to()} replace />;
  return (
    <RevisionsList
      kind="Receipt"
      entryRef={receipt}
      title={paths.receiptRevisions.title}
      labels={RECEIPT_LABELS}
      back={{ to: paths.main.to(), label: paths.main.title }}
    />
  );
}
