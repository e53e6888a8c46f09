/** /delivery-list/scrap (docs/product.md §2.13): the scrap delivery notes. */
import { DeliveryList } from './delivery-list';

export default function ScrapListPage() {
  return <DeliveryList type="scrap" />;
}
