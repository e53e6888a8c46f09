/**
 * A refused create as the preview shows it (docs/product.md §5.1, §8): each `lbNumbers[i]` violation on row i,
 * the other violations above the list under their field's label, a violation without a path as it
 * is; nothing more when the API client already told the user (a toast, /404).
 */
import { toFieldPath } from '../../../components/form/violations';
import { isApiError } from '../../../lib/api-client';
import { lbErrorsByIndex } from '../lb-rows/lb-rows-model';

/** What a refused save left to show: per row, and for the note as a whole. */
export interface SaveProblems {
  rows: Record<number, string>;
  form: string[];
}

/** A failed save as the preview shows it; null when the user was already told (a toast, /404). */
export function saveProblems(error: unknown, fieldLabel: (path: string) => string): SaveProblems | null {
  if (!isApiError(error)) return { rows: {}, form: ['The delivery note could not be created. Try again.'] };
  if (error.notified) return null;
  if (error.kind !== 'violations') return { rows: {}, form: [error.message] };
  const byPath: Record<string, string> = {};
  const form: string[] = [];
  for (const v of error.violations) {
    const text = v.message || v.title;
    const path = toFieldPath(v.propertyPath ?? '');
    if (!path) form.push(text);
    else if (!(path in byPath)) byPath[path] = text;
  }
  const { rows, rest } = lbErrorsByIndex(byPath);
  for (const [path, text] of Object.entries(rest)) form.push(`${fieldLabel(path)}: ${text}`);
  // The rows may be scrolled out of sight: the alert says where to look.
  const refused = Object.keys(rows).length;
  if (refused > 0)
    form.unshift(
      `${refused === 1 ? '1 LB number cannot' : `${refused} LB numbers cannot`} go on this note: remove or correct the flagged rows.`,
    );
  return { rows, form };
}
