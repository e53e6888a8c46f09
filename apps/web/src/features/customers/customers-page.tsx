/**
 * Customers (spec 2.10): the Clients list (Name) and the Accounts list (Id, Name, Email, Telephone,
 * Contact Person, Billing Address, Delivery Address, Actions) with 'Add New' → /customer-create.
 * Each list keeps its page and sort in the hash query under its own prefix (cl., acc.).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Client, CustomerAccount } from '@cooler-hub/contract/customers';
import type { ListColumn } from '../../components/list/data-list';
import { ListSection, ListsScreen } from '../../components/list/list-section';
import { RowActions } from '../../components/list/row-actions';
import { useListParams } from '../../components/list/use-list-params';
import { paths } from '../../lib/paths';
import { ACCOUNTS_KEY, deleteAccount, useAccountsList, useClientsList } from './api';

const multiLine = (text: string | null) => <span style={{ whiteSpace: 'pre-line' }}>{text ?? ''}</span>;

function ClientsList() {
  const list = useListParams([], { namespace: 'cl' });
  const query = useClientsList(list.apiQuery);
  const columns: ListColumn<Client>[] = [{ key: 'name', header: 'Name', sortField: 'name', render: (c) => c.name }];
  return <ListSection maw={720} title="Clients" columns={columns} query={query} list={list} getRowId={(c) => c.id} />;
}

function AccountsList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useListParams([], { namespace: 'acc' });
  const query = useAccountsList(list.apiQuery);
  const columns: ListColumn<CustomerAccount>[] = [
    { key: 'id', header: 'Id', sortField: 'id', width: 80, render: (a) => a.id },
    { key: 'name', header: 'Name', sortField: 'name', render: (a) => a.name },
    { key: 'email', header: 'Email', sortField: 'email', render: (a) => a.email ?? '' },
    { key: 'telephone', header: 'Telephone', sortField: 'telephone', render: (a) => a.telephone ?? '' },
    { key: 'contactPerson', header: 'Contact Person', sortField: 'contactPerson', render: (a) => a.contactPerson ?? '' },
    { key: 'billingAddress', header: 'Billing Address', render: (a) => multiLine(a.billingAddress) },
    { key: 'deliveryAddress', header: 'Delivery Address', render: (a) => multiLine(a.deliveryAddress) },
    {
      key: 'actions',
      header: t('list.actions'),
      width: 110,
      render: (a, ctx) => <RowActions editTo={paths.customerEdit.to({ customer: String(a.id) })} onDelete={ctx.remove} />,
    },
  ];
  return (
    <ListSection
      title="Accounts"
      columns={columns}
      query={query}
      list={list}
      getRowId={(a) => a.id}
      addNewTo={paths.customerCreate.to()}
      remove={(a) => deleteAccount(a.id)}
      onRemoved={() => queryClient.invalidateQueries({ queryKey: ACCOUNTS_KEY })}
    />
  );
}

export default function CustomersPage() {
  return (
    <ListsScreen title="Customers">
      <ClientsList />
      <AccountsList />
    </ListsScreen>
  );
}
