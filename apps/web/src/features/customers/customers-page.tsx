/**
 * Customers (docs/product.md §2.10): the Clients list (Name) and the Accounts list (Id, Name, Email, Telephone,
 * Contact Person, Billing Address, Delivery Address, Actions) with 'Add New' → /customer-create.
 * Each list keeps its page and sort in the hash query under its own prefix (cl., acc.).
 */
import type { Client, CustomerAccount } from '@cooler-hub/contract/customers';
import type { ListColumn } from '../../components/list/data-list';
import { ListSection, ListsScreen } from '../../components/list/list-section';
import { RowActions } from '../../components/list/row-actions';
import { useListController } from '../../components/list/use-list-controller';
import { paths } from '../../lib/paths';
import { ACCOUNTS_KEY, CLIENTS_KEY, deleteAccount, listAccounts, listClients } from './api';

const multiLine = (text: string | null) => <span style={{ whiteSpace: 'pre-line' }}>{text ?? ''}</span>;

const clientColumns: ListColumn<Client>[] = [{ key: 'name', header: 'Name', sortField: 'name', render: (c) => c.name }];

const accountColumns: ListColumn<CustomerAccount>[] = [
  { key: 'id', header: 'Id', sortField: 'id', width: 80, render: (a) => a.id },
  { key: 'name', header: 'Name', sortField: 'name', render: (a) => a.name },
  { key: 'email', header: 'Email', sortField: 'email', render: (a) => a.email ?? '' },
  { key: 'telephone', header: 'Telephone', sortField: 'telephone', render: (a) => a.telephone ?? '' },
  { key: 'contactPerson', header: 'Contact Person', sortField: 'contactPerson', render: (a) => a.contactPerson ?? '' },
  { key: 'billingAddress', header: 'Billing Address', render: (a) => multiLine(a.billingAddress) },
  { key: 'deliveryAddress', header: 'Delivery Address', render: (a) => multiLine(a.deliveryAddress) },
];

function ClientsList() {
  const list = useListController({ queryKey: CLIENTS_KEY, fetch: listClients, getRowId: (c) => c.id, namespace: 'cl' });
  return <ListSection maw={720} title="Clients" list={list} columns={clientColumns} />;
}

function AccountsList() {
  const list = useListController({
    queryKey: ACCOUNTS_KEY,
    fetch: listAccounts,
    getRowId: (a) => a.id,
    namespace: 'acc',
    remove: (a) => deleteAccount(a.id),
  });
  return (
    <ListSection
      title="Accounts"
      list={list}
      columns={accountColumns}
      addNewTo={paths.customerCreate.to()}
      rowActions={(a) => <RowActions editTo={paths.customerEdit.to({ customer: String(a.id) })} onDelete={() => list.deletion.ask(a)} />}
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
