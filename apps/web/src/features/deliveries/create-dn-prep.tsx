/** TEMPORARY preparation until dn-kit's DeliveryFields lands. */
import { Button, Group, Select, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { DELIVERY_TYPES, type DeliveryType } from '@cooler-hub/contract/deliveries';
import { paths } from '../../lib/paths';
import type { CreateDnDraft } from './create-dn-draft';
import { emptyPrep, type PrepFields } from './create-dn-fields';
import type { DraftUpdate } from './use-create-dn-draft';

export function CreateDnPrep({ draft, update, setType }: { draft: CreateDnDraft<PrepFields>; update: DraftUpdate<PrepFields>; setType: (t: DeliveryType) => void }) {
  const navigate = useNavigate();
  const go = (view?: 'scan' | 'preview') => {
    update((d) => ({ ...d, fields: d.fields ?? emptyPrep() }));
    void navigate(paths.createDn.to({ view }));
  };
  return (
    <Stack maw={480}>
      <Select label="Type" data={[...DELIVERY_TYPES]} value={draft.type} onChange={(v) => v && setType(v)} allowDeselect={false} />
      <Group>
        <Button onClick={() => go('scan')}>Scan</Button>
        <Button variant="default" onClick={() => go('preview')}>
          Manual
        </Button>
      </Group>
    </Stack>
  );
}
