import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export default function NotFoundPage({ signedIn }: { signedIn: boolean }) {
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1} size="h2">
        404 Not Found
      </Title>
      <Text c="dimmed">The page you are looking for does not exist or has been removed.</Text>
      <Button component={Link} to={signedIn ? '/main' : '/login'} variant="light">
        {signedIn ? 'Go to Main' : 'Back to login'}
      </Button>
    </Stack>
  );
}
