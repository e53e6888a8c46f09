/**
 * The edit form of a transfer or scrap note (docs/product.md §2.13, §4; docs/decisions/173): the preparation
 * fields (no Type), the item list (LB rows), a large 'Approved' switch and 'Update delivery note'.
 * Approving cannot be undone: the switch then stays on and disabled and the whole form is read-only.
 * The switch waits while the form has unsaved changes, so nothing typed is locked out unsaved.
 * Saving stores typed addresses first (docs/product.md §4), then sends the note, says 'Delivery was successfully
 * updated' and goes back to the note's list.
 */
import { Alert, Button, Divider, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useController, useWatch, type FieldErrors } from 'react-hook-form';
import type { Versioned } from '@cooler-hub/contract/common';
import { APPROVED_READ_ONLY, type Delivery } from '@cooler-hub/contract/deliveries';
import { AppForm } from '../../../components/form/app-form';
import { useAppForm } from '../../../components/form/use-app-form';
import { useSaveForm } from '../../../components/form/use-save-form';
import { DELIVERY_SCREENS } from '../../../lib/delivery-screens';
import { notifySuccess } from '../../../lib/notify';
import { approveDelivery, createDeliveryAddress, DELIVERIES_KEY, getDelivery, updateDelivery } from '../api';
import { DeliveryFields } from '../fields/delivery-fields';
import { fieldsFromDelivery, resolveAddresses, toUpdateBody, type DeliveryDraftFields } from '../fields/delivery-form-model';
import { withFieldRules } from '../fields/delivery-form-schema';
import { LbRows } from '../lb-rows/lb-rows';

export interface EditValues extends DeliveryDraftFields {
  lbNumbers: string[];
}

export function editValues(d: Delivery): EditValues {
  return { ...fieldsFromDelivery(d), lbNumbers: [...d.lbNumbers] };
}

export const editSchema = withFieldRules<EditValues>('edit');

/** The server's messages on LB rows (`lbNumbers[i]`) by row position, for LbRows. */
export function rowErrorsOf(errors: FieldErrors<EditValues>): Record<number, string> {
  const list = errors.lbNumbers;
  const out: Record<number, string> = {};
  if (Array.isArray(list)) {
    list.forEach((e: { message?: string } | undefined, i) => {
      if (e?.message) out[i] = e.message;
    });
  }
  return out;
}

function ItemList({ delivery, disabled }: { delivery: Delivery; disabled: boolean }) {
  const { field, fieldState, formState } = useController<EditValues, 'lbNumbers'>({ name: 'lbNumbers' });
  const customerAccount = useWatch<EditValues, 'customerAccount'>({ name: 'customerAccount' });
  const listError = fieldState.error?.message;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Items
      </Title>
      {listError && (
        <Text c="red" size="sm" role="alert">
          {listError}
        </Text>
      )}
      <LbRows
        value={field.value}
        onChange={(next) => field.onChange(next)}
        type={delivery.type}
        customerAccount={customerAccount}
        deliveryId={delivery.id}
        errors={rowErrorsOf(formState.errors)}
        maxHeight={360}
        disabled={disabled}
      />
    </Stack>
  );
}

export function ApprovedSwitch(props: { delivery: Delivery; approved: boolean; onApproved: () => void; waitReason?: string | null }) {
  const [approving, setApproving] = useState(false);
  const queryClient = useQueryClient();
  const approve = async () => {
    // docs/product.md §4: an approved note is never approved again (the call is skipped).
    if (props.approved) return;
    setApproving(true);
    try {
      await approveDelivery(props.delivery.id);
      notifySuccess('Delivery update finished');
      props.onApproved();
      void queryClient.invalidateQueries({ queryKey: DELIVERIES_KEY });
    } catch (error) {
      // The API client has told the user (toast); the switch stays off.
      console.error(error);
    } finally {
      setApproving(false);
    }
  };
  return (
    <Switch
      size="xl"
      label="Approved"
      checked={props.approved}
      disabled={props.approved || approving || Boolean(props.waitReason)}
      description={props.approved ? 'Approved notes can no longer be changed.' : (props.waitReason ?? undefined)}
      onChange={() => void approve()}
      styles={{ label: { fontSize: 'var(--mantine-font-size-lg)', fontWeight: 600 } }}
    />
  );
}

export function DeliveryEditForm({ delivery }: { delivery: Versioned<Delivery> }) {
  const formApi = useAppForm(editSchema, { defaultValues: editValues(delivery) });
  const { form, processing } = formApi;
  const [approved, setApproved] = useState(delivery.status === 'approved');
  const dirty = form.formState.isDirty;

  const onSubmit = useSaveForm(formApi, {
    save: async (values: EditValues, version) => {
      const resolved = await resolveAddresses(values, createDeliveryAddress);
      // Kept as chosen addresses: a failed save retried does not store them twice.
      form.setValue('dispatchAddress', resolved.dispatchAddress);
      form.setValue('invoiceAddress', resolved.invoiceAddress);
      const body = toUpdateBody(resolved, values.lbNumbers);
      return updateDelivery(delivery.type, delivery.id, body, version);
    },
    edit: { record: delivery, reload: () => getDelivery(delivery.id) },
    message: 'Delivery was successfully updated',
    resetTo: editValues,
    recordKey: (saved) => [...DELIVERIES_KEY, 'one', saved.id],
    invalidate: DELIVERIES_KEY,
    goTo: DELIVERY_SCREENS[delivery.type].list.to(),
  });

  return (
    <AppForm api={formApi} onSubmit={onSubmit} aria-label={`Edit delivery note ${delivery.id}`}>
      {approved && (
        <Alert color="green" variant="light" role="status">
          {APPROVED_READ_ONLY}
        </Alert>
      )}
      <DeliveryFields mode="edit" disabled={approved} />
      <Divider />
      <ItemList delivery={delivery} disabled={approved} />
      <Divider />
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <ApprovedSwitch
          delivery={delivery}
          approved={approved}
          onApproved={() => setApproved(true)}
          waitReason={dirty ? 'Update the delivery note before approving it.' : null}
        />
        <Button type="submit" size="md" loading={processing} disabled={!dirty || processing || approved}>
          Update delivery note
        </Button>
      </Group>
    </AppForm>
  );
}
