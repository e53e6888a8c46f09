/**
 * Never a blank page: a render error or a page chunk that fails to load (an old tab after a deploy)
 * shows a message and a way back instead of an empty screen. Resets when the path changes.
 */
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';

interface State {
  error: Error | null;
}

class Boundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Center mih="60vh" p="md">
        <Stack align="center" gap="sm">
          <Title order={1}>Something went wrong</Title>
          <Text>This screen could not be shown. Reloading usually helps.</Text>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </Stack>
      </Center>
    );
  }
}

export function AppErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <Boundary key={location.pathname}>{children}</Boundary>;
}
