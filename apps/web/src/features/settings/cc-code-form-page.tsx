/**
 * CC code form (docs/product.md §2.12, §5.4, §7) at /ccodes/new and /ccodes/:id/edit: Code, Name, Price; Create or
 * Update. The price is typed in pounds (no negatives, two fixed decimals, comma thousands, arrow keys
 * ignored) and sent as whole pence. A new code carries a client-made UUID that stays the same for
 * every retry of this form, so a repeated POST cannot create a second row.
 */
import { useParams } from 'react-router';
import { z } from 'zod';
import { MAX_INT32, required, type Versioned } from '@cooler-hub/contract/common';
import { formatPence, poundsToPence } from '@cooler-hub/contract/rules';
import { ccCodeUpdateBody, type CcCode } from '@cooler-hub/contract/settings';
import { AppForm } from '../../components/form/app-form';
import { NumberField, TextField } from '../../components/form/fields';
import { useAppForm } from '../../components/form/use-app-form';
import { useSaveForm } from '../../components/form/use-save-form';
import { paths } from '../../lib/paths';
import { ApiError, isApiError } from '../../lib/api-client';
import { CC_CODES_KEY, createCcCode, getCcCode, updateCcCode, useCcCode } from './api';
import { FormActions, FormScreen } from '../../components/form/form-screen';
import { useNewId } from '../../lib/new-id';

const MAX_POUNDS = MAX_INT32 / 100;

/** The contract's CC code with the price as pounds typed into the form. */
const ccCodeForm = ccCodeUpdateBody.omit({ price: true }).extend({
  price: required(
    z
      .number()
      .min(0, 'The amount cannot be negative.')
      .max(MAX_POUNDS, `The amount cannot be more than ${formatPence(MAX_INT32)}.`),
  ),
});
type CcCodeFormValues = z.output<typeof ccCodeForm>;

function formValues(c: CcCode) {
  return { code: c.code, name: c.name, price: c.price.amount / 100 };
}

function toBody(values: CcCodeFormValues) {
  return { code: values.code, name: values.name, price: { amount: poundsToPence(values.price), currency: 'GBP' as const } };
}

/** The server checks the pence (`price.amount`); the form has one Price field. */
function onPriceField(error: unknown): unknown {
  if (!isApiError(error) || error.kind !== 'violations') return error;
  const violations = error.violations.map((v) => (v.propertyPath.startsWith('price') ? { ...v, propertyPath: 'price' } : v));
  return new ApiError(error.status, error.message, error.kind, violations, error.description, error.notified);
}

function CcCodeForm(props: { record?: Versioned<CcCode> }) {
  const { record } = props;
  const [newId, renewId] = useNewId();
  const formApi = useAppForm(ccCodeForm, {
    defaultValues: record ? formValues(record) : { code: '', name: '', price: null },
  });
  const onSubmit = useSaveForm(formApi, {
    save: async (values: CcCodeFormValues, version) => {
      try {
        return await (record ? updateCcCode(record.id, toBody(values), version) : createCcCode({ id: newId, ...toBody(values) }));
      } catch (error) {
        throw onPriceField(error);
      }
    },
    edit: record && { record, reload: () => getCcCode(record.id) },
    message: record ? 'Ccode has been successfully updated' : 'Ccode has been successfully created',
    resetTo: formValues,
    recordKey: (saved) => [...CC_CODES_KEY, 'one', saved.id],
    invalidate: CC_CODES_KEY,
    goTo: paths.settings.to(),
    onSaved: renewId,
  });
  const editing = record !== undefined;

  return (
    <AppForm api={formApi} aria-label={editing ? paths.ccodeEdit.title : paths.ccodeCreate.title} onSubmit={onSubmit}>
      <TextField name="code" label="Code" withAsterisk autoComplete="off" />
      <TextField name="name" label="Name" withAsterisk autoComplete="off" />
      <NumberField
        name="price"
        label="Price"
        withAsterisk
        leftSection="£"
        min={0}
        max={MAX_POUNDS}
        decimalScale={2}
        fixedDecimalScale
        thousandSeparator=","
        allowNegative={false}
        hideControls
        inputMode="decimal"
      />
      <FormActions cancelTo={paths.settings.to()} api={formApi} update={editing} />
    </AppForm>
  );
}

function EditCcCode({ id }: { id: string }) {
  const query = useCcCode(id);
  return (
    <FormScreen title={paths.ccodeEdit.title} loading={!query.data} failed={query.isError}>
      {query.data && <CcCodeForm key={query.data.id} record={query.data} />}
    </FormScreen>
  );
}

export default function CcCodeFormPage() {
  const { id } = useParams();
  if (id) return <EditCcCode id={id} />;
  return (
    <FormScreen title={paths.ccodeCreate.title}>
      <CcCodeForm />
    </FormScreen>
  );
}
