/** Stub: replaced by the screen of paths.receiptRevisions. */
import { Title } from '@mantine/core';
import { paths } from '../../lib/paths';

export default function Page() {
  return <Title order={1}>{paths.receiptRevisions.title}</Title>;
}
