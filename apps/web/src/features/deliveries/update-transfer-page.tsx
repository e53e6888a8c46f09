/** Placeholder: replaced by the screen of issue 9. */
import { Title } from '@mantine/core';
import { paths } from '../../lib/paths';

export default function UpdateTransferPage() {
  return (
    <Title order={1} size="h2">
      {paths.updateDnTransfer.title}
    </Title>
  );
}
