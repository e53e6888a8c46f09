/**
 * Create Delivery Note / Create Error Sheet (/create-dn/:view?, docs/product.md §2.1, §2.13, §4): three views of
 * one draft (create-dn-draft.ts) — the preparation (no view), the scan step ('scan') and the preview
 * ('preview'). The page stays mounted while the view changes, so the draft is plain state; it is
 * mirrored to sessionStorage for a reload. A step whose preparation is missing (a reload after the
 * draft was cleared, a typed URL) starts at the preparation.
 */
import { Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import { notifySuccess } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import { DELIVERIES_KEY, createDelivery } from '../api';
import { createDnTitle, listPathAfterCreate } from './create-delivery-draft';
import { CreateDnPrep } from './prep-step';
import { CreateDnPreview } from './preview-step';
import { CreateDnScan } from './scan-step';
import { fieldLabel, isPrepReady, prepSummary, toCreateBody, withResolvedAddresses, type PrepFields } from '../fields/create-dn-fields';
import { useCreateDnDraft } from './use-create-delivery-draft';

const STEP_TEXT = {
  prep: 'Step 1 of 3: preparation',
  scan: 'Step 2 of 3: scan the LB tags',
  preview: 'Step 3 of 3: check and complete',
} as const;

export default function CreateDnPage() {
  const { view } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { draft, update, setType, setLbNumbers, finish } = useCreateDnDraft<PrepFields>();

  if (view !== undefined && view !== 'scan' && view !== 'preview') return <Navigate to={paths.createDn.to()} replace />;
  const step = view ?? 'prep';
  if (step !== 'prep' && !isPrepReady(draft)) return <Navigate to={paths.createDn.to()} replace />;

  const complete = async () => {
    // Typed addresses are stored first (docs/product.md §4); kept in the draft so a retry does not store them twice.
    const resolved = await withResolvedAddresses(draft);
    update((d) => ({ ...d, fields: resolved.fields }));
    const created = await createDelivery(toCreateBody(resolved));
    notifySuccess('Delivery successfully created');
    finish();
    void queryClient.invalidateQueries({ queryKey: DELIVERIES_KEY });
    const next = listPathAfterCreate(created.type);
    if (next) void navigate(next);
    else console.error('Unknown delivery type after creation', created.type);
  };

  return (
    <Stack gap="md" maw={1200}>
      <div>
        <Title order={1} size="h2">
          {createDnTitle(draft.type)}
        </Title>
        <Text size="sm" c="dimmed">
          {STEP_TEXT[step]}
        </Text>
      </div>
      {step === 'prep' && <CreateDnPrep draft={draft} update={update} setType={setType} />}
      {step === 'scan' && (
        <CreateDnScan
          type={draft.type}
          customerAccount={draft.fields?.customerAccount ?? null}
          lbNumbers={draft.lbNumbers}
          onChange={setLbNumbers}
          onCodes={(add) => update((d) => ({ ...d, lbNumbers: add(d.lbNumbers) }))}
        />
      )}
      {step === 'preview' && (
        <CreateDnPreview
          type={draft.type}
          customerAccount={draft.fields?.customerAccount ?? null}
          lbNumbers={draft.lbNumbers}
          onChange={setLbNumbers}
          summary={prepSummary(draft)}
          complete={complete}
          fieldLabel={fieldLabel}
        />
      )}
    </Stack>
  );
}
