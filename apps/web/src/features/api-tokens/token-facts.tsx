/** What the token lists show of a token besides its name: scope, first characters, dates, and whether it expired. */
import { Badge, Code, Group, Text, VisuallyHidden } from '@mantine/core';
import { API_TOKEN_SCOPE_LABELS, type ApiToken } from '@cooler-hub/contract/api-tokens';
import { formatDate, formatDateTime } from '../../lib/format-date';

export function ScopeBadge({ token }: { token: Pick<ApiToken, 'scope'> }) {
  return (
    <Badge variant="light" color={token.scope === 'readOnly' ? 'gray' : 'blue'} style={{ flexShrink: 0 }}>
      {API_TOKEN_SCOPE_LABELS[token.scope]}
    </Badge>
  );
}

export function ExpiredBadge({ token }: { token: Pick<ApiToken, 'expired'> }) {
  if (!token.expired) return null;
  return (
    <Badge color="red" variant="light" style={{ flexShrink: 0 }}>
      Expired
    </Badge>
  );
}

export function ShownPart({ token }: { token: Pick<ApiToken, 'shown'> }) {
  return (
    <Code style={{ alignSelf: 'flex-start' }}>
      <VisuallyHidden>Token starts with </VisuallyHidden>
      {token.shown}…
    </Code>
  );
}

export const lastUsedText = (token: Pick<ApiToken, 'lastUsedAt'>) => (token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Never');

/** Created, expires and last used, as one wrapping line of labelled values. */
export function TokenDates({ token }: { token: ApiToken }) {
  const facts: [string, string][] = [
    ['Created', formatDate(token.createdAt)],
    [token.expired ? 'Expired' : 'Expires', formatDate(token.expiresOn)],
    ['Last used', lastUsedText(token)],
  ];
  return (
    <Group gap="lg" wrap="wrap" component="dl" m={0} style={{ rowGap: 2 }}>
      {facts.map(([label, value]) => (
        <Group key={label} gap={6} wrap="nowrap">
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {value}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
