/**
 * Password recovery in five steps (docs/product.md §2.3, §4): name → check e-mail → code → new password → done.
 * Calls: /api/password_recovery/{request,verify,reset} (contract password-recovery.ts).
 * Enter in a field submits the step; every step but the last offers 'Back to login' — the last one
 * has its own Login button, so there is one way back, not two.
 */
import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { recoveryRequestBody, recoveryVerifyBody } from '@cooler-hub/contract/password-recovery';
import { newPassword } from '@cooler-hub/contract/users';
import { AppForm } from '../../components/form/app-form';
import { PasswordField, TextField } from '../../components/form/fields';
import { useAppForm } from '../../components/form/use-app-form';
import { requestRecovery, resetPassword, verifyRecoveryCode } from './api';

const PASSWORDS_DIFFER = 'The passwords do not match.';

type Step =
  | { step: 'name' }
  | { step: 'sent'; username: string }
  | { step: 'code'; username: string }
  | { step: 'password'; username: string; resetToken: string }
  | { step: 'done' };

function StepCard(props: { title?: string; text: string; children: ReactNode; backToLogin?: boolean }) {
  const { title, text, children, backToLogin = true } = props;
  return (
    <Paper withBorder shadow="md" p="xl" radius="md">
      <Stack gap="lg">
        <div>
          {title && (
            <Title order={1} size="h2" ta="center">
              {title}
            </Title>
          )}
          <Text c="dimmed" ta="center" mt={title ? 4 : 0}>
            {text}
          </Text>
        </div>
        {children}
        {backToLogin && (
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Back to login
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}

function NameStep({ onSent }: { onSent: (username: string) => void }) {
  const formApi = useAppForm(recoveryRequestBody, { defaultValues: { username: '' } });
  return (
    <StepCard title="Forgot your password?" text="No worries, we'll send you reset instructions">
      <AppForm
        submitOnEnter
        api={formApi}
        onSubmit={async ({ username }) => {
          await requestRecovery(username);
          onSent(username);
        }}
      >
        <TextField name="username" label="Name or Email" placeholder="Name or Email" autoComplete="username" autoFocus />
        <Button type="submit" fullWidth loading={formApi.processing}>
          Reset password
        </Button>
      </AppForm>
    </StepCard>
  );
}

const codeForm = recoveryVerifyBody.pick({ code: true });

function CodeStep({ username, onVerified }: { username: string; onVerified: (resetToken: string) => void }) {
  const formApi = useAppForm(codeForm, { defaultValues: { code: '' } });
  return (
    <StepCard title="Password reset" text="Enter the secret code from our email.">
      <AppForm
        submitOnEnter
        api={formApi}
        onSubmit={async ({ code }) => {
          const { resetToken } = await verifyRecoveryCode(username, code);
          onVerified(resetToken);
        }}
      >
        <TextField name="code" label="Code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
        <Button type="submit" fullWidth loading={formApi.processing}>
          Verify code
        </Button>
      </AppForm>
    </StepCard>
  );
}

const passwordForm = z
  .object({ plainPassword: newPassword, confirmPassword: z.string() })
  .refine((v) => v.plainPassword === v.confirmPassword, { path: ['confirmPassword'], message: PASSWORDS_DIFFER });

function PasswordStep({ resetToken, onReset }: { resetToken: string; onReset: () => void }) {
  const formApi = useAppForm(passwordForm, { defaultValues: { plainPassword: '', confirmPassword: '' } });
  return (
    <StepCard title="Set new password" text="Your new password must be different to previously used passwords">
      <AppForm
        submitOnEnter
        api={formApi}
        onSubmit={async ({ plainPassword }) => {
          await resetPassword(resetToken, plainPassword);
          onReset();
        }}
      >
        <PasswordField name="plainPassword" label="Password" autoComplete="new-password" autoFocus />
        <PasswordField name="confirmPassword" label="Confirm password" autoComplete="new-password" />
        <Button type="submit" fullWidth loading={formApi.processing}>
          Reset password
        </Button>
      </AppForm>
    </StepCard>
  );
}

export default function RecoveryPage() {
  const navigate = useNavigate();
  const [state, setState] = useState<Step>({ step: 'name' });

  switch (state.step) {
    case 'name':
      return <NameStep onSent={(username) => setState({ step: 'sent', username })} />;
    case 'sent':
      return (
        <StepCard title="Check your email" text="We sent you a secret code and instructions to reset your password">
          <Button fullWidth onClick={() => setState({ step: 'code', username: state.username })} autoFocus>
            Continue
          </Button>
        </StepCard>
      );
    case 'code':
      return (
        <CodeStep
          username={state.username}
          onVerified={(resetToken) => setState({ step: 'password', username: state.username, resetToken })}
        />
      );
    case 'password':
      return <PasswordStep resetToken={state.resetToken} onReset={() => setState({ step: 'done' })} />;
    case 'done':
      return (
        <StepCard title="Password changed" text="Your password has been successfully reset. Click below to login." backToLogin={false}>
          <Button fullWidth onClick={() => void navigate('/login')} autoFocus>
            Login
          </Button>
        </StepCard>
      );
  }
}
