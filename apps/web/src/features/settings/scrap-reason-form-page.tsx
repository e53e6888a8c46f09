/**
 * Scrap reason form (spec 2.12, 5.4, 7): a numeric Code (sent as the integer `number`) and a Name;
 * 'Create Scrap' at /scrap_reason/new and 'Update Scrap' at /scrap_reason/:id/edit. The list's edit
 * action passes the current code and name along; opened directly, the screen reads the API instead.
 */
import { Navigate, useLocation, useParams } from 'react-router';
import { scrapReasonBody } from '@cooler-hub/contract/settings';
import { AppForm } from '../../components/form/app-form';
import { NumberField, TextField } from '../../components/form/fields';
import { useAppForm } from '../../components/form/use-app-form';
import { useSaveForm } from '../../components/form/use-save-form';
import { paths } from '../../lib/paths';
import { parseRecordId } from '../../lib/record-id';
import { SCRAP_REASONS_KEY, createScrapReason, updateScrapReason, useScrapReason } from './api';
import { FormActions, FormScreen } from '../../components/form/form-screen';

/** What the list passes to the edit screen. */
export interface ScrapReasonEditState {
  code: number;
  name: string;
}

function passedState(state: unknown): ScrapReasonEditState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { code, name } = state as { code?: unknown; name?: unknown };
  return typeof code === 'number' && typeof name === 'string' ? { code, name } : null;
}

function ScrapReasonForm(props: { id?: number; initial?: ScrapReasonEditState }) {
  const { id } = props;
  const editing = id !== undefined;
  const formApi = useAppForm(scrapReasonBody, {
    defaultValues: { number: props.initial?.code ?? null, name: props.initial?.name ?? '' },
  });
  const onSubmit = useSaveForm(formApi, {
    save: (values) => (id !== undefined ? updateScrapReason(id, values) : createScrapReason(values)),
    message: editing ? 'Scrap reason was updated' : 'Scrap reason was created',
    resetTo: (saved) => ({ number: saved.code, name: saved.reason }),
    invalidate: SCRAP_REASONS_KEY,
    goTo: paths.settings.to(),
  });

  return (
    <AppForm api={formApi} aria-label={editing ? 'Update Scrap' : 'Create Scrap'} onSubmit={onSubmit}>
      <NumberField
        name="number"
        label="Code"
        withAsterisk
        allowDecimal={false}
        allowNegative={false}
        min={0}
        hideControls
        inputMode="numeric"
      />
      <TextField name="name" label="Name" withAsterisk autoComplete="off" />
      <FormActions cancelTo={paths.settings.to()} api={formApi} update={editing} />
    </AppForm>
  );
}

function EditScrapReason({ id }: { id: number }) {
  const passed = passedState(useLocation().state);
  const query = useScrapReason(id, passed === null);
  const initial = passed ?? (query.data ? { code: query.data.code, name: query.data.reason } : undefined);
  return (
    <FormScreen title="Update Scrap" loading={initial === undefined} failed={passed === null && query.isError}>
      {initial !== undefined && <ScrapReasonForm key={id} id={id} initial={initial} />}
    </FormScreen>
  );
}

export default function ScrapReasonFormPage() {
  const { id } = useParams();
  if (id !== undefined) {
    const numeric = parseRecordId(id);
    return numeric === null ? <Navigate to={paths.notFound.to()} replace /> : <EditScrapReason id={numeric} />;
  }
  return (
    <FormScreen title="Create Scrap">
      <ScrapReasonForm />
    </FormScreen>
  );
}
