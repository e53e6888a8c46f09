/** Stub: replaced by the screen of paths.receiptEdit. */
import { Title } from '@mantine/core';
import { paths } from '../../lib/paths';

export default function Page() {
  return <Title order={1}>{paths.receiptEdit.title}</Title>;
}
