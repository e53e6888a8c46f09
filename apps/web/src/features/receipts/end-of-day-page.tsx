/** Stub: replaced by the screen of paths.endOfDaySheet. */
import { Title } from '@mantine/core';
import { paths } from '../../lib/paths';

export default function Page() {
  return <Title order={1}>{paths.endOfDaySheet.title}</Title>;
}
