/**
 * 'Create Cooler' (/coolers-create) and 'Edit Cooler' (/coolers-edit/:cooler) (docs/product.md §2.11, §5.3, §8):
 * Serial number, Part number (search-select) and Date of manufacture, all required. While creating,
 * the date of manufacture follows the serial as it is typed (contract rules.ts) until the user sets
 * the date themselves. A new cooler carries a client-made UUID kept for every retry of the form, so
 * a repeated submit cannot create two. A duplicate serial comes back as the server's violation on
 * Serial number.
 */
import { useEffect, useRef } from 'react';
import { Navigate, useParams } from 'react-router';
import { z } from 'zod';
import type { Versioned } from '@cooler-hub/contract/common';
import { coolerUpdateBody, type Cooler } from '@cooler-hub/contract/coolers';
import { dateOfManufactureFromSerial } from '@cooler-hub/contract/rules';
import type { PartNumber } from '@cooler-hub/contract/settings';
import { AppForm } from '../../components/form/app-form';
import { DateField } from '../../components/form/date-field';
import { TextField } from '../../components/form/fields';
import { FormActions, FormScreen } from '../../components/form/form-screen';
import { partNumberLookup } from '../../components/form/lookups';
import { SearchSelect } from '../../components/form/search-select';
import { useAppForm } from '../../components/form/use-app-form';
import { useSaveForm } from '../../components/form/use-save-form';
import { useNewId } from '../../lib/new-id';
import { paths } from '../../lib/paths';
import { COOLERS_KEY, createCooler, getCooler, updateCooler, useCooler } from './api';

function formValues(c: Cooler) {
  return { serialNumber: c.serialNumber, partNumber: c.partNumber.id, dateOfManufacture: c.dateOfManufacture };
}

const EMPTY = { serialNumber: '', partNumber: null, dateOfManufacture: '' };

function CoolerForm(props: { record?: Versioned<Cooler>; label: string }) {
  const { record } = props;
  const editing = record !== undefined;
  const [newId, renewId] = useNewId();
  const formApi = useAppForm(coolerUpdateBody, { defaultValues: record ? formValues(record) : EMPTY });
  const onSubmit = useSaveForm(formApi, {
    save: (values, version) =>
      record ? updateCooler(record.id, values, version) : createCooler({ id: newId, modelNumber: null, ...values }),
    edit: record && { record, reload: () => getCooler(record.id) },
    message: editing ? 'Cooler was updated' : 'Cooler was successfully created',
    resetTo: formValues,
    recordKey: (saved) => [...COOLERS_KEY, 'one', saved.id],
    invalidate: COOLERS_KEY,
    goTo: paths.coolersList.to(),
    onSaved: renewId,
  });

  // Create only: the serial fills the date of manufacture until the user picks a date themselves
  // (a user's input arrives as a 'change' event; the fill below is a setValue, which has none).
  const dateSetByUser = useRef(false);
  const { watch, setValue, getFieldState } = formApi.form;
  useEffect(() => {
    if (editing) return;
    const subscription = watch((values, { name, type }) => {
      if (name === 'dateOfManufacture' && type === 'change') dateSetByUser.current = true;
      if (name !== 'serialNumber' || dateSetByUser.current) return;
      const serial = typeof values.serialNumber === 'string' ? values.serialNumber.trim() : '';
      // Re-validated only when it shows an error, which the filled date then clears.
      setValue('dateOfManufacture', serial === '' ? '' : dateOfManufactureFromSerial(serial), {
        shouldValidate: getFieldState('dateOfManufacture').invalid,
      });
    });
    return () => subscription.unsubscribe();
  }, [editing, watch, setValue, getFieldState]);

  return (
    <AppForm api={formApi} aria-label={props.label} onSubmit={onSubmit}>
      <TextField name="serialNumber" label="Serial number" withAsterisk autoComplete="off" />
      <SearchSelect<PartNumber>
        name="partNumber"
        label="Part number"
        withAsterisk
        placeholder="Search part number"
        {...partNumberLookup}
        initialItem={record ? { id: record.partNumber.id, partNumber: record.partNumber.partNumber, description: null } : null}
      />
      <DateField name="dateOfManufacture" label="Date of manufacture" withAsterisk />
      <FormActions cancelTo={paths.coolersList.to()} api={formApi} update={editing} />
    </AppForm>
  );
}

function EditCooler({ id }: { id: string }) {
  const query = useCooler(id);
  const title = paths.coolersEdit.title;
  return (
    <FormScreen title={title} loading={!query.data} failed={query.isError} failedMessage="The cooler could not be loaded.">
      {query.data && <CoolerForm key={query.data.id} record={query.data} label={title} />}
    </FormScreen>
  );
}

export default function CoolerFormPage() {
  const { cooler } = useParams();
  if (cooler !== undefined) {
    return z.uuid().safeParse(cooler).success ? <EditCooler id={cooler} /> : <Navigate to={paths.notFound.to()} replace />;
  }
  return (
    <FormScreen title={paths.coolersCreate.title}>
      <CoolerForm label={paths.coolersCreate.title} />
    </FormScreen>
  );
}
