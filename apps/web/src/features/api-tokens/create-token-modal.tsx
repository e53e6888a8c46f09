/**
 * 'New API token' (docs/decisions/279): name, scope and last day, checked by the contract's schema; once
 * made, the token's secret is shown this one time with a copy button — the server keeps only its hash.
 */
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import {
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  apiTokenCreateBody,
  latestApiTokenExpiry,
  type ApiTokenCreated,
} from '@cooler-hub/contract/api-tokens';
import { londonToday } from '@cooler-hub/contract/london-time';
import { AppForm, SubmitButton } from '../../components/form/app-form';
import { DateField } from '../../components/form/date-field';
import { SelectField, TextField } from '../../components/form/fields';
import { useAppForm } from '../../components/form/use-app-form';
import { useSaveForm } from '../../components/form/use-save-form';
import { createApiToken, MY_API_TOKENS_KEY } from './api';

const SCOPE_OPTIONS = API_TOKEN_SCOPES.map((scope) => ({ value: scope, label: API_TOKEN_SCOPE_LABELS[scope] }));
const DEFAULT_DAYS = 90;

function inDays(days: number): string {
  const [y, m, d] = londonToday().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function CreateTokenForm({ onCreated, onCancel }: { onCreated: (token: ApiTokenCreated) => void; onCancel: () => void }) {
  const formApi = useAppForm(apiTokenCreateBody, { defaultValues: { name: '', scope: 'readOnly', expiresOn: inDays(DEFAULT_DAYS) } });
  const onSubmit = useSaveForm(formApi, {
    save: (values) => createApiToken(values),
    message: 'API token created',
    invalidate: MY_API_TOKENS_KEY,
    onSaved: onCreated,
  });
  return (
    <AppForm api={formApi} aria-label="New API token" onSubmit={onSubmit}>
      <TextField
        name="name"
        label="Name"
        withAsterisk
        autoComplete="off"
        description="What the token is for, e.g. nightly-import"
        data-autofocus
      />
      <SelectField
        name="scope"
        label="Scope"
        withAsterisk
        options={SCOPE_OPTIONS}
        description="Read only: only reading what your role may read. As my role: everything your role may do."
      />
      <DateField
        name="expiresOn"
        label="Expires on"
        withAsterisk
        minDate={londonToday()}
        maxDate={latestApiTokenExpiry()}
        description="The token works until the end of this day; one year from today at the latest."
      />
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton api={formApi} update={false}>
          Create token
        </SubmitButton>
      </Group>
    </AppForm>
  );
}

function CreatedToken({ token, onDone }: { token: ApiTokenCreated; onDone: () => void }) {
  return (
    <Stack>
      <Alert color="yellow" title="Copy the token now">
        This is the only time it is shown. Keep it where your script reads its secrets; if it is lost, revoke it and make a new one.
      </Alert>
      <Text size="sm">
        Send it as <Code>Authorization: Bearer &lt;token&gt;</Code>.
      </Text>
      <Code block data-testid="new-api-token" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {token.token}
      </Code>
      <Group justify="flex-end">
        <CopyButton value={token.token}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'filled'}
              color={copied ? 'teal' : undefined}
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            >
              {copied ? 'Copied' : 'Copy token'}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={onDone}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}

/** The modal: the form, then the new token's secret; closing it forgets the secret. */
export function CreateTokenModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? `Token '${created.name}' created` : 'New API token'}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      // The secret is lost once closed: a click beside the dialog must not close it by accident.
      closeOnClickOutside={!created}
    >
      {created ? <CreatedToken token={created} onDone={close} /> : <CreateTokenForm onCreated={setCreated} onCancel={close} />}
    </Modal>
  );
}
