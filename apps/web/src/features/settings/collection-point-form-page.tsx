/**
 * Collection point form (spec 2.12, 7): one field, Point Name; 'Create Point' at /collection_point/new
 * and 'Update Point' at /collection_point/:id/edit. The list's edit action passes the current name
 * along (navigation state); opened directly, the screen reads the point from the API instead.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { collectionPointBody } from '@cooler-hub/contract/settings';
import { AppForm } from '../../components/form/app-form';
import { TextField } from '../../components/form/fields';
import { useAppForm } from '../../components/form/use-app-form';
import { paths } from '../../lib/paths';
import { notifySuccess } from '../../lib/notify';
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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editing = props.id !== undefined;
  const formApi = useAppForm(collectionPointBody, { defaultValues: { name: props.name ?? '' } });

  return (
    <AppForm
      api={formApi}
      aria-label={editing ? 'Update Point' : 'Create Point'}
      onSubmit={async (values) => {
        if (props.id !== undefined) {
          const saved = await updateCollectionPoint(props.id, values);
          formApi.form.reset({ name: saved.name });
          notifySuccess('Collection Point updated');
        } else {
          await createCollectionPoint(values);
          notifySuccess('Collection Point created');
        }
        await queryClient.invalidateQueries({ queryKey: COLLECTION_POINTS_KEY });
        void navigate(paths.settings.to());
      }}
    >
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
