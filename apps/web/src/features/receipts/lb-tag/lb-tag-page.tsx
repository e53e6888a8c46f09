/**
 * Update LB tag (/lb-tag, docs/product.md §2.6): 'Scan tag' opens the camera (/scan-update); 'Enter manually'
 * looks LB numbers up as the user types (the search-select: 350 ms, page 1) and Continue — disabled
 * until a receipt is chosen — opens its edit page. An exact LB number ended by Enter (a keyboard-
 * wedge scan) opens that receipt at once (docs/decisions/130): use-open-on-enter.ts.
 */
import { Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconBarcode } from '@tabler/icons-react';
import { useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { REQUIRED_MESSAGE } from '@cooler-hub/contract/common';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { normalizeLbNumber } from '@cooler-hub/contract/rules';
import { AppForm } from '../../../components/form/app-form';
import { SearchSelect, type Lookup } from '../../../components/form/search-select';
import { useAppForm } from '../../../components/form/use-app-form';
import { paths } from '../../../lib/paths';
import { receiptsByLbInOrder } from '../api';
import { useScannerFocus } from './scan-focus';
import { useOpenOnEnter } from './use-open-on-enter';

/** A lookup shows one page of LB numbers starting with the typed text, in LB-number order. */
const LOOKUP_PAGE_SIZE = 20;

const receiptLookup: Lookup<Receipt> = {
  search: async (text, signal) => (await receiptsByLbInOrder(normalizeLbNumber(text), LOOKUP_PAGE_SIZE, signal)).items,
  getLabel: (r) => r.lbNumber,
  getValue: (r) => r.id,
};

const lbTagForm = z.object({ receipt: z.uuid({ error: REQUIRED_MESSAGE }) });

export default function LbTagPage() {
  const navigate = useNavigate();
  const form = useAppForm(lbTagForm, { defaultValues: { receipt: '' } });
  const chosen = useWatch({ control: form.form.control, name: 'receipt' });
  const lookupBox = useRef<HTMLDivElement>(null);
  const { onKeyDownCapture, opening } = useOpenOnEnter(lookupBox);
  useScannerFocus(lookupBox);

  return (
    <Stack gap="lg" maw={560}>
      <Title order={1} size="h1">
        {paths.lbTag.title}
      </Title>

      <Paper withBorder p="lg" radius="md">
        <Stack gap="lg">
          <Button component={Link} to={paths.scanUpdate.to()} size="xl" h={72} leftSection={<IconBarcode size={26} aria-hidden />}>
            Scan tag
          </Button>

          <Divider label="or" labelPosition="center" />

          <AppForm
            api={form}
            aria-label="Enter manually"
            onSubmit={async ({ receipt }) => {
              await navigate(paths.receiptEdit.to({ receipt }));
            }}
          >
            <div ref={lookupBox} onKeyDownCapture={onKeyDownCapture}>
              <SearchSelect<Receipt>
                name="receipt"
                label="Enter manually"
                placeholder="LB Number"
                description="Type an LB number and choose it, or scan it"
                {...receiptLookup}
              />
            </div>
            <Group justify="flex-end">
              {opening && (
                <Text size="sm" c="dimmed" role="status">
                  Opening the receipt…
                </Text>
              )}
              <Button type="submit" disabled={!chosen} rightSection={<IconArrowRight size={16} aria-hidden />}>
                Continue
              </Button>
            </Group>
          </AppForm>
        </Stack>
      </Paper>
    </Stack>
  );
}
