/** /delivery-list/scrap (spec 2.13): the scrap delivery notes. */
import { DeliveryList } from './delivery-list';

export default function ScrapListPage() {
  return <DeliveryList type="scrap" />;
}
