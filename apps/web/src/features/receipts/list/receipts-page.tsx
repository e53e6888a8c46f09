/**
 * Master Data (/receipts, docs/product.md §2.8): every receipt, every column sortable, the filter panel with
 * every filter of 2.8 kept in the query string (so a reload or a bookmark shows the same list and
 * the panel opens pre-filled), and the row icons edit, delete and history.
 *
 * The panel's fields are a react-hook-form (the search-selects and date fields bind to one); the
 * form is reset from the query string each time the panel opens and read when it is applied.
 */
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { DataList } from '../../../components/list/data-list';
import { FilterPanel, FiltersButton, useFilterDraft, type FilterDraft } from '../../../components/list/filter-panel';
import { useSavedViews } from '../../../components/list/saved-views';
import { useListController } from '../../../components/list/use-list-controller';
import { paths } from '../../../lib/paths';
import { RECEIPTS_KEY } from '../../../lib/query-keys';
import { deleteReceipt, listReceipts } from '../api';
import { LbTagPresetButton, PrintTagsButton } from '../lb-tag/lb-tag-print';
import { ReceiptRowActions, receiptColumns, receiptPhoneKey } from './receipts-columns';
import { ExportSelectedButton } from './receipts-export';
import { ReceiptsFilterFields } from './receipts-filter-fields';
import {
  EMPTY_RECEIPT_FILTER_FORM,
  RECEIPT_FILTERS,
  filterFormFromQuery,
  queryFromFilterForm,
  type ReceiptFilter,
  type ReceiptFilterForm,
} from './receipts-filters-model';
import '../../../components/list/wide-table.css';

export default function ReceiptsPage() {
  const list = useListController<Receipt, ReceiptFilter>({
    queryKey: RECEIPTS_KEY,
    fetch: listReceipts,
    getRowId: (r) => r.id,
    filters: RECEIPT_FILTERS,
    remove: (r) => deleteReceipt(r.id),
  });
  const views = useSavedViews({ list: 'receipts', columns: receiptColumns, columnChooser: true });
  const base = useFilterDraft(list);
  const form = useForm<ReceiptFilterForm>({ defaultValues: EMPTY_RECEIPT_FILTER_FORM });
  // What the panel opened with: the search-selects show the names of the ids it holds.
  const [initial, setInitial] = useState<ReceiptFilterForm>(EMPTY_RECEIPT_FILTER_FORM);

  const draft: FilterDraft<ReceiptFilter> = {
    ...base,
    open: () => {
      const fromQuery = filterFormFromQuery(list.params.filters);
      setInitial(fromQuery);
      form.reset(fromQuery);
      base.open();
    },
    apply: () => {
      list.params.setFilters(queryFromFilterForm(form.getValues()));
      base.close();
    },
    clear: () => {
      setInitial(EMPTY_RECEIPT_FILTER_FORM);
      form.reset(EMPTY_RECEIPT_FILTER_FORM);
      base.clear();
    },
  };

  return (
    <div className="ch-wide-table">
      <DataList
        title={paths.receipts.title}
        list={list}
        columns={views.columns}
        phoneKey={receiptPhoneKey}
        toolbar={
          <>
            <LbTagPresetButton />
            <FiltersButton draft={draft} />
            {views.controls}
          </>
        }
        addNewTo={paths.receiptCreate.to()}
        addNewLabel="Create receipt"
        selectable
        // Printed and exported in the order the list shows them.
        selectionActions={(ids) => {
          const chosen = list.items.filter((r) => ids.includes(r.id)).map((r) => r.id);
          return (
            <>
              <PrintTagsButton ids={chosen} label="Print tags" />
              <ExportSelectedButton ids={chosen} />
            </>
          );
        }}
        rowActions={(r) => <ReceiptRowActions receipt={r} onDelete={() => list.deletion.ask(r)} />}
      />
      <FormProvider {...form}>
        <FilterPanel draft={draft}>
          <ReceiptsFilterFields initial={initial} />
        </FilterPanel>
      </FormProvider>
    </div>
  );
}
