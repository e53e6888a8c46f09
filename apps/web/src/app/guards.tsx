/**
 * Route guards: unauthenticated visitors of a protected route go to /login; a signed-in user
 * without the route's ability sees a 'no permission' notice (never a blank page).
 */
import { Alert, Stack, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAuth } from '../lib/auth';
import { useCan } from '../lib/current-user';
import type { Access } from '../lib/paths';

const NO_PERMISSION_MESSAGE = "You don't have permission to view this page.";

export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  if (auth.status !== 'authenticated') return <Navigate to="/login" replace />;
  return children;
}

function Forbidden() {
  return (
    <Stack>
      <Title order={2}>Access denied</Title>
      <Alert color="yellow" variant="light" icon={<IconLock size={18} aria-hidden />}>
        {NO_PERMISSION_MESSAGE}
      </Alert>
    </Stack>
  );
}

export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const can = useCan();
  if (typeof access !== 'string' && !can(access)) return <Forbidden />;
  return children;
}
