/**
 * Collection point form (spec 2.12, 7): one field, Point Name; 'Create Point' at /collection_point/new
 * and 'Update Point' at /collection_point/:id/edit. The list's edit action passes the current name
 * along (navigation state); opened directly, the screen reads the point from the API instead.
 */
import { Navigate, useLocation, useParams } from 'react-router';
import { collectionPointBody } from '@cooler-hub/contract/settings';
import { AppForm } from '../../components/form/app-form';
import { TextField } from '../../components/form/fields';
import { useAppForm } from '../../components/form/use-app-form';
import { useSaveForm } from '../../components/form/use-save-form';
import { paths } from '../../lib/paths';
import { parseRecordId } from '../../lib/record-id';
import { COLLECTION_POINTS_KEY, createCollectionPoint, updateCollectionPoint, useCollectionPoint } from './api';
import { FormActions, FormScreen } from '../../components/form/form-screen';

/** What the list passes to the edit screen. */
export interface CollectionPointEditState {
  name: string;
}

function passedName(state: unknown): string | null {
  if (typeof state === 'object' && state !== null && typeof (state as { name?: unknown }).name === 'string') {
    return (state as CollectionPointEditState).name;
  }
  return null;
}

function CollectionPointForm(props: { id?: number; name?: string }) {
  const { id } = props;
  const editing = id !== undefined;
  const formApi = useAppForm(collectionPointBody, { defaultValues: { name: props.name ?? '' } });
  const onSubmit = useSaveForm(formApi, {
    save: (values) => (id !== undefined ? updateCollectionPoint(id, values) : createCollectionPoint(values)),
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
  const name = passedName(useLocation().state);
  const query = useCollectionPoint(id, name === null);
  const loaded = name ?? query.data?.name;
  return (
    <FormScreen title="Update Point" loading={loaded === undefined} failed={name === null && query.isError}>
      {loaded !== undefined && <CollectionPointForm key={id} id={id} name={loaded} />}
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
