/** A screen of spec 2.1 not built yet: its title and a line saying so — never a blank page. */
import { Stack, Text, Title } from '@mantine/core';

const COMING_SOON = 'This screen is coming soon.';

export default function ComingSoonPage({ title }: { title: string }) {
  return (
    <Stack gap="xs">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed">{COMING_SOON}</Text>
    </Stack>
  );
}
