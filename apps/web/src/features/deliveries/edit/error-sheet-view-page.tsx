/** /error-sheet/:deliveryId/:view (docs/product.md §2.1): 'update' is the edit form, 'preview' the items list; any other view is /404. */
import { Navigate, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import ErrorSheetPreviewPage from './error-sheet-preview-page';
import ErrorSheetUpdatePage from './error-sheet-update-page';

export default function ErrorSheetViewPage() {
  const { view } = useParams();
  if (view === 'update') return <ErrorSheetUpdatePage />;
  if (view === 'preview') return <ErrorSheetPreviewPage />;
  return <Navigate to={paths.notFound.to()} replace />;
}
