/**
 * The preparation of /create-dn (docs/product.md §2.13, §5.1, §5.4): the delivery fields (fields/delivery-fields.tsx)
 * and the buttons Scan and Manual. They stay disabled until the preparation is ready — the required
 * fields of the type filled — and a line says what is still missing; a click still validates first
 * (touched, scrolled to the first invalid field) before going on (docs/decisions/177). Every change
 * is written into the draft, so the other steps and a reload see it.
 */
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconHandFinger, IconScan } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { DeliveryType } from '@cooler-hub/contract/delivery-types';
import { AppForm } from '../../../components/form/app-form';
import { useAppForm } from '../../../components/form/use-app-form';
import { paths } from '../../../lib/paths';
import type { CreateDeliveryDraft } from './create-delivery-draft';
import { DeliveryFields } from '../fields/delivery-fields';
import { emptyFields } from '../fields/delivery-form-model';
import { deliveryFieldsSchema, isPreparationReady } from '../fields/delivery-form-schema';
import { missingLabels, type PrepFields } from './draft-fields';
import type { DraftUpdate } from './use-create-delivery-draft';

type NextView = 'scan' | 'preview';

export function PrepStep({
  draft,
  update,
  setType,
}: {
  draft: CreateDeliveryDraft<PrepFields>;
  update: DraftUpdate<PrepFields>;
  setType: (type: DeliveryType) => void;
}) {
  const navigate = useNavigate();
  const formApi = useAppForm(deliveryFieldsSchema('create'), {
    defaultValues: { ...(draft.fields ?? emptyFields(draft.type)), type: draft.type },
  });
  const { form } = formApi;
  const next = useRef<NextView>('scan');

  // The draft follows the form: what was chosen survives the other steps and a reload.
  useEffect(() => {
    update((d) => ({ ...d, fields: form.getValues() }));
    const subscription = form.watch(() => update((d) => ({ ...d, fields: form.getValues() })));
    return () => subscription.unsubscribe();
  }, [form, update]);

  useWatch({ control: form.control });
  const values = form.getValues();
  const ready = isPreparationReady(values, 'create');
  const missing = ready ? [] : missingLabels(values);

  return (
    <Paper withBorder p="lg" radius="md" maw={880}>
      <AppForm
        api={formApi}
        aria-label="Preparation"
        onSubmit={async (fields) => {
          update((d) => ({ ...d, fields }));
          await navigate(paths.createDn.to({ view: next.current }));
        }}
      >
        <DeliveryFields
          mode="create"
          onTypeChange={(type) => {
            setType(type);
            // Another type asks for other fields: their old messages no longer apply.
            form.clearErrors();
          }}
        />
        <Group justify="space-between" align="center" mt="sm" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            {missing.length ? `To go on, fill in: ${missing.join(', ')}.` : 'Ready: scan the LB tags, or add them by hand.'}
          </Text>
          <Group gap="sm">
            <Button
              type="submit"
              variant="default"
              leftSection={<IconHandFinger size={16} aria-hidden />}
              disabled={!ready}
              onClick={() => (next.current = 'preview')}
            >
              Manual
            </Button>
            <Button
              type="submit"
              leftSection={<IconScan size={16} aria-hidden />}
              disabled={!ready}
              onClick={() => (next.current = 'scan')}
            >
              Scan
            </Button>
          </Group>
        </Group>
      </AppForm>
    </Paper>
  );
}
