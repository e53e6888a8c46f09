/** Users (spec 2.4): the shared list, create/edit modals, filter panel (Name → username, Role → role). */
import { Badge, Button, NativeSelect, TextInput } from '@mantine/core';
import { IconFilter, IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES } from '@cooler-hub/contract/permissions';
import type { HubUser } from '@cooler-hub/contract/users';
import { DataList, type ListColumn } from '../../components/list/data-list';
import { FilterPanel, useFilterDraft } from '../../components/list/filter-panel';
import { RowActions } from '../../components/list/row-actions';
import { useListParams } from '../../components/list/use-list-params';
import { useCan } from '../../lib/current-user';
import { USERS_KEY, deleteUser, useUsersList } from './api';
import { COLOR_CSS } from './colors';
import { UserFormModal, type UserModalState } from './user-form-modal';

const FILTERS = ['username', 'role'] as const;

function UserName({ user }: { user: HubUser }) {
  if (!user.color) return <>{user.username}</>;
  const css = COLOR_CSS[user.color];
  return (
    <span
      data-color={user.color}
      style={{
        color: css.color,
        fontWeight: 600,
        ...(css.background ? { background: css.background, padding: '0 6px', borderRadius: 4 } : {}),
      }}
    >
      {user.username}
    </span>
  );
}

export default function UsersListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const list = useListParams(FILTERS);
  const query = useUsersList(list.apiQuery);
  const filter = useFilterDraft(list, FILTERS);
  const [modal, setModal] = useState<UserModalState | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: USERS_KEY });

  const columns: ListColumn<HubUser>[] = [
    { key: 'id', header: 'ID', sortField: 'id', width: 90, render: (u) => u.id },
    { key: 'username', header: 'Name', sortField: 'username', render: (u) => <UserName user={u} /> },
    { key: 'email', header: 'Email', sortField: 'email', render: (u) => u.email },
    { key: 'role', header: 'Role', sortField: 'role', render: (u) => u.role },
    {
      key: 'actions',
      header: t('list.actions'),
      width: 110,
      render: (u, ctx) => (
        <RowActions onEdit={() => setModal({ mode: 'edit', user: u })} onDelete={ctx.remove} canDelete={can('manageUser')} />
      ),
    },
  ];

  return (
    <>
      <DataList
        title="Users"
        columns={columns}
        query={query}
        list={list}
        getRowId={(u) => u.id}
        remove={(u) => deleteUser(u.id)}
        onRemoved={reload}
        toolbar={
          <>
            <Button
              variant="default"
              onClick={filter.open}
              leftSection={<IconFilter size={16} aria-hidden />}
              rightSection={
                filter.activeCount > 0 ? (
                  <Badge size="sm" circle aria-hidden>
                    {filter.activeCount}
                  </Badge>
                ) : undefined
              }
            >
              {t('list.filters')}
            </Button>
            <Button onClick={() => setModal({ mode: 'create' })} leftSection={<IconUserPlus size={16} aria-hidden />}>
              Create New User
            </Button>
          </>
        }
      />
      <FilterPanel opened={filter.opened} onClose={filter.close} onApply={filter.apply} onClear={filter.clear}>
        <TextInput label="Name" value={filter.values.username} onChange={(e) => filter.set('username', e.currentTarget.value)} />
        <NativeSelect
          label="Role"
          value={filter.values.role}
          onChange={(e) => filter.set('role', e.currentTarget.value)}
          data={[{ value: '', label: t('common.any') }, ...ROLES.map((r) => ({ value: r, label: r }))]}
        />
      </FilterPanel>
      <UserFormModal state={modal} onClose={() => setModal(null)} onSaved={() => void reload()} />
    </>
  );
}
