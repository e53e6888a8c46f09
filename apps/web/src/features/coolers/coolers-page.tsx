/**
 * Cooler History (/coolers-list, docs/product.md §2.11): Part Number, LB (the LB number of the cooler's newest
 * receipt), Serial number and the row icons edit, history and delete — delete needs Manipulate
 * Inventory (docs/product.md §6): faded and disabled without it, as the server refuses it with 403. 'Create
 * Cooler' opens the form; the filter panel searches by serial number.
 */
import { TextInput } from '@mantine/core';
import type { Cooler } from '@cooler-hub/contract/coolers';
import { DataList, type ListColumn } from '../../components/list/data-list';
import { FilterPanel, FiltersButton, useFilterDraft } from '../../components/list/filter-panel';
import { RowActions } from '../../components/list/row-actions';
import { SerialLink } from '../../components/links/serial-link';
import { useSavedViews } from '../../components/list/saved-views';
import { useListController } from '../../components/list/use-list-controller';
import { useCan } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { COOLERS_KEY, deleteCooler, listCoolers } from './api';

const columns: ListColumn<Cooler>[] = [
  { key: 'partNumber', header: 'Part Number', sortField: 'partNumber', render: (c) => c.partNumber.partNumber },
  { key: 'lastLbNumber', header: 'LB', render: (c) => c.lastLbNumber ?? '' },
  {
    key: 'serialNumber',
    header: 'Serial number',
    sortField: 'serialNumber',
    render: (c) => <SerialLink coolerId={c.id} serialNumber={c.serialNumber} />,
  },
];

export default function CoolersPage() {
  const can = useCan();
  const list = useListController({
    queryKey: COOLERS_KEY,
    fetch: listCoolers,
    getRowId: (c) => c.id,
    filters: ['serialNumber'],
    remove: (c) => deleteCooler(c.id),
  });
  const filter = useFilterDraft(list);
  const views = useSavedViews({ list: 'coolers', columns });

  return (
    <>
      <DataList
        title={paths.coolersList.title}
        list={list}
        columns={views.columns}
        addNewTo={paths.coolersCreate.to()}
        addNewLabel="Create Cooler"
        toolbar={
          <>
            <FiltersButton draft={filter} />
            {views.controls}
          </>
        }
        rowActions={(c) => (
          <RowActions
            editTo={paths.coolersEdit.to({ cooler: c.id })}
            historyTo={paths.coolersRevisions.to({ receipt: c.id })}
            onDelete={() => list.deletion.ask(c)}
            canDelete={can('manipulateInventory')}
          />
        )}
      />
      <FilterPanel draft={filter}>
        <TextInput
          label="Serial number"
          value={filter.values.serialNumber}
          onChange={(e) => filter.set('serialNumber', e.currentTarget.value)}
        />
      </FilterPanel>
    </>
  );
}
