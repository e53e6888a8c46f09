/**
 * 'API tokens' under Edit profile (/edit-profile/api-tokens, docs/decisions/279): the person's own tokens
 * for scripts — name, scope, first characters, created, expires, last used — a 'New token' modal that
 * shows the secret once, and Revoke with a confirmation.
 */
import { Alert, Anchor, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconKey } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { API_TOKENS_PER_USER, type ApiToken } from '@cooler-hub/contract/api-tokens';
import { paths } from '../../lib/paths';
import { API_TOKENS_KEY, listMyApiTokens, MY_API_TOKENS_KEY, revokeMyApiToken } from './api';
import { CreateTokenModal } from './create-token-modal';
import { RevokeDialog } from './revoke-dialog';
import { ExpiredBadge, ScopeBadge, ShownPart, TokenDates } from './token-facts';

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  return (
    <Paper withBorder p="md" radius="md" component="li" aria-label={token.name}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {token.name}
            </Text>
            <ScopeBadge token={token} />
            <ExpiredBadge token={token} />
          </Group>
          <ShownPart token={token} />
          <TokenDates token={token} />
        </Stack>
        <Button variant="light" color="red" size="xs" onClick={onRevoke} aria-label={`Revoke ${token.name}`} style={{ flexShrink: 0 }}>
          Revoke
        </Button>
      </Group>
    </Paper>
  );
}

export default function MyApiTokensPage() {
  const queryClient = useQueryClient();
  const tokens = useQuery({ queryKey: MY_API_TOKENS_KEY, queryFn: ({ signal }) => listMyApiTokens(signal) });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const items = tokens.data?.items ?? [];
  const full = items.length >= API_TOKENS_PER_USER;

  const revoke = async (token: ApiToken) => {
    await revokeMyApiToken(token.id);
    await queryClient.invalidateQueries({ queryKey: API_TOKENS_KEY });
  };

  return (
    <Stack maw={760}>
      <Anchor component={Link} to={paths.editProfile.to()} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          Edit profile
        </Group>
      </Anchor>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          API tokens
        </Title>
        <Button leftSection={<IconKey size={16} aria-hidden />} onClick={() => setCreating(true)} disabled={full}>
          New token
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        A token lets a script call the API as you, without your password: send it as a Bearer token. It never changes your profile, password
        or tokens. A change made with it shows in history as yours, via the token&apos;s name.
        {full && ` You keep at most ${API_TOKENS_PER_USER} tokens: revoke one to make another.`}
      </Text>
      {tokens.isError ? (
        <Alert color="red" role="alert">
          The tokens could not be loaded.
        </Alert>
      ) : tokens.isPending ? (
        <Center mih={120}>
          <Loader role="status" aria-label="Loading..." />
        </Center>
      ) : items.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text c="dimmed">You have no API tokens yet.</Text>
        </Paper>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your API tokens">
          {items.map((token) => (
            <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
          ))}
        </Stack>
      )}
      <CreateTokenModal opened={creating} onClose={() => setCreating(false)} />
      <RevokeDialog token={revoking} onCancel={() => setRevoking(null)} revoke={revoke} />
    </Stack>
  );
}
