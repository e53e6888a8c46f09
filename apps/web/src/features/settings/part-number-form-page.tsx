/**
 * Part number forms (docs/product.md §2.12, §5.4, §7): 'Add part number' at /part-number-create (button Create) and
 * 'Update part number {number}' at /part-number-edit/:part (button Submit, disabled while unchanged or
 * saving). Fields 'Part Number*' and a multi-line Description. A new part number carries a client-made
 * UUID kept for every retry of the form. Both saves say 'Data has been saved'.
 */
import { useParams } from 'react-router';
import type { Versioned } from '@cooler-hub/contract/common';
import { partNumberUpdateBody, type PartNumber } from '@cooler-hub/contract/settings';
import { AppForm } from '../../components/form/app-form';
import { TextField, TextareaField } from '../../components/form/fields';
import { useAppForm } from '../../components/form/use-app-form';
import { useSaveForm } from '../../components/form/use-save-form';
import { paths } from '../../lib/paths';
import { PART_NUMBERS_KEY, createPartNumber, getPartNumber, updatePartNumber, usePartNumber } from './api';
import { FormActions, FormScreen } from '../../components/form/form-screen';
import { useNewId } from '../../lib/new-id';

const SAVED = 'Data has been saved';

function formValues(p: PartNumber) {
  return { partNumber: p.partNumber, description: p.description ?? '' };
}

function PartNumberForm(props: { record?: Versioned<PartNumber>; label: string }) {
  const { record } = props;
  const [newId, renewId] = useNewId();
  const formApi = useAppForm(partNumberUpdateBody, {
    defaultValues: record ? formValues(record) : { partNumber: '', description: '' },
  });
  const onSubmit = useSaveForm(formApi, {
    save: (values, version) => (record ? updatePartNumber(record.id, values, version) : createPartNumber({ id: newId, ...values })),
    edit: record && { record, reload: () => getPartNumber(record.id) },
    message: SAVED,
    resetTo: formValues,
    recordKey: (saved) => [...PART_NUMBERS_KEY, 'one', saved.id],
    invalidate: PART_NUMBERS_KEY,
    goTo: paths.settings.to(),
    onSaved: renewId,
  });
  const editing = record !== undefined;

  return (
    <AppForm api={formApi} aria-label={props.label} onSubmit={onSubmit}>
      <TextField name="partNumber" label="Part Number" withAsterisk autoComplete="off" />
      <TextareaField name="description" label="Description" minRows={4} />
      <FormActions cancelTo={paths.settings.to()} api={formApi} update={editing} submitLabel={editing ? 'Submit' : 'Create'} />
    </AppForm>
  );
}

function EditPartNumber({ id }: { id: string }) {
  const query = usePartNumber(id);
  const title = query.data ? `Update part number ${query.data.partNumber}` : 'Update part number';
  return (
    <FormScreen title={title} loading={!query.data} failed={query.isError}>
      {query.data && <PartNumberForm key={query.data.id} record={query.data} label={title} />}
    </FormScreen>
  );
}

export default function PartNumberFormPage() {
  const { part } = useParams();
  if (part) return <EditPartNumber id={part} />;
  return (
    <FormScreen title="Add part number">
      <PartNumberForm label="Add part number" />
    </FormScreen>
  );
}
