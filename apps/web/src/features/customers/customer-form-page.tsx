/**
 * 'Add account' (/customer-create) and 'Update account' (/customer-edit/:customer) (docs/product.md §2.10, §5.3,
 * 7): Name, Email, Telephone, Contact Person, Billing Address, Delivery Address and the required
 * Client, picked with the search-select or created from the typed name. A general server error shows
 * as a red alert on the update form (docs/product.md §8) as well as its toast.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import type { Versioned } from '@cooler-hub/contract/common';
import { customerAccountBody, type Client, type CustomerAccount, type CustomerAccountBody } from '@cooler-hub/contract/customers';
import { AppForm } from '../../components/form/app-form';
import { TextField, TextareaField } from '../../components/form/fields';
import { clientLookup, createClient } from '../../components/form/lookups';
import { SearchSelect } from '../../components/form/search-select';
import { useAppForm } from '../../components/form/use-app-form';
import { useSaveForm } from '../../components/form/use-save-form';
import { FormActions, FormScreen } from '../../components/form/form-screen';
import { paths } from '../../lib/paths';
import { isApiError } from '../../lib/api-client';
import { parseRecordId } from '../../lib/record-id';
import { ACCOUNTS_KEY, CLIENTS_KEY, createAccount, getAccount, updateAccount, useAccount } from './api';

function formValues(a: CustomerAccount) {
  return {
    name: a.name,
    email: a.email ?? '',
    telephone: a.telephone ?? '',
    contactPerson: a.contactPerson ?? '',
    billingAddress: a.billingAddress ?? '',
    deliveryAddress: a.deliveryAddress ?? '',
    client: a.client.id,
  };
}

const EMPTY = {
  name: '',
  email: '',
  telephone: '',
  contactPerson: '',
  billingAddress: '',
  deliveryAddress: '',
  client: null,
};

/**
 * The update form shows general server errors (hydra:Error, 500) in its alert too (docs/product.md §8). The API
 * client has toasted them already, so the form layer would otherwise leave the alert empty.
 */
function showGeneralError(setFormError: (message: string) => void, error: unknown) {
  if (isApiError(error) && error.kind === 'toast') setFormError(error.message);
}

function AccountForm(props: { record?: Versioned<CustomerAccount> }) {
  const queryClient = useQueryClient();
  const record = props.record;
  const formApi = useAppForm(customerAccountBody, { defaultValues: record ? formValues(record) : EMPTY });
  const onSubmit = useSaveForm(formApi, {
    save: async (values: CustomerAccountBody, version) => {
      if (!record) return createAccount(values);
      try {
        return await updateAccount(record.id, values, version);
      } catch (error) {
        showGeneralError(formApi.setFormError, error);
        throw error;
      }
    },
    edit: record && { record, reload: () => getAccount(record.id) },
    message: record ? 'Account has been updated' : 'Account has been created',
    resetTo: formValues,
    recordKey: (saved) => [...ACCOUNTS_KEY, 'one', saved.id],
    invalidate: ACCOUNTS_KEY,
    goTo: paths.customers.to(),
  });
  const editing = record !== undefined;

  return (
    <AppForm api={formApi} aria-label={editing ? 'Update account' : 'Add account'} onSubmit={onSubmit}>
      <TextField name="name" label="Name" withAsterisk autoComplete="off" />
      <TextField name="email" label="Email" type="email" autoComplete="off" />
      <TextField name="telephone" label="Telephone" type="tel" autoComplete="off" />
      <TextField name="contactPerson" label="Contact Person" autoComplete="off" />
      <TextareaField name="billingAddress" label="Billing Address" minRows={2} />
      <TextareaField name="deliveryAddress" label="Delivery Address" minRows={2} />
      <SearchSelect<Client>
        name="client"
        label="Client"
        withAsterisk
        placeholder="Search or type a new name"
        {...clientLookup}
        initialItem={record?.client ?? null}
        onCreate={async (name) => {
          const created = await createClient(name);
          void queryClient.invalidateQueries({ queryKey: CLIENTS_KEY });
          return created;
        }}
      />
      <FormActions cancelTo={paths.customers.to()} api={formApi} update={editing} />
    </AppForm>
  );
}

const FORM_WIDTH = 720;

function EditAccount({ id }: { id: number }) {
  const query = useAccount(id);
  return (
    <FormScreen
      title="Update account"
      maw={FORM_WIDTH}
      loading={!query.data}
      failed={query.isError}
      failedMessage="The account could not be loaded."
    >
      {query.data && <AccountForm key={query.data.id} record={query.data} />}
    </FormScreen>
  );
}

export default function CustomerFormPage() {
  const { customer } = useParams();
  if (customer !== undefined) {
    const id = parseRecordId(customer);
    return id === null ? <Navigate to={paths.notFound.to()} replace /> : <EditAccount id={id} />;
  }
  return (
    <FormScreen title="Add account" maw={FORM_WIDTH}>
      <AccountForm />
    </FormScreen>
  );
}
