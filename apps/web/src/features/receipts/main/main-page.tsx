/**
 * Main (/main, docs/product.md §2.6): the LB-number search box, the four big buttons and the Receipts list
 * (LB Number, Serial Number, Part number, Date, Delivery, Status, Actions). The search is kept in
 * the URL (`?lbNumber=`) like any list filter; `?deliveryId=` lists the receipts of one delivery
 * note. An exact LB number ended by Enter — what a keyboard-wedge scanner sends — opens that
 * receipt's edit page at once (docs/decisions/130). The box is lb-search.tsx, the list's columns
 * main-columns.tsx.
 */
import { Anchor, Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFilePlus, IconHistory, IconTag, IconTruckDelivery } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataList } from '../../../components/list/data-list';
import { useSavedViews } from '../../../components/list/saved-views';
import { useListController } from '../../../components/list/use-list-controller';
import { useCan } from '../../../lib/current-user';
import { paths, type AppPath } from '../../../lib/paths';
import { RECEIPTS_KEY } from '../../../lib/query-keys';
import { deleteReceipt, listReceipts } from '../api';
import { LbTagPresetButton } from '../lb-tag/lb-tag-print';
import { ReceiptRowActions, receiptPhoneKey } from '../list/receipts-columns';
import { LbSearch } from './lb-search';
import { mainColumns } from './main-columns';
import { deliveryLabel } from './main-list-model';

interface BigButton {
  label: string;
  path: AppPath;
  icon: ReactNode;
}

const BIG_BUTTONS: BigButton[] = [
  { label: 'Create receipt', path: paths.receiptCreate, icon: <IconFilePlus size={22} aria-hidden /> },
  { label: 'Update LB tag', path: paths.lbTag, icon: <IconTag size={22} aria-hidden /> },
  { label: 'Create DN', path: paths.createDn, icon: <IconTruckDelivery size={22} aria-hidden /> },
  { label: 'View history', path: paths.coolersList, icon: <IconHistory size={22} aria-hidden /> },
];

export default function MainPage() {
  const can = useCan();
  const list = useListController({
    queryKey: RECEIPTS_KEY,
    fetch: listReceipts,
    getRowId: (r) => r.id,
    filters: ['lbNumber', 'deliveryId'],
    remove: (r) => deleteReceipt(r.id),
  });
  const views = useSavedViews({ list: 'main', columns: mainColumns });
  const { filters, setFilters } = list.params;
  const deliveryId = filters.deliveryId;
  const deliveryNote = deliveryId ? list.items.find((r) => String(r.deliveryId) === deliveryId) : undefined;

  return (
    <Stack gap="xl">
      <Title order={1} size="h1">
        {paths.main.title}
      </Title>

      <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', md: 'md' }} component="nav" aria-label="Shortcuts">
        {BIG_BUTTONS.filter((b) => b.path.access === 'authenticated' || b.path.access === 'public' || can(b.path.access)).map((b) => (
          <Button
            key={b.label}
            component={Link}
            to={b.path.to()}
            size="lg"
            h={72}
            px="md"
            variant="light"
            leftSection={b.icon}
            justify="flex-start"
            // Two to a row on a phone: a long label wraps rather than being cut off.
            styles={{ label: { whiteSpace: 'normal', lineHeight: 1.2, textAlign: 'left' } }}
          >
            {b.label}
          </Button>
        ))}
      </SimpleGrid>

      <LbSearch value={filters.lbNumber ?? ''} onSearch={(lbNumber) => setFilters({ ...filters, lbNumber })} />

      <Box component="section" aria-label="Receipts">
        {deliveryId !== undefined && (
          <Paper withBorder p="sm" mb="sm" role="status">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs" wrap="nowrap">
                <IconTruckDelivery size={18} aria-hidden />
                <Text size="sm">Showing the items of delivery note {deliveryNote ? deliveryLabel(deliveryNote) : `#${deliveryId}`}.</Text>
              </Group>
              <Anchor component={Link} to={paths.main.to()} size="sm">
                Show all receipts
              </Anchor>
            </Group>
          </Paper>
        )}
        <DataList
          title="Receipts"
          titleOrder={2}
          list={list}
          columns={views.columns}
          phoneKey={receiptPhoneKey}
          toolbar={
            <>
              <LbTagPresetButton />
              {views.controls}
            </>
          }
          rowActions={(r) => <ReceiptRowActions receipt={r} onDelete={() => list.deletion.ask(r)} />}
        />
      </Box>
    </Stack>
  );
}
