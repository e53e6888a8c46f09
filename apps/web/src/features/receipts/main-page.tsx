/**
 * Main (/main, docs/product.md §2.6): the LB-number search box, the four big buttons and the Receipts list
 * (LB Number, Serial Number, Part number, Date, Delivery, Status, Actions). The search is kept in
 * the URL (`?lbNumber=`) like any list filter; `?deliveryId=` lists the receipts of one delivery
 * note. An exact LB number ended by Enter — what a keyboard-wedge scanner sends — opens that
 * receipt's edit page at once (docs/decisions/130).
 */
import { Anchor, Box, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFilePlus, IconHistory, IconSearch, IconTag, IconTruckDelivery } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { processStateTone, receiptStatus, type Receipt } from '@cooler-hub/contract/receipts';
import { normalizeLbNumber } from '@cooler-hub/contract/rules';
import { DataList, type ListColumn } from '../../components/list/data-list';
import { useSavedViews } from '../../components/list/saved-views';
import { useListController } from '../../components/list/use-list-controller';
import { debounce } from '../../components/form/search-select-model';
import { useWedgeInput } from '../../components/scanner/wedge-input';
import { SerialLink } from '../../components/links/serial-link';
import { useCan } from '../../lib/current-user';
import { formatDate } from '../../lib/format-date';
import { DELIVERY_SCREENS } from '../../lib/delivery-screens';
import { paths, type AppPath } from '../../lib/paths';
import { RECEIPTS_KEY } from '../../lib/query-keys';
import { deleteReceipt, listReceipts } from './api';
import { LbTagPresetButton } from './lb-tag-print';
import { ReceiptRowActions, receiptPhoneKey } from './receipts-columns';
import { useScannerFocus } from './scan-focus';
import { findReceiptByLb, scannedLbNumber } from './scan-lookup';

/** Where a receipt's Delivery cell links: the page a link to its note opens (its edit screen). */
function deliveryTo(r: Receipt): string | null {
  if (r.deliveryId === null || r.deliveryType === null) return null;
  return DELIVERY_SCREENS[r.deliveryType].open(r.deliveryId);
}

function deliveryLabel(r: Receipt): string {
  return r.deliveryNoteNo ?? `#${r.deliveryId}`;
}

function StatusCell({ receipt }: { receipt: Receipt }) {
  const tone = receipt.processState ? processStateTone(receipt.processState) : null;
  return (
    <Text span size="sm" fw={tone ? 600 : undefined} c={tone === 'danger' ? 'red.4' : tone === 'success' ? 'teal.4' : undefined}>
      {receiptStatus(receipt)}
    </Text>
  );
}

const columns: ListColumn<Receipt>[] = [
  { key: 'lbNumber', header: 'LB Number', sortField: 'lbNumber', render: (r) => r.lbNumber },
  { key: 'serialNumber', header: 'Serial Number', sortField: 'serialNumber', render: (r) => <SerialLink coolerId={r.inventoryItem.id} serialNumber={r.inventoryItem.serialNumber} /> },
  { key: 'partNumber', header: 'Part number', sortField: 'partNumber', render: (r) => r.inventoryItem.partNumber.partNumber },
  { key: 'receiptDate', header: 'Date', sortField: 'receiptDate', render: (r) => formatDate(r.receiptDate) },
  {
    key: 'delivery',
    header: 'Delivery',
    sortField: 'deliveryId',
    render: (r) => {
      const to = deliveryTo(r);
      return to ? (
        <Anchor component={Link} to={to} size="sm">
          {deliveryLabel(r)}
        </Anchor>
      ) : null;
    },
  },
  { key: 'status', header: 'Status', sortField: 'processOption', render: (r) => <StatusCell receipt={r} /> },
];

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

/**
 * The search box: what is typed goes to the list's `lbNumber` filter 350 ms after the last key;
 * Enter applies it at once and, when the text is exactly one receipt's LB number, opens it.
 */
function LbSearch({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState(value);
  const [opening, setOpening] = useState(false);
  const lookup = useRef<AbortController | null>(null);
  const box = useRef<HTMLInputElement>(null);
  useScannerFocus(box);

  // Each navigation (the delivery line's link, Back, the menu) can change the URL under the box: show
  // what it now filters by — but not when it only caught up with what the box sent, which may be
  // behind a key typed since. By navigation, not by value: a scan's own search and its opening of the
  // receipt may both pass before this screen draws either, leaving the value as it was.
  const { key } = useLocation();
  const [seen, setSeen] = useState(key);
  const [sent, setSent] = useState(value);
  if (seen !== key) {
    setSeen(key);
    if (value !== sent) setText(value);
  }
  const search = (next: string) => {
    setSent(next);
    onSearch(next);
  };

  const searchRef = useRef(search);
  useEffect(() => {
    searchRef.current = search;
  });
  const debounced = useMemo(() => debounce((next: string) => searchRef.current(next.trim())), []);
  useEffect(
    () => () => {
      debounced.cancel();
      lookup.current?.abort();
    },
    [debounced],
  );

  const open = async (lb: string) => {
    lookup.current?.abort();
    const ac = new AbortController();
    lookup.current = ac;
    setOpening(true);
    try {
      const found = await findReceiptByLb(lb, ac.signal);
      if (found && !ac.signal.aborted) void navigate(paths.receiptEdit.to({ receipt: found.id }));
    } catch (error) {
      // The API client has told the user; the filtered list still shows what matched.
      if (!ac.signal.aborted) console.error(error);
    } finally {
      if (lookup.current === ac) setOpening(false);
    }
  };

  /** Enter: the search at once, and an exact LB number opens its receipt. A scan replaces the box's text. */
  const commit = (text: string) => {
    debounced.cancel();
    setText(text);
    search(text.trim());
    const lb = scannedLbNumber(text);
    if (lb) void open(lb);
  };
  const wedge = useWedgeInput({ onScan: (code) => commit(normalizeLbNumber(code)), onEnter: commit });

  return (
    <TextInput
      ref={box}
      type="search"
      label={t('list.search')}
      description="By LB number; a scanned LB number opens its receipt"
      placeholder="LB Number"
      value={text}
      maw={420}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={opening ? <Loader size={16} aria-label="Opening the receipt" /> : null}
      onChange={(event) => {
        setText(event.currentTarget.value);
        debounced(event.currentTarget.value);
      }}
      onKeyDown={wedge.onKeyDown}
      onFocus={wedge.onFocus}
    />
  );
}

export default function MainPage() {
  const can = useCan();
  const list = useListController({
    queryKey: RECEIPTS_KEY,
    fetch: listReceipts,
    getRowId: (r) => r.id,
    filters: ['lbNumber', 'deliveryId'],
    remove: (r) => deleteReceipt(r.id),
  });
  const views = useSavedViews({ list: 'main', columns });
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
                <Text size="sm">
                  Showing the items of delivery note {deliveryNote ? deliveryLabel(deliveryNote) : `#${deliveryId}`}.
                </Text>
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
