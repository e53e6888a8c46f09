/**
 * The Changes cell of a history of changes (docs/product.md §2.9, §3): what each revision entry says, line by
 * line — a create or delete entry's sentences ('Label: value'), or one 'Field: old → new' per
 * changed field. Each feature names its fields; days read dd/MM/yyyy and instants dd/MM/yyyy HH:mm
 * (Europe/London), as everywhere on the screens (docs/product.md §5.1).
 */
import type { RevisionEntry, RevisionValue } from '@cooler-hub/contract/revisions';
import { formatDate, formatDateTime } from '../../lib/format-date';

export interface ChangeLabels {
  /** API field name → what a person reads ('dateOfManufacture' → 'Date of manufacture'). */
  fields: Record<string, string>;
  /** Fields holding a calendar day (YYYY-MM-DD). */
  dayFields?: readonly string[];
  /** Fields holding an instant (ISO 8601). */
  instantFields?: readonly string[];
}

function showValue(labels: ChangeLabels, field: string, value: RevisionValue): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'string' && labels.dayFields?.includes(field)) return formatDate(value) || value;
  if (typeof value === 'string' && labels.instantFields?.includes(field)) return formatDateTime(value) || value;
  return String(value);
}

const SENTENCE = /^([^:]+): (.*)$/;

/** 'Date of manufacture: 2019-10-01' → 'Date of manufacture: 01/10/2019', for the day and instant fields' labels only. */
function showSentence(labels: ChangeLabels, sentence: string): string {
  const m = SENTENCE.exec(sentence);
  const label = m?.[1];
  const value = m?.[2];
  if (label === undefined || value === undefined) return sentence;
  const field = Object.keys(labels.fields).find((f) => labels.fields[f] === label);
  if (field === undefined) return sentence;
  return `${label}: ${showValue(labels, field, value)}`;
}

export function changeLines(entry: RevisionEntry, labels: ChangeLabels): string[] {
  if (entry.diffType === 'Text') return entry.textOnlyMessage.map((s) => showSentence(labels, s));
  return Object.entries(entry.oldNewMessage).map(
    ([field, [before, after]]) =>
      `${labels.fields[field] ?? field}: ${showValue(labels, field, before)} → ${showValue(labels, field, after)}`,
  );
}
