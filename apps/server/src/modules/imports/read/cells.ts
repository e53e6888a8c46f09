/** A spreadsheet cell as the text a person sees in it (docs/decisions/258): data, never a formula. */
import type { CellValue } from 'exceljs';

/** Every cell is text, trimmed; an empty one is null. */
export type ImportCell = string | null;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date cell's day, and its wall-clock time when it has one. exceljs gives a date cell as the UTC
 * instant of its serial, so the UTC fields are the wall clock the sheet shows.
 */
function dateText(d: Date): string {
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const seconds = d.getUTCHours() * 3600 + d.getUTCMinutes() * 60 + d.getUTCSeconds();
  return seconds === 0 ? day : `${day}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

function numberText(n: number): string {
  return Number.isInteger(n) && Math.abs(n) < 1e21 ? n.toFixed(0) : String(n);
}

/** A cell's value as text: a formula's stored result (never the formula, never evaluated), rich text joined, a link's text. */
export function cellText(value: CellValue | undefined): ImportCell {
  const text = rawText(value);
  if (text === null) return null;
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

function rawText(value: CellValue | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return rawText((value as { result?: CellValue }).result);
  if ('hyperlink' in value) return rawText((value as { text?: CellValue }).text);
  if ('error' in value) return String(value.error);
  return null;
}
