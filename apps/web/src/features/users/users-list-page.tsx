/** Users (docs/product.md §2.4): the shared list, create/edit modals, filter panel (Name → username, Role → role). */
import { Button, NativeSelect, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES } from '@cooler-hub/contract/permissions';
import type { HubUser } from '@cooler-hub/contract/users';
import { DataList, type ListColumn } from '../../components/list/data-list';
import { FilterPanel, FiltersButton, useFilterDraft } from '../../components/list/filter-panel';
import { RowActions } from '../../components/list/row-actions';
import { useListController } from '../../components/list/use-list-controller';
import { useCan, useCurrentUser } from '../../lib/current-user';
import { USERS_KEY, deleteUser, listUsers } from './api';
import { COLOR_CSS } from './colors';
import { UserFormModal, type UserModalState } from './user-form-modal';

/** The server refuses it too; the list says so before anyone asks. */
const OWN_ACCOUNT = 'You cannot delete your own account.';

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

const columns: ListColumn<HubUser>[] = [
  { key: 'id', header: 'ID', sortField: 'id', width: 90, render: (u) => u.id },
  { key: 'username', header: 'Name', sortField: 'username', render: (u) => <UserName user={u} /> },
  { key: 'email', header: 'Email', sortField: 'email', render: (u) => u.email },
  { key: 'role', header: 'Role', sortField: 'role', render: (u) => u.role },
];

export default function UsersListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const me = useCurrentUser().data;
  const list = useListController({
    queryKey: USERS_KEY,
    fetch: listUsers,
    getRowId: (u) => u.id,
    filters: ['username', 'role'],
    remove: (u) => deleteUser(u.id),
  });
  const filter = useFilterDraft(list);
  const [modal, setModal] = useState<UserModalState | null>(null);

  return (
    <>
      <DataList
        title="Users"
        list={list}
        columns={columns}
        rowActions={(u) => (
          <RowActions
            onEdit={() => setModal({ mode: 'edit', user: u })}
            onDelete={() => list.deletion.ask(u)}
            canDelete={can('manageUser')}
            deleteBlockedReason={u.id === me?.id ? OWN_ACCOUNT : undefined}
          />
        )}
        toolbar={
          <>
            <FiltersButton draft={filter} />
            <Button onClick={() => setModal({ mode: 'create' })} leftSection={<IconUserPlus size={16} aria-hidden />}>
              Create New User
            </Button>
          </>
        }
      />
      <FilterPanel draft={filter}>
        <TextInput label="Name" value={filter.values.username} onChange={(e) => filter.set('username', e.currentTarget.value)} />
        <NativeSelect
          label="Role"
          value={filter.values.role}
          onChange={(e) => filter.set('role', e.currentTarget.value)}
          data={[{ value: '', label: t('common.any') }, ...ROLES.map((r) => ({ value: r, label: r }))]}
        />
      </FilterPanel>
      <UserFormModal state={modal} onClose={() => setModal(null)} onSaved={() => void list.reload()} />
    </>
  );
}
