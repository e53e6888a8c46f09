/**
 * 'Error Sheet {id}' (/error-sheet/:deliveryId/update, docs/product.md §2.13, §4; docs/decisions/173): CC code, Date
 * and recipients of an error sheet — CC code first as on the other edit screens (the Date's calendar
 * would open over the form if it took the screen's first focus). 'Update delivery note' saves
 * (disabled while nothing changed or once approved) and goes on to the preview; 'Continue' goes to
 * the preview at once when the sheet is approved or nothing changed — no call — and otherwise saves
 * first (docs/product.md §4 "Error-sheet submit"). The LB numbers are kept as loaded: they are edited on the preview.
 */
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import type { Versioned } from '@cooler-hub/contract/common';
import { APPROVED_READ_ONLY, wrongTypeMessage, type Delivery } from '@cooler-hub/contract/deliveries';
import { AppForm } from '../../../components/form/app-form';
import { DateField } from '../../../components/form/date-field';
import { ccCodeLookup } from '../../../components/form/lookups';
import { SearchSelect } from '../../../components/form/search-select';
import { FormScreen } from '../../../components/form/form-screen';
import { useAppForm } from '../../../components/form/use-app-form';
import { useSaveForm } from '../../../components/form/use-save-form';
import { paths } from '../../../lib/paths';
import { DELIVERIES_KEY, getDelivery, updateErrorSheet, useDelivery } from '../api';
import { editSchema, editValues, type EditValues } from './delivery-edit-form';
import { noteIdOf } from './delivery-edit-screen';
import { toUpdateBody, type CcCodeRef } from '../fields/delivery-form-model';
import { EmailRecipientsField } from '../fields/email-recipients-field';

function ErrorSheetForm({ sheet }: { sheet: Versioned<Delivery> }) {
  const navigate = useNavigate();
  const formApi = useAppForm(editSchema, { defaultValues: editValues(sheet) });
  const { form, processing } = formApi;
  const [initialCc] = useState(sheet.CCCode);
  const approved = sheet.status === 'approved';
  const dirty = form.formState.isDirty;
  const preview = paths.errorSheetView.to({ deliveryId: String(sheet.id), view: 'preview' });

  const onSubmit = useSaveForm(formApi, {
    save: (values: EditValues, version) => updateErrorSheet(sheet.id, toUpdateBody(values, values.lbNumbers), version),
    edit: { record: sheet, reload: () => getDelivery(sheet.id) },
    message: 'Delivery was successfully updated',
    resetTo: editValues,
    recordKey: (saved) => [...DELIVERIES_KEY, 'one', saved.id],
    invalidate: DELIVERIES_KEY,
    goTo: preview,
  });

  const onContinue = () => {
    if (approved || !dirty) {
      void navigate(preview);
      return;
    }
    void formApi.submit(onSubmit)();
  };

  return (
    <AppForm api={formApi} onSubmit={onSubmit} aria-label={`Error Sheet ${sheet.id}`}>
      {approved && (
        <Alert color="green" variant="light" role="status">
          {APPROVED_READ_ONLY}
        </Alert>
      )}
      <Stack gap="md">
        <SearchSelect
          name="CCCode"
          label="CC code"
          placeholder="Search by code"
          {...ccCodeLookup}
          initialItem={initialCc}
          onItemChange={(item: CcCodeRef | null) => form.setValue('ccCodeItem', item)}
          disabled={approved}
        />
        <DateField name="deliveryDay" label="Date" withAsterisk disabled={approved} />
        <EmailRecipientsField disabled={approved} />
      </Stack>
      <Group justify="flex-end" mt="sm" gap="sm">
        <Button type="submit" variant="default" loading={processing} disabled={!dirty || processing || approved}>
          Update delivery note
        </Button>
        <Button type="button" onClick={onContinue} disabled={processing}>
          Continue
        </Button>
      </Group>
    </AppForm>
  );
}

function LoadedSheet({ id }: { id: number }) {
  const query = useDelivery(id);
  const note = query.data;
  return (
    <FormScreen title={`Error Sheet ${id}`} maw={720} loading={!note && !query.isError} failed={query.isError} failedMessage="The error sheet could not be loaded.">
      {note &&
        (note.type === 'error_sheet' ? (
          <ErrorSheetForm key={note.id} sheet={note} />
        ) : (
          <Alert color="red" role="alert">
            {wrongTypeMessage(note.type)}
          </Alert>
        ))}
    </FormScreen>
  );
}

export default function ErrorSheetUpdatePage() {
  const id = noteIdOf(useParams().deliveryId);
  if (id === null) return <Navigate to={paths.notFound.to()} replace />;
  return <LoadedSheet id={id} />;
}
