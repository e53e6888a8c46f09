/**
 * Shapes every resource shares: list query and answer, error bodies (docs/architecture.md §4), money, ids,
 * and the zod configuration that makes a missing value read 'Required Field' (docs/product.md §5.1).
 */
import { z } from 'zod';

export const REQUIRED_MESSAGE = 'Required Field';
export const PATTERN_MESSAGE = 'Not match pattern';
export const HYDRA_TITLE = 'An error occurred';
export const INVALID_VALUE_MESSAGE = 'This value is not valid.';

/** PostgreSQL text cannot hold U+0000: refuse it on the field instead of failing in the database. */
const hasNoNul = (v: string) => !v.includes('\u0000');

z.config({
  customError: (issue) => (issue.input === undefined || issue.input === null ? REQUIRED_MESSAGE : undefined),
});

/** Missing, null, '' or only spaces: what a required field refuses (docs/product.md §5.1 "empty or falsy"). */
export function isBlank(value: unknown): value is null | undefined | string {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * A required field (docs/product.md §5.1): a blank value fails with 'Required Field' and nothing else; the
 * schema's own rules (length, format, choice, password length) speak only once there is a value.
 * The input type also takes null and undefined, so a form can start with the field empty (an unset
 * select, an emptied number input) without a cast.
 */
export const required = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value: z.input<T> | null | undefined, ctx) => {
    if (!isBlank(value)) return value;
    ctx.addIssue({ code: 'custom', message: REQUIRED_MESSAGE, input: value });
    return z.NEVER;
  }, schema);

/** A non-empty, trimmed string; empty or blank input fails with 'Required Field'. */
export const requiredString = (max = 255) =>
  required(
    z.string().trim().max(max, `This value is too long. It should have ${max} characters or less.`).refine(hasNoNul, INVALID_VALUE_MESSAGE),
  );

const freeText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `This value is too long. It should have ${max} characters or less.`)
    .refine(hasNoNul, INVALID_VALUE_MESSAGE)
    .nullish();

/** Optional free text; '' and null both mean "no value" and come out as null. */
export const optionalText = (max = 2000) => freeText(max).transform((v) => (v ? v : null));

/**
 * Optional text on an update that may leave it alone: a missing field stays undefined (keep the
 * stored value), while '' and null come out as null (clear it).
 */
export const clearableText = (max = 2000) => freeText(max).transform((v) => (v === undefined ? undefined : v || null));

/** Query values arrive as strings; an empty filter is ignored (docs/architecture.md §4). */
export const queryValue = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** A list's text filter (contains-search); empty is ignored. */
export const searchText = (max: number) => queryValue(z.string().trim().max(max).refine(hasNoNul, INVALID_VALUE_MESSAGE));

/** Largest value of a PostgreSQL integer column (serial ids, pence, codes). */
export const MAX_INT32 = 2_147_483_647;

/**
 * Every integer the API takes is bounded to what its column holds (PostgreSQL integer: 32 bits), so
 * 2^31 is refused on its field with a 400 instead of failing in the database.
 */
export const int32 = (min = 1) =>
  z
    .number({ error: INVALID_VALUE_MESSAGE })
    .int(INVALID_VALUE_MESSAGE)
    .min(min, INVALID_VALUE_MESSAGE)
    .max(MAX_INT32, INVALID_VALUE_MESSAGE);

/** A positive whole number; as a string only plain decimal digits ('1e3', '0x10', ' 5' are refused). */
export const integerId = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
  z
    .number({ error: (i) => (i.input === undefined ? undefined : INVALID_VALUE_MESSAGE) })
    .int(INVALID_VALUE_MESSAGE)
    .positive(INVALID_VALUE_MESSAGE)
    .max(MAX_INT32, INVALID_VALUE_MESSAGE),
);
/**
 * A path id that is well formed but beyond what an integer column holds, so no row has it: the
 * server answers it with 404 like any other missing row (plugins/errors), not with a 400.
 */
export const NO_SUCH_ID = 'No item has this id.';
export const idParams = z.object({
  id: z
    .string()
    .regex(/^\d+$/, INVALID_VALUE_MESSAGE)
    .transform(Number)
    .pipe(z.number().positive(INVALID_VALUE_MESSAGE).max(MAX_INT32, NO_SUCH_ID)),
});
/** A referenced id that is well formed but names no existing row. */
export const UNKNOWN_REFERENCE = 'The chosen item does not exist.';

/**
 * A referenced entity's integer id in a request body (docs/architecture.md §4: `"client": 12`). Numeric strings
 * are accepted (select inputs), so a form holds `number | string | null`; missing, null or '' read
 * 'Required Field' (docs/product.md §5.1), anything else that is not a positive whole number reads 'This value
 * is not valid.'.
 */
export const referenceId = required(z.preprocess((value: number | string) => (typeof value === 'string' ? Number(value) : value), int32()));
/** An optional integer reference (a picked customer account, address, collection point): '' and null mean none. */
export const optionalReferenceId = z.preprocess(
  (v) => (v === '' ? null : v),
  referenceId.nullish().transform((v) => v ?? null),
);
export const uuidParams = z.object({ id: z.uuid() });

