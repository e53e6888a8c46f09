/**
 * Webhooks on the Settings screen (Admins, docs/decisions/280): each registered webhook — its address,
 * events, whether it is active and its latest delivery — opens its page; 'Add webhook' registers one.
 */
import { Alert, Anchor, Badge, Box, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { listWebhooks as listWebhooksOp } from '@cooler-hub/contract/operations/webhooks';
import { api } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-date';
import { paths } from '../../lib/paths';

/** Under the webhook screens' key (features/webhooks/api.ts WEBHOOKS_KEY): their saves refresh this list. */
const WEBHOOK_LIST_KEY = ['webhooks', 'list'] as const;
const listWebhooks = (signal?: AbortSignal) => api.call(listWebhooksOp, { query: { perPage: 100 }, signal });

const STATUS = {
  pending: { label: 'Pending', color: 'yellow' },
  delivered: { label: 'Delivered', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
} as const;

export function WebhooksSection() {
  const hooks = useQuery({ queryKey: WEBHOOK_LIST_KEY, queryFn: ({ signal }) => listWebhooks(signal) });
  const items = hooks.data?.items ?? [];
  return (
    <Box component="section" aria-label="Webhooks">
      <Group justify="space-between" wrap="wrap" gap="sm" mb="xs">
        <Title order={2}>Webhooks</Title>
        <Button component={Link} to={paths.webhookCreate.to()} leftSection={<IconPlus size={16} aria-hidden />}>
          Add webhook
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm" maw={720}>
        Other systems are sent a signed POST when a receipt is created or changed, a delivery note is created, approved or e-mailed, or an
        import finishes.
      </Text>
      {hooks.isError ? (
        <Alert color="red" role="alert">
          The webhooks could not be loaded.
        </Alert>
      ) : hooks.isPending ? (
        <Loader role="status" aria-label="Loading..." size="sm" />
      ) : items.length === 0 ? (
        <Paper withBorder p="md" radius="md">
          <Text c="dimmed" size="sm">
            No webhooks yet.
          </Text>
        </Paper>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Registered webhooks">
          {items.map((hook) => (
            <Paper key={hook.id} withBorder p="md" radius="md" component="li">
              <Stack gap={8}>
                <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
                  <Anchor
                    component={Link}
                    to={paths.webhook.to({ id: String(hook.id) })}
                    fw={600}
                    style={{ overflowWrap: 'anywhere', minWidth: 0 }}
                  >
                    {hook.url}
                  </Anchor>
                  <Badge variant="light" color={hook.active ? 'blue' : 'gray'} style={{ flexShrink: 0 }}>
                    {hook.active ? 'Active' : 'Off'}
                  </Badge>
                </Group>
                <Group gap={6} wrap="wrap" aria-label="Events">
                  {hook.events.map((e) => (
                    <Badge key={e} variant="outline" color="gray" tt="none" fw={500}>
                      {e}
                    </Badge>
                  ))}
                </Group>
                <Group gap={6} wrap="wrap">
                  <Text size="sm" c="dimmed">
                    Latest delivery
                  </Text>
                  {hook.lastDelivery ? (
                    <>
                      <Badge variant="light" color={STATUS[hook.lastDelivery.status].color}>
                        {STATUS[hook.lastDelivery.status].label}
                      </Badge>
                      <Text size="sm">{formatDateTime(hook.lastDelivery.createdAt)}</Text>
                    </>
                  ) : (
                    <Text size="sm">None yet</Text>
                  )}
                </Group>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Box>
  );
}
