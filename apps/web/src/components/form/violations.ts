/**
 * Server violations → form errors (docs/product.md §5.1): each violation goes to the field named by its
 * propertyPath (`lbNumbers[3].serial` → react-hook-form's `lbNumbers.3.serial`), using its message
 * (or title); a violation without a path, or naming no field of this form, is a form-level error.
 */
import type { Violation } from '@cooler-hub/contract/common';

/** 'lbNumbers[3].serial' → 'lbNumbers.3.serial' */
export function toFieldPath(propertyPath: string): string {
  return propertyPath.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
}

function rootField(fieldPath: string): string {
  return fieldPath.split('.')[0] ?? '';
}

export interface SplitViolations {
  /** One message per field: the first violation on a path wins. */
  fields: Record<string, string>;
  form: string[];
}

export function splitViolations(violations: readonly Violation[], isField: (root: string) => boolean): SplitViolations {
  const fields: Record<string, string> = {};
  const form: string[] = [];
  for (const v of violations) {
    const text = v.message || v.title;
    const path = toFieldPath(v.propertyPath ?? '');
    if (path && isField(rootField(path))) {
      if (!(path in fields)) fields[path] = text;
    } else {
      const line = path ? `${v.propertyPath}: ${text}` : text;
      if (!form.includes(line)) form.push(line);
    }
  }
  return { fields, form };
}