export const sortDirection = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof sortDirection>;

export const DEFAULT_PER_PAGE = 20;
/** A list's page, from 1; bounded like every integer (int32), so an absurd page is a 400, not an overflow. */
export const pageNumber = z.coerce.number().int().min(1).max(MAX_INT32).default(1);
export const MAX_PER_PAGE = 100;

/**
 * The list query of docs/architecture.md §4: page from 1, perPage ≤ 100, one sort field as order[field]=asc|desc
 * (unknown fields are rejected), plus the resource's own filters.
 */
export function listQuery<const S extends string, F extends z.ZodRawShape>(sortable: readonly [S, ...S[]], filters: F) {
  return z.object({
    page: pageNumber,
    perPage: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
    order: z
      .partialRecord(z.enum(sortable), sortDirection)
      .refine((o) => Object.keys(o).length <= 1, 'Sort by one field at a time.')
      .optional(),
    ...filters,
  });
}

export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({
    page: z.number().int(),
    perPage: z.number().int(),
    pagesCount: z.number().int(),
    items: z.array(item),
    totalCount: z.number().int(),
  });
}

export interface ListResponse<T> {
  page: number;
  perPage: number;
  pagesCount: number;
  items: T[];
  totalCount: number;
}

export const violation = z.object({ propertyPath: z.string(), title: z.string(), message: z.string() });
export type Violation = z.infer<typeof violation>;

export const constraintViolationList = z.object({
  '@type': z.literal('ConstraintViolationList'),
  'hydra:title': z.string(),
  'hydra:description': z.string(),
  violations: z.array(violation),
});
export type ConstraintViolationList = z.infer<typeof constraintViolationList>;

export const hydraError = z.object({
  '@type': z.literal('hydra:Error'),
  'hydra:title': z.string(),
  'hydra:description': z.string(),
});
export type HydraError = z.infer<typeof hydraError>;

export const authError = z.object({ code: z.literal(401), message: z.string() });
export type AuthError = z.infer<typeof authError>;

/** ['lbNumbers', 3, 'serial'] → 'lbNumbers[3].serial' (docs/product.md §5.1, docs/architecture.md §4). */
export function propertyPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, key) => {
    if (typeof key === 'number') return `${acc}[${key}]`;
    const name = String(key);
    return acc ? `${acc}.${name}` : name;
  }, '');
}

export function violationList(violations: Violation[]): ConstraintViolationList {
  return {
    '@type': 'ConstraintViolationList',
    'hydra:title': HYDRA_TITLE,
    'hydra:description': violations.map((v) => (v.propertyPath ? `${v.propertyPath}: ${v.message}` : v.message)).join('\n'),
    violations,
  };
}

export function hydraErrorBody(description: string): HydraError {
  return { '@type': 'hydra:Error', 'hydra:title': HYDRA_TITLE, 'hydra:description': description };
}

/** One violation per field: the first issue on each path wins. */
export function violationsFromIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Violation[] {
  const byPath = new Map<string, Violation>();
  for (const issue of issues) {
    const path = propertyPath(issue.path);
    if (!byPath.has(path)) byPath.set(path, { propertyPath: path, title: issue.message, message: issue.message });
  }
  return [...byPath.values()];
}

/** Whole pence, 0 to the largest PostgreSQL integer (£21,474,836.47). */
export const money = z.object({
  amount: z
    .number()
    .int('Enter a whole number of pence.')
    .min(0, 'The amount cannot be negative.')
    .max(MAX_INT32, 'The amount is too large.'),
  currency: z.literal('GBP'),
});
export type Money = z.infer<typeof money>;

/** A reference in an answer: at least id and name (docs/architecture.md §4). */
export const namedRef = z.object({ id: z.number().int(), name: z.string() });
export type NamedRef = z.infer<typeof namedRef>;

// ── versions (optimistic concurrency, docs/decisions/200) ──────────────────────────────────────

/**
 * A record's version: its last change to the microsecond, as a decimal string. Answers of one
 * record carry it (and an ETag); an update sends it back as `If-Match` and is refused with 409 when
 * the record changed since. Opaque to clients: compared, never read.
 */
export const recordVersion = z.string().regex(/^\d+$/);

/** An answer of one record with its version (GET of one record, create and update answers). */
export const withVersion = <S extends z.core.$ZodShape, C extends z.core.$ZodObjectConfig>(schema: z.ZodObject<S, C>) =>
  schema.extend({ version: recordVersion });
export type Versioned<T> = T & { version: string };

/** The 409 sentence: 'This receipt was changed by admin at 25/11/2026 14:02 after you opened it.' */
export function staleVersionMessage(resource: string, by: string | null, at: string): string {
  return `This ${resource} was changed by ${by ?? 'another user'} at ${at} after you opened it.`;
}
