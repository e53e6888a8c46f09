/**
 * 'Error Sheet {id}' (/error-sheet/:deliveryId/update; docs/decisions/173): CC code, Date
 * and recipients of an error sheet — CC code first as on the other edit screens (the Date's calendar
 * would open over the form if it took the screen's first focus). 'Update delivery note' saves
 * (disabled while nothing changed or once approved) and goes on to the preview; 'Continue' goes to
 * the preview at once when the sheet is approved or nothing changed — no call — and otherwise saves
 * first (docs/product.md §4 "Error-sheet submit"). The LB numbers are kept as loaded: they are edited on the preview.
 */
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Versioned } from '@cooler-hub/contract/common';
import { APPROVED_READ_ONLY, type Delivery } from '@cooler-hub/contract/deliveries';
import { AppForm } from '../../../components/form/app-form';
import { DateField } from '../../../components/form/date-field';
import { ccCodeLookup } from '../../../components/form/lookups';
import { SearchSelect } from '../../../components/form/search-select';
import { useAppForm } from '../../../components/form/use-app-form';
import { useSaveForm } from '../../../components/form/use-save-form';
import { paths } from '../../../lib/paths';
import { DELIVERIES_KEY, getDelivery, updateDelivery } from '../api';
import { editSchema, editValues, type EditValues } from './delivery-edit-form';
import { EditFrame } from './edit-frame';
import { toUpdateBody, type CcCodeRef } from '../fields/delivery-form-model';
import { EmailRecipientsField } from '../fields/email-recipients-field';

function ErrorSheetForm({ delivery }: { delivery: Versioned<Delivery> }) {
  const navigate = useNavigate();
  const formApi = useAppForm(editSchema, { defaultValues: editValues(delivery) });
  const { form, processing } = formApi;
  const [initialCc] = useState(delivery.CCCode);
  const approved = delivery.status === 'approved';
  const dirty = form.formState.isDirty;
  const preview = paths.errorSheetView.to({ deliveryId: String(delivery.id), view: 'preview' });

  const onSubmit = useSaveForm(formApi, {
    save: (values: EditValues, version) => updateDelivery(delivery.type, delivery.id, toUpdateBody(values, values.lbNumbers), version),
    edit: { record: delivery, reload: () => getDelivery(delivery.id) },
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
    <AppForm api={formApi} onSubmit={onSubmit} aria-label={`Error Sheet ${delivery.id}`}>
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

export default function ErrorSheetUpdatePage() {
  return (
    <EditFrame type="error_sheet" param="deliveryId" maw={720}>
      {(delivery) => <ErrorSheetForm key={delivery.id} delivery={delivery} />}
    </EditFrame>
  );
}
