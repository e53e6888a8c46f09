/**
 * Scrap reason form (docs/product.md §2.12, §5.4, §7): a numeric Code (sent as the integer `number`) and a Name;
 * 'Create Scrap' at /scrap_reason/new and 'Update Scrap' at /scrap_reason/:id/edit. The edit screen
 * always reads the reason from the API: the save is checked against the version it read
 * (docs/decisions/200), which the code and name the list passes along do not carry.
 */
import { Navigate, useParams } from 'react-router';
import type { Versioned } from '@cooler-hub/contract/common';
import { scrapReasonBody, type ScrapReason } from '@cooler-hub/contract/settings';
import { AppForm } from '../../components/form/app-form';
import { NumberField, TextField } from '../../components/form/fields';
import { useAppForm } from '../../components/form/use-app-form';
import { useSaveForm } from '../../components/form/use-save-form';
import { paths } from '../../lib/paths';
import { parseRecordId } from '../../lib/record-id';
import { SCRAP_REASONS_KEY, createScrapReason, getScrapReason, updateScrapReason, useScrapReason } from './api';
import { FormActions, FormScreen } from '../../components/form/form-screen';

/** What the list passes to the edit screen. */
export interface ScrapReasonEditState {
  code: number;
  name: string;
}

function ScrapReasonForm(props: { id?: number; initial?: ScrapReasonEditState; record?: Versioned<ScrapReason> }) {
  const { id, record } = props;
  const editing = id !== undefined;
  const formApi = useAppForm(scrapReasonBody, {
    defaultValues: { number: props.initial?.code ?? null, name: props.initial?.name ?? '' },
  });
  const onSubmit = useSaveForm(formApi, {
    save: (values, at) => (id !== undefined ? updateScrapReason(id, values, at) : createScrapReason(values)),
    edit: id !== undefined && record ? { record, reload: () => getScrapReason(id) } : undefined,
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
  const query = useScrapReason(id, true);
  const record = query.data;
  return (
    <FormScreen title="Update Scrap" loading={!record} failed={query.isError}>
      {record && <ScrapReasonForm key={id} id={id} initial={{ code: record.code, name: record.reason }} record={record} />}
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
