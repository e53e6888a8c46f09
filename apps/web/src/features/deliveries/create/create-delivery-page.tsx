/**
 * Create Delivery Note / Create Error Sheet (/create-dn/:view?): three views of one draft
 * (create-delivery-draft.ts) — the preparation (no view), the scan step ('scan') and the preview
 * ('preview'). The page stays mounted while the view changes, so the draft is plain state; it is
 * mirrored to sessionStorage for a reload. A step whose preparation is missing (a reload after the
 * draft was cleared, a typed URL) starts at the preparation. The preview's 'Complete' saves the
 * draft through `useSaveForm`, as every form saves.
 */
import { Stack, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { useAppForm } from '../../../components/form/use-app-form';
import { useSaveForm } from '../../../components/form/use-save-form';
import { newUuid } from '../../../lib/new-id';
import { paths } from '../../../lib/paths';
import { DELIVERIES_KEY, createDeliveryOrKeep } from '../api';
import { DeliveryFieldsSummary, fieldLabel } from '../fields/delivery-fields';
import { createDeliveryTitle, listPathAfterCreate, type CreateDeliveryDraft } from './create-delivery-draft';
import { PrepStep } from './prep-step';
import { PreviewStep } from './preview-step';
import { ScanStep } from './scan-step';
import { fieldsOf, isPrepReady, toCreateBody, withResolvedAddresses, type PrepFields } from './draft-fields';
import { useCreateDeliveryDraft } from './use-create-delivery-draft';

/** The last step's form holds the draft as it is: the preparation and the LB rows checked it already. */
const draftForm = z.custom<CreateDeliveryDraft<PrepFields>>((v) => typeof v === 'object' && v !== null);

const STEP_TEXT = {
  prep: 'Step 1 of 3: preparation',
  scan: 'Step 2 of 3: scan the LB tags',
  preview: 'Step 3 of 3: check and complete',
} as const;

export default function CreateDeliveryPage() {
  const { view } = useParams();
  const { draft, update, setType, setLbNumbers, finish } = useCreateDeliveryDraft<PrepFields>();
  const formApi = useAppForm(draftForm, { defaultValues: draft });
  const listPath = listPathAfterCreate(draft.type);
  const navigate = useNavigate();
  // One key per note: a retry after a lost answer, or the outbox's send, is the same create (docs/decisions/271).
  const clientKey = useRef(newUuid());
  const save = useSaveForm(formApi, {
    save: async (values: CreateDeliveryDraft<PrepFields>) => {
      // Typed addresses are stored first; kept in the draft so a retry does not store them twice.
      const resolved = await withResolvedAddresses(values);
      update((d) => ({ ...d, fields: resolved.fields }));
      return createDeliveryOrKeep({ ...toCreateBody(resolved), clientKey: clientKey.current });
    },
    message: (outcome) =>
      outcome.saved ? 'Delivery successfully created' : 'Delivery note kept on this device: it is sent when the network returns.',
    onSaved: (outcome) => {
      finish();
      clientKey.current = newUuid();
      // Kept: the list of what waits shows it, never the server's list (docs/decisions/270).
      if (!outcome.saved) return void navigate(paths.outbox.to());
      if (listPath) void navigate(listPath);
      if (listPathAfterCreate(outcome.saved.type) === null) console.error('Unknown delivery type after creation', outcome.saved.type);
    },
    invalidate: DELIVERIES_KEY,
  });

  if (view !== undefined && view !== 'scan' && view !== 'preview') return <Navigate to={paths.createDn.to()} replace />;
  const step = view ?? 'prep';
  const fields = fieldsOf(draft);
  if (step !== 'prep' && (!fields || !isPrepReady(draft))) return <Navigate to={paths.createDn.to()} replace />;

  /** The preview's submit: throws the server's refusal, which the preview shows on its rows. */
  const complete = () => save(draft);

  return (
    <Stack gap="md" maw={1200}>
      <div>
        <Title order={1} size="h2">
          {createDeliveryTitle(draft.type)}
        </Title>
        <Text size="sm" c="dimmed">
          {STEP_TEXT[step]}
        </Text>
      </div>
      {step === 'prep' && <PrepStep draft={draft} update={update} setType={setType} />}
      {step === 'scan' && (
        <ScanStep
          type={draft.type}
          customerAccount={draft.fields?.customerAccount ?? null}
          lbNumbers={draft.lbNumbers}
          onChange={setLbNumbers}
          onCodes={(add) => update((d) => ({ ...d, lbNumbers: add(d.lbNumbers) }))}
        />
      )}
      {step === 'preview' && (
        <PreviewStep
          type={draft.type}
          customerAccount={draft.fields?.customerAccount ?? null}
          lbNumbers={draft.lbNumbers}
          onChange={setLbNumbers}
          summary={fields && <DeliveryFieldsSummary type={draft.type} fields={fields} />}
          complete={complete}
          fieldLabel={fieldLabel}
        />
      )}
    </Stack>
  );
}
