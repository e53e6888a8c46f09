/**
 * Collection point form (docs/product.md §2.12, §7): one field, Point Name; 'Create Point' at /collection_point/new
 * and 'Update Point' at /collection_point/:id/edit. The edit screen always reads the point from the
 * API: the save is checked against the version it read (docs/decisions/200), which the name the
 * list passes along (navigation state) does not carry.
 */
import { Navigate, useParams } from 'react-router';
import type { Versioned } from '@cooler-hub/contract/common';
import { collectionPointBody, type CollectionPoint } from '@cooler-hub/contract/settings';
import { AppForm } from '../../components/form/app-form';
import { TextField } from '../../components/form/fields';
import { useAppForm } from '../../components/form/use-app-form';
import { useSaveForm } from '../../components/form/use-save-form';
import { paths } from '../../lib/paths';
import { parseRecordId } from '../../lib/record-id';
import { COLLECTION_POINTS_KEY, createCollectionPoint, getCollectionPoint, updateCollectionPoint, useCollectionPoint } from './api';
import { FormActions, FormScreen } from '../../components/form/form-screen';

/** What the list passes to the edit screen. */
export interface CollectionPointEditState {
  name: string;
}

function CollectionPointForm(props: { id?: number; name?: string; record?: Versioned<CollectionPoint> }) {
  const { id, record } = props;
  const editing = id !== undefined;
  const formApi = useAppForm(collectionPointBody, { defaultValues: { name: props.name ?? '' } });
  const onSubmit = useSaveForm(formApi, {
    save: (values, at) => (id !== undefined ? updateCollectionPoint(id, values, at) : createCollectionPoint(values)),
    edit: id !== undefined && record ? { record, reload: () => getCollectionPoint(id) } : undefined,
    message: editing ? 'Collection Point updated' : 'Collection Point created',
    resetTo: (saved) => ({ name: saved.name }),
    invalidate: COLLECTION_POINTS_KEY,
    goTo: paths.settings.to(),
  });

  return (
    <AppForm api={formApi} aria-label={editing ? 'Update Point' : 'Create Point'} onSubmit={onSubmit}>
      <TextField name="name" label="Point Name" withAsterisk autoComplete="off" />
      <FormActions cancelTo={paths.settings.to()} api={formApi} update={editing} />
    </AppForm>
  );
}

function EditCollectionPoint({ id }: { id: number }) {
  const query = useCollectionPoint(id, true);
  return (
    <FormScreen title="Update Point" loading={!query.data} failed={query.isError}>
      {query.data && <CollectionPointForm key={id} id={id} name={query.data.name} record={query.data} />}
    </FormScreen>
  );
}

export default function CollectionPointFormPage() {
  const { id } = useParams();
  if (id !== undefined) {
    const numeric = parseRecordId(id);
    return numeric === null ? <Navigate to={paths.notFound.to()} replace /> : <EditCollectionPoint id={numeric} />;
  }
  return (
    <FormScreen title="Create Point">
      <CollectionPointForm />
    </FormScreen>
  );
}
