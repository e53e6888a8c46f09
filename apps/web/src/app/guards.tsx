/**
 * Route guards: unauthenticated visitors of a protected route go to /login, carrying the address
 * they asked for so the login screen can return there; a signed-in user without the route's ability
 * sees a 'no permission' notice (never a blank page).
 */
import { Alert, Stack, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../lib/auth';
import { useCan } from '../lib/current-user';
import { paths, type Access } from '../lib/paths';
import { returnState } from '../lib/return-to';

const NO_PERMISSION_MESSAGE = "You don't have permission to view this page.";

export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status !== 'authenticated') {
    return <Navigate to={paths.login.to()} replace state={returnState(location.pathname + location.search)} />;
  }
  return children;
}

function Forbidden() {
  return (
    <Stack>
      <Title order={1} size="h2">
        Access denied
      </Title>
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
