/** /error-sheet (docs/product.md §2.13): the error sheets. */
import { DeliveryList } from './delivery-list';

export default function ErrorSheetListPage() {
  return <DeliveryList type="error_sheet" />;
}
