/** The Changes cell of a cooler's history (spec 2.9, 3): what each revision entry says, line by line. */
import type { RevisionEntry, RevisionValue } from '@cooler-hub/contract/revisions';
import { formatDate } from '../../lib/format-date';

/** The cooler's API field names as a person reads them. */
const FIELD_LABELS: Record<string, string> = {
  serialNumber: 'Serial number',
  partNumber: 'Part number',
  dateOfManufacture: 'Date of manufacture',
  modelNumber: 'Model number',
};

function showValue(field: string, value: RevisionValue): string {
  if (value === null || value === '') return '—';
  if (field === 'dateOfManufacture' && typeof value === 'string') return formatDate(value) || value;
  return String(value);
}

const DAY_SENTENCE = /^(Date of manufacture: )(\d{4}-\d{2}-\d{2})$/;

/** The server writes a created cooler's day as YYYY-MM-DD; the screens show days as dd/MM/yyyy (spec 5.1). */
function showDayInSentence(sentence: string): string {
  const m = DAY_SENTENCE.exec(sentence);
  return m ? `${m[1]}${formatDate(m[2]) || m[2]}` : sentence;
}

/** The lines of the Changes cell: a create or delete entry's sentences, or one 'Field: old → new' per changed field. */
export function changeLines(entry: RevisionEntry): string[] {
  if (entry.diffType === 'Text') return entry.textOnlyMessage.map(showDayInSentence);
  return Object.entries(entry.oldNewMessage).map(
    ([field, [before, after]]) => `${FIELD_LABELS[field] ?? field}: ${showValue(field, before)} → ${showValue(field, after)}`,
  );
}

