/** Placeholder: replaced by the screen of issue 9. */
import { Title } from '@mantine/core';
import { paths } from '../../lib/paths';

export default function ErrorSheetListPage() {
  return (
    <Title order={1} size="h2">
      {paths.errorSheet.title}
    </Title>
  );
}
