/**
 * Login (docs/product.md §2.3): signIn {username, password} → {token}, stored under 'token',
 * then / with the history entry replaced — or the protected address the visitor had opened (a deep
 * link, or the page a session ended on). A 401 body's message (e.g. 'Invalid credentials.') and a
 * 429's description show at form level; a session that ended on its own is explained above the form.
 * Enter in a field signs in.
 */
import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { TOKEN_INVALID, loginCheckBody } from '@cooler-hub/contract/auth';
import { REQUIRED_MESSAGE } from '@cooler-hub/contract/common';
import { signIn } from '@cooler-hub/contract/operations/auth';
import { AppForm, SubmitButton } from '../../components/form/app-form';
import { PasswordField, TextField } from '../../components/form/fields';
import { useAppForm } from '../../components/form/use-app-form';
import { api } from '../../lib/api-client';
import { sessionEnded, storeToken, useAuth } from '../../lib/auth';
import { returnTarget } from '../../lib/return-to';

const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

// The contract's rule, with 'Required Field' for an empty password (docs/product.md §5.1).
const loginForm = loginCheckBody.extend({ password: z.string().min(1, REQUIRED_MESSAGE) });

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const formApi = useAppForm(loginForm, { defaultValues: { username: '', password: '' } });

  const onSubmit = async (values: z.output<typeof loginForm>) => {
    const { token } = await api.call(signIn, { body: values });
    if (storeToken(token).status !== 'authenticated') throw new Error(TOKEN_INVALID);
    queryClient.clear(); // nothing of a previous user survives
    await navigate(returnTarget(location.state), { replace: true });
  };

  return (
    <Paper withBorder shadow="md" p="xl" radius="md">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2" ta="center">
            Welcome to Cooler Hub
          </Title>
          <Text c="dimmed" size="sm" ta="center" mt={4}>
            Sign in to continue
          </Text>
        </div>
        {sessionEnded(auth) && (
          // A status, not an alert: it is news on arrival, not an error of what the user typed.
          <Alert role="status" color="yellow" variant="light" icon={<IconClockExclamation size={18} aria-hidden />}>
            {SESSION_ENDED_MESSAGE}
          </Alert>
        )}
        <AppForm submitOnEnter api={formApi} onSubmit={onSubmit}>
          <TextField name="username" label="Login" placeholder="Name or Email" autoComplete="username" autoFocus />
          <PasswordField name="password" label="Password" autoComplete="current-password" />
          <Group justify="flex-end">
            <Anchor component={Link} to="/login/recovery" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          {/* Disabled until the form has changed (docs/product.md §2.3), like an update form. */}
          <SubmitButton api={formApi} update fullWidth>
            Login
          </SubmitButton>
        </AppForm>
      </Stack>
    </Paper>
  );
}
