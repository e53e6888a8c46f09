/** The Changes cell of a cooler's history (docs/product.md §2.9, §3): the shared reading with the cooler's field names. */
import type { RevisionEntry } from '@cooler-hub/contract/revisions';
import { changeLines as readChanges, type ChangeLabels } from '../../components/revisions/change-lines';

/** The cooler's API field names as a person reads them. */
export const COOLER_LABELS: ChangeLabels = {
  fields: {
    serialNumber: 'Serial number',
    partNumber: 'Part number',
    dateOfManufacture: 'Date of manufacture',
    modelNumber: 'Model number',
  },
  dayFields: ['dateOfManufacture'],
};

/** The lines of the Changes cell: a create or delete entry's sentences, or one 'Field: old → new' per changed field. */
export function changeLines(entry: RevisionEntry): string[] {
  return readChanges(entry, COOLER_LABELS);
}
