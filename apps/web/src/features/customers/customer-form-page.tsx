/**
 * 'Add account' (/customer-create) and 'Update account' (/customer-edit/:customer) (spec 2.10, 5.3,
 * 7): Name, Email, Telephone, Contact Person, Billing Address, Delivery Address and the required
 * Client, picked with the search-select or created from the typed name. A general server error shows
 * as a red alert on the update form (spec 8) as well as its toast.
 */
import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { customerAccountBody, type Client, type CustomerAccount } from '@cooler-hub/contract/customers';
import { AppForm } from '../../components/form/app-form';
import { TextField, TextareaField } from '../../components/form/fields';
import { clientLookup, createClient } from '../../components/form/lookups';
import { SearchSelect } from '../../components/form/search-select';
import { useAppForm, type AppFormApi } from '../../components/form/use-app-form';
import { PageLoader } from '../../app/layout/page-loader';
import { paths } from '../../app/paths';
import { isApiError } from '../../lib/api-client';
import { notifySuccess } from '../../lib/notify';
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
      <Group justify="flex-end" mt="sm">
        <Button component={Link} to={paths.customers.to()} variant="default">
          Cancel
        </Button>
        <Button type="submit" disabled={editing && !formApi.form.formState.isDirty} loading={formApi.processing}>
          {editing ? 'Update' : 'Create'}
        </Button>
      </Group>
    </AppForm>
  );
}

function Screen(props: { title: string; children: ReactNode }) {
  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        {props.title}
      </Title>
      <Paper withBorder p="lg" radius="md">
        {props.children}
      </Paper>
    </Stack>
  );
}

function EditAccount({ id }: { id: number }) {
  const query = useAccount(id);
  return (
    <Screen title="Update account">
      {query.data ? (
        <AccountForm key={query.data.id} record={query.data} />
      ) : query.isError ? (
        <Alert color="red" role="alert">
          The account could not be loaded.
        </Alert>
      ) : (
        <PageLoader />
      )}
    </Screen>
  );
}

export default function CustomerFormPage() {
  const { customer } = useParams();
  if (customer !== undefined) {
    const id = Number(customer);
    if (!Number.isInteger(id) || id < 1) return <Navigate to={paths.notFound.to()} replace />;
    return <EditAccount id={id} />;
  }
  return (
    <Screen title="Add account">
      <AccountForm />
    </Screen>
  );
}
