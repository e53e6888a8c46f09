/**
 * 'API tokens' (/api-tokens, ability manageApiTokens, docs/decisions/279): every user's tokens — owner,
 * name, scope, created, expires, last used — filtered by the owner's name, newest first, each with
 * Revoke. The secrets are never shown here; each person makes theirs under Edit profile.
 */
import { Button, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ApiToken } from '@cooler-hub/contract/api-tokens';
import { DataList, type ListColumn } from '../../components/list/data-list';
import { FilterPanel, FiltersButton, useFilterDraft } from '../../components/list/filter-panel';
import { useListController } from '../../components/list/use-list-controller';
import { formatDate } from '../../lib/format-date';
import { API_TOKENS_KEY, listAllApiTokens, revokeApiToken } from './api';
import { RevokeDialog } from './revoke-dialog';
import { ExpiredBadge, ScopeBadge, ShownPart, lastUsedText } from './token-facts';

const columns: ListColumn<ApiToken>[] = [
  { key: 'owner', header: 'User', render: (t) => t.owner.username },
  { key: 'name', header: 'Name', sortField: 'name', render: (t) => t.name },
  { key: 'shown', header: 'Token', render: (t) => <ShownPart token={t} /> },
  { key: 'scope', header: 'Scope', render: (t) => <ScopeBadge token={t} /> },
  { key: 'createdAt', header: 'Created', sortField: 'createdAt', render: (t) => formatDate(t.createdAt) },
  {
    key: 'expiresOn',
    header: 'Expires',
    sortField: 'expiresOn',
    render: (t) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        {formatDate(t.expiresOn)} <ExpiredBadge token={t} />
      </span>
    ),
  },
  { key: 'lastUsedAt', header: 'Last used', sortField: 'lastUsedAt', render: (t) => lastUsedText(t) },
];

export default function ApiTokensPage() {
  const list = useListController({ queryKey: API_TOKENS_KEY, fetch: listAllApiTokens, getRowId: (t) => t.id, filters: ['username'] });
  const filter = useFilterDraft(list);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  const revoke = async (token: ApiToken) => {
    await revokeApiToken(token.id);
    await list.reload();
  };

  return (
    <>
      <DataList
        title="API tokens"
        list={list}
        columns={columns}
        rowActions={(t) => (
          <Button
            variant="light"
            color="red"
            size="xs"
            onClick={() => setRevoking(t)}
            aria-label={`Revoke ${t.name} of ${t.owner.username}`}
          >
            Revoke
          </Button>
        )}
        toolbar={<FiltersButton draft={filter} />}
      />
      <FilterPanel draft={filter}>
        <TextInput label="User" value={filter.values.username} onChange={(e) => filter.set('username', e.currentTarget.value)} />
      </FilterPanel>
      <RevokeDialog token={revoking} withOwner onCancel={() => setRevoking(null)} revoke={revoke} />
    </>
  );
}
