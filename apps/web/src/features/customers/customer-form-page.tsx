/**
 * 'Add account' (/customer-create) and 'Update account' (/customer-edit/:customer) (spec 2.10, 5.3,
 * 7): Name, Email, Telephone, Contact Person, Billing Address, Delivery Address and the required
 * Client, picked with the search-select or created from the typed name. A general server error shows
 * as a red alert on the update form (spec 8) as well as its toast.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import { customerAccountBody, type Client, type CustomerAccount } from '@cooler-hub/contract/customers';
import { AppForm } from '../../components/form/app-form';
import { TextField, TextareaField } from '../../components/form/fields';
import { clientLookup, createClient } from '../../components/form/lookups';
import { SearchSelect } from '../../components/form/search-select';
import { useAppForm, type AppFormApi } from '../../components/form/use-app-form';
import { FormActions, FormScreen } from '../../components/form/form-screen';
import { paths } from '../../lib/paths';
import { isApiError } from '../../lib/api-client';
import { notifySuccess } from '../../lib/notify';
import { parseRecordId } from '../../lib/record-id';
import { ACCOUNTS_KEY, CLIENTS_KEY, createAccount, updateAccount, useAccount } from './api';

function formValues(a: CustomerAccount) {
  return {
    name: a.name,
    email: a.email ?? '',
    telephone: a.telephone ?? '',
    contactPerson: a.contactPerson ?? '',
    billingAddress: a.billingAddress ?? '',
    deliveryAddress: a.deliveryAddress ?? '',
    client: a.client.id as unknown,
  };
}

const EMPTY = {
  name: '',
  email: '',
  telephone: '',
  contactPerson: '',
  billingAddress: '',
  deliveryAddress: '',
  client: null as unknown,
};

/**
 * The update form shows general server errors (hydra:Error, 500) in its alert too. The API client
 * has toasted them already, so the form layer would otherwise leave the alert empty.
 */
function showGeneralError(formApi: AppFormApi<never, unknown>, error: unknown) {
  if (isApiError(error) && error.kind === 'toast') formApi.setFormError(error.message);
}

function AccountForm(props: { record?: CustomerAccount }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const record = props.record;
  const formApi = useAppForm(customerAccountBody, { defaultValues: record ? formValues(record) : EMPTY });
  const editing = record !== undefined;

  return (
    <AppForm
      api={formApi}
      aria-label={editing ? 'Update account' : 'Add account'}
      onSubmit={async (values) => {
        if (record) {
          try {
            const saved = await updateAccount(record.id, values);
            formApi.form.reset(formValues(saved));
            queryClient.setQueryData([...ACCOUNTS_KEY, 'one', saved.id], saved);
          } catch (error) {
            showGeneralError(formApi as unknown as AppFormApi<never, unknown>, error);
            throw error;
          }
          notifySuccess('Account has been updated');
        } else {
          await createAccount(values);
          notifySuccess('Account has been created');
        }
        await queryClient.invalidateQueries({ queryKey: ACCOUNTS_KEY });
        void navigate(paths.customers.to());
      }}
    >
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
