/** Stub: replaced by the screen of paths.lbTag. */
import { Title } from '@mantine/core';
import { paths } from '../../lib/paths';

export default function Page() {
  return <Title order={1}>{paths.lbTag.title}</Title>;
}
