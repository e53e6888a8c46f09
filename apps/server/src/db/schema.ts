/**
 * Tables (drizzle). Migrations in ../../drizzle are generated from this file by `npm run db:generate`
 * and must run on PostgreSQL 15 (CI) as well as PGlite (18): nothing newer than 15 is used.
 * This file imports nothing from the app but the contract (plain TypeScript and zod), so drizzle-kit
 * can load it on its own; `.ci/run` fails when it and the committed migrations disagree.
 */
import { sql } from 'drizzle-orm';
// Types only (erased): drizzle-kit still loads this file on its own.
import type { DiffType, RevisionEntryKind, RevisionValue } from '@cooler-hub/contract/revisions';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  primaryKey,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { ROLES } from '@cooler-hub/contract/permissions';
import { API_TOKEN_SCOPES } from '@cooler-hub/contract/api-tokens';
import { DELIVERY_STATUSES } from '@cooler-hub/contract/deliveries';
import { ADDRESS_TARGETS, type LookedUpAddress } from '@cooler-hub/contract/delivery-addresses';
import { DELIVERY_TYPES } from '@cooler-hub/contract/delivery-types';
import { UPLOAD_KINDS } from '@cooler-hub/contract/uploads';
import type { ImportCounts, ImportMapping } from '@cooler-hub/contract/imports';
import { COLORS } from '@cooler-hub/contract/users';
import { WEBHOOK_DELIVERY_STATUSES } from '@cooler-hub/contract/webhooks';
import { PRINT_JOB_STATUSES, PRINTER_CONNECTIONS, PRINTER_LANGUAGES } from '@cooler-hub/contract/printers';
import { isExclusiveTypeSql } from './exclusive-types';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/**
 * Who made the latest change (the user's name, copied like a revision entry's, so it reads the same
 * after the user is renamed or deleted); with updated_at it is the row's version (docs/decisions/200).
 */
const updatedBy = () => varchar('updated_by', { length: 180 });

/** node-postgres answers bytea as Buffer, PGlite as Uint8Array: both come out as Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

// The contract's lists are the only source of these values: the database refuses anything else.
export const userRole = pgEnum('user_role', ROLES);
export const userColor = pgEnum('user_color', COLORS);
export const uploadKind = pgEnum('upload_kind', UPLOAD_KINDS);
export const apiTokenScope = pgEnum('api_token_scope', API_TOKEN_SCOPES);

// ── accounts ────────────────────────────────────────────────────────────────────────────────────

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 180 }).notNull(),
    email: varchar('email', { length: 180 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    role: userRole('role').notNull(),
    color: userColor('color'),
    /** The API answers the upload's URL; a reference keeps the orphan sweep from removing it. */
    avatarUploadId: varchar('avatar_upload_id', { length: 64 }).references((): AnyPgColumn => uploads.id, {
      onDelete: 'set null',
    }),
    /** Part of every token (`ver`); bumped on password or role change so older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (t) => [
    // Names and e-mails are unique regardless of case; sign-in matches them case-insensitively.
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    // The list's name search is "contains, any case" (lower(…) LIKE '%…%'): a trigram index serves it (docs/decisions/024).
    index('users_username_trgm_idx').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
    index('users_avatar_upload_idx').on(t.avatarUploadId),
  ],
);

export const passwordHistory = pgTable(
  'password_history',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_history_user_idx').on(t.userId, t.createdAt)],
);

export const passwordRecoveryCodes = pgTable(
  'password_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_recovery_codes_user_idx').on(t.userId, t.createdAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Personal API tokens (docs/decisions/279): only the SHA-256 of the secret is kept, with its first
 * characters to tell tokens apart. A token goes with its user (ON DELETE CASCADE); revoking deletes it.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 80 }).notNull(),
    scope: apiTokenScope('scope').notNull(),
    /** SHA-256 of the whole token, base64url (lib/crypto.ts sha256). */
    secretHash: varchar('secret_hash', { length: 64 }).notNull(),
    shown: varchar('shown', { length: 20 }).notNull(),
    /** The end of its last day in London: refused from then on. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Written at most once a minute per token, so a busy script does not write on every call. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_tokens_secret_hash_unique').on(t.secretHash),
    // A name once per user, regardless of case; name first, so a race's 23505 blames the field `name`.
    uniqueIndex('api_tokens_name_unique').on(sql`lower(${t.name})`, t.userId),
    index('api_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Sign-in throttling events, one row per key (modules/auth/login-throttle.repository.ts lists the
 * keys; docs/decisions/012); shared by all instances. Old rows are pruned on each failure.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: varchar('key', { length: 300 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_key_idx').on(t.key, t.createdAt), index('login_failures_created_idx').on(t.createdAt)],
);

/**
 * Uploaded files live in the database so every instance can serve them (docs/architecture.md §3). One that no
 * foreign key refers to is removed after a grace period (docs/decisions/062).
 */
export const uploads = pgTable(
  'uploads',
  {
    /** 32 random bytes, base64url: the URL is the only capability needed to read the file. */
    id: varchar('id', { length: 64 }).primaryKey(),
    kind: uploadKind('kind').notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    bytes: bytea('bytes').notNull(),
    size: integer('size').notNull(),
    ownerId: integer('owner_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  // The quota counts a user's recent uploads; the sweep looks for old ones.
  (t) => [index('uploads_owner_idx').on(t.ownerId, t.createdAt), index('uploads_created_idx').on(t.createdAt)],
);

/** Secrets the app generates itself when none is configured (the JWT key with DATABASE_URL). */
export const appSecrets = pgTable('app_secrets', {
  name: varchar('name', { length: 100 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

// ── outgoing mail ───────────────────────────────────────────────────────────────────────────────

/**
 * One row per message the app sends (src/jobs/mail-queue.ts, docs/decisions/161): written in the
 * transaction that asks for it, together with its pg-boss job; the worker builds the message from
 * `kind` + `ref` when it sends. delivered_at = the SMTP server accepted it; failed_at = refused for
 * good (5xx) or given up, with failure_reason; sending_since marks an attempt in progress, so no
 * message is sent twice (at most once).
 */
export const outgoingMail = pgTable(
  'outgoing_mail',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Whose builder makes the message: 'recovery', 'delivery', … (registerMailKind). */
    kind: varchar('kind', { length: 40 }).notNull(),
    /** What it is about, in the kind's own terms (a delivery's id, …). */
    ref: varchar('ref', { length: 200 }).notNull(),
    /** Addressed to; the builder's `to`, when it gives one, replaces these at send time. */
    recipients: text('recipients')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** 32 random bytes, base64url: the read-tracking image's URL. */
    trackingToken: varchar('tracking_token', { length: 64 }).notNull().unique(),
    attempts: integer('attempts').notNull().default(0),
    sendingSince: timestamp('sending_since', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
    /** The latest temporary failure (server down, 4xx) while it is still being retried. */
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  // The newest message of a thing (a delivery's e-mail status).
  (t) => [index('outgoing_mail_ref_idx').on(t.kind, t.ref, t.createdAt)],
);

// ── reference data ──────────────────────────────────────────────────────────────────────────────

// Names and codes are unique regardless of case (docs/decisions/022); the lower() index also serves
// the default sort, which is case-insensitive too.

export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (t) => [uniqueIndex('suppliers_name_unique').on(sql`lower(${t.name})`)],
);

export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (t) => [uniqueIndex('clients_name_unique').on(sql`lower(${t.name})`)],
);

export const customerAccounts = pgTable(
  'customer_accounts',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    contactPerson: varchar('contact_person', { length: 255 }),
    // Widths follow the contract's customerAccountBody (packages/contract/src/customers.ts).
    email: varchar('email', { length: 255 }),
    telephone: varchar('telephone', { length: 100 }),
    deliveryAddress: text('delivery_address'),
    billingAddress: text('billing_address'),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (t) => [
    index('customer_accounts_client_idx').on(t.clientId),
    // The list's default order, lower(name) then id, read straight from the index.
    index('customer_accounts_name_idx').on(sql`lower(${t.name})`, t.id),
    // The top-bar search's "contains, any case" (docs/decisions/249). Migration 0013 adds
    // customer_accounts_name_search_idx, this order with the columns a hit shows INCLUDEd (drizzle
    // cannot declare INCLUDE): a search walking the order reads the index alone.
    index('customer_accounts_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

export const collectionPoints = pgTable(
  'collection_points',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (t) => [uniqueIndex('collection_points_name_unique').on(sql`lower(${t.name})`)],
);

export const scrapReasons = pgTable('scrap_reasons', {
  id: serial('id').primaryKey(),
  code: integer('code').notNull().unique(),
  reason: varchar('reason', { length: 255 }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  updatedBy: updatedBy(),
});

export const ccCodes = pgTable(
  'cc_codes',
  {
    /** Client-generated on create (docs/architecture.md §4); the default only serves the seed. */
    id: uuid('id').primaryKey().defaultRandom(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    pricePence: integer('price_pence').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (t) => [uniqueIndex('cc_codes_code_unique').on(sql`lower(${t.code})`), check('cc_codes_price_check', sql`${t.pricePence} >= 0`)],
);

export const partNumbers = pgTable(
  'part_numbers',
  {
    /** Client-generated on create (docs/architecture.md §4); the default only serves the seed. */
    id: uuid('id').primaryKey().defaultRandom(),
    partNumber: varchar('part_number', { length: 100 }).notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (t) => [
    uniqueIndex('part_numbers_part_number_unique').on(sql`lower(${t.partNumber})`),
    index('part_numbers_part_number_trgm_idx').using('gin', sql`lower(${t.partNumber}) gin_trgm_ops`),
  ],
);

// ── inventory ───────────────────────────────────────────────────────────────────────────────────

export const coolers = pgTable(
  'coolers',
  {
    /** Client-generated on create (docs/architecture.md §4). */
    id: uuid('id').primaryKey(),
    serialNumber: varchar('serial_number', { length: 100 }).notNull(),
    // `part_number_id` → violations on `partNumber` (db/references); a part number in use cannot be deleted.
    partNumberId: uuid('part_number_id')
      .notNull()
      .references(() => partNumbers.id, { onDelete: 'restrict' }),
    dateOfManufacture: date('date_of_manufacture', { mode: 'string' }).notNull(),
    modelNumber: varchar('model_number', { length: 100 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (t) => [
    // Unique regardless of case, like every other unique text (docs/decisions/022); also the default sort.
    uniqueIndex('coolers_serial_number_unique').on(sql`lower(${t.serialNumber})`),
    // The cooler lookup searches serials by "contains, any case" (docs/decisions/024). Migration
    // 0013 adds coolers_serial_search_idx, lower(serial) with the columns a search hit shows
    // INCLUDEd (drizzle cannot declare INCLUDE): the top-bar search walks it without the table.
    index('coolers_serial_number_trgm_idx').using('gin', sql`lower(${t.serialNumber}) gin_trgm_ops`),
    index('coolers_part_number_idx').on(t.partNumberId),
    index('coolers_date_of_manufacture_idx').on(t.dateOfManufacture, t.id),
  ],
);

/**
 * Receipts (docs/decisions/090). Reference columns are named `<body field>_id` so a
 * reference that vanished reads as a violation on that field (db/references). Every list filter
 * and sort of docs/product.md §2.8 has an index; filters on the cooler (serial, part
 * number) are answered through `inventory_item_id`.
 */
export const receipts = pgTable(
  'receipts',
  {
    /** Client-generated on create (docs/architecture.md §4). */
    id: uuid('id').primaryKey(),
    lbNumber: varchar('lb_number', { length: 50 }).notNull(),
    receiptDate: timestamp('receipt_date', { withTimezone: true }).notNull(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    customerAccountId: integer('customer_account_id')
      .notNull()
      .references(() => customerAccounts.id, { onDelete: 'restrict' }),
    inventoryItemId: uuid('inventory_item_id')
      .notNull()
      .references(() => coolers.id, { onDelete: 'restrict' }),
    collectionPointId: integer('collection_point_id').references(() => collectionPoints.id, { onDelete: 'restrict' }),
    engineerNo: varchar('engineer_no', { length: 100 }),
    processOption: varchar('process_option', { length: 1 }).notNull(),
    processState: varchar('process_state', { length: 2 }),
    scrapReasonId: integer('scrap_reason_id').references(() => scrapReasons.id, { onDelete: 'restrict' }),
    notes: text('notes'),
    tagFaultComment: text('tag_fault_comment'),
    assetNo: varchar('asset_no', { length: 100 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (t) => [
    // LB numbers are 'LB' + digits (upper-cased by the contract): the plain unique index decides races and serves the LB sort.
    uniqueIndex('receipts_lb_number_unique').on(t.lbNumber),
    // The LB search of /main, /lb-tag and Master Data: "contains" (docs/decisions/024).
    index('receipts_lb_number_trgm_idx').using('gin', sql`lower(${t.lbNumber}) gin_trgm_ops`),
    index('receipts_engineer_no_trgm_idx').using('gin', sql`lower(${t.engineerNo}) gin_trgm_ops`),
    // The default order (receiptDate desc), the date range and the end-of-day sheet's keyset.
    index('receipts_receipt_date_idx').on(t.receiptDate, t.id),
    // A cooler's receipts, newest first: lastLbNumber, and the serial / part number filters.
    index('receipts_inventory_item_idx').on(t.inventoryItemId, t.receiptDate, t.createdAt),
    index('receipts_customer_account_idx').on(t.customerAccountId, t.receiptDate, t.id),
    index('receipts_supplier_idx').on(t.supplierId, t.id),
    index('receipts_collection_point_idx').on(t.collectionPointId, t.id),
    index('receipts_scrap_reason_idx').on(t.scrapReasonId, t.id),
    index('receipts_engineer_no_idx').on(sql`lower(${t.engineerNo})`, t.id),
    index('receipts_process_option_idx').on(t.processOption, t.receiptDate, t.id),
    // The processOption sort (ties by id): docs/decisions/113.
    index('receipts_process_option_id_idx').on(t.processOption, t.id),
    index('receipts_process_state_idx').on(t.processState, t.receiptDate, t.id),
    // The processState sort (ties by id): an export no longer rewrites receipts, so this index costs
    // only the receipt's own writes (docs/decisions/274).
    index('receipts_process_state_id_idx').on(t.processState, t.id),
    check('receipts_process_option_check', sql`${t.processOption} in ('X', 'D', 'S')`),
    // docs/product.md §4: a state only with option D; the contract normalises before it gets here.
    check(
      'receipts_process_state_check',
      sql`${t.processState} is null or (${t.processOption} = 'D' and ${t.processState} in ('D1', 'D2', 'D3', 'D4', 'D5'))`,
    ),
    // docs/product.md §4: a scrap reason exactly with option S or with D5.
    check(
      'receipts_scrap_reason_check',
      sql`(${t.scrapReasonId} is not null) = (${t.processOption} = 'S' or coalesce(${t.processState} = 'D5', false))`,
    ),
    // docs/architecture.md §5: collection point XOR engineer number.
    check('receipts_mode_check', sql`(${t.collectionPointId} is null) <> (${t.engineerNo} is null)`),
  ],
);

/**
 * The receipts that have left in an end-of-day CSV (docs/architecture.md §5: isExported). A narrow table of its
 * own, not a column of `receipts`: marking a 100,000-receipt day is then 100,000 small inserts into
 * one index instead of 100,000 new versions of wide rows in every index of `receipts`
 * (docs/decisions/273).
 */
export const receiptExports = pgTable(
  'receipt_exports',
  {
    // No foreign key: checking it locks each receipt row (KEY SHARE), i.e. writes to 100,000 wide
    // rows again — 1.6 s of the 2.6 s an export's inserts took. Deleting a receipt deletes its mark
    // (receipts.repository); a mark left by a race would name an id no receipt has (UUIDs are never reused).
    receiptId: uuid('receipt_id').primaryKey(),
    exportedAt: timestamp('exported_at', { withTimezone: true }).notNull().defaultNow(),
    // The receipt's date, read from it when the mark is written and kept equal to it by a trigger on
    // receipts (migration 0019): the exported receipts, newest first, are a walk of this table's own
    // index (docs/decisions/292). Null only on a mark older than 0019 that names no receipt; the index
    // leaves nulls out, and so the undated versions 0019's backfill leaves behind until a vacuum.
    receiptDate: timestamp('receipt_date', { withTimezone: true }),
  },
  (t) => [
    index('receipt_exports_receipt_date_idx')
      .on(t.receiptDate, t.receiptId)
      .where(sql`${t.receiptDate} is not null`),
  ],
);

/**
 * The version of a list's rows (docs/decisions/274): 'inventory' takes a new value from
 * list_version_seq whenever a statement changes receipts or coolers (triggers in migration 0002),
 * so a count remembered with the version it was read under is exact while the version stands.
 * A sequence, not version + 1: a rolled-back change must never give its number to another one.
 */
export const listVersions = pgTable('list_versions', {
  list: varchar('list', { length: 40 }).primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

// ── history ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Revision entries: written in the transaction of the change they describe, by
 * modules/revision-entries/revisions.ts only. Nothing here cascades from the entity or the user:
 * the entity is named by kind and id as text (no foreign key), and the user's name is copied, so
 * the history stays readable after either is deleted. entry_kind has no check: the contract's
 * enum gates it, and a new kind should not need a migration.
 */
export const revisionEntries = pgTable(
  'revision_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryKind: varchar('entry_kind', { length: 20 }).$type<RevisionEntryKind>().notNull(),
    entryRef: varchar('entry_ref', { length: 64 }).notNull(),
    diffType: varchar('diff_type', { length: 10 }).$type<DiffType>().notNull(),
    /** Text entries: the sentences. */
    textOnlyMessage: text('text_only_message')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** OldNew entries: API field → [old, new]. */
    oldNewMessage: jsonb('old_new_message').$type<Record<string, [RevisionValue, RevisionValue]>>().notNull().default({}),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    creatorUsername: varchar('creator_username', { length: 180 }).notNull(),
    /** Where a change came from besides its user: an import's file name and row (docs/decisions/258). */
    source: varchar('source', { length: 300 }),
    createdAt: createdAt(),
  },
  (t) => [
    // One entity's history, newest first: ids follow insertion order.
    index('revision_entries_entry_idx').on(t.entryKind, t.entryRef, t.id),
    check('revision_entries_diff_type_check', sql`${t.diffType} in ('Text', 'OldNew')`),
  ],
);

// ── delivery notes (docs/decisions/150) ────────────────────────────────────────────────

export const deliveryType = pgEnum('delivery_type', DELIVERY_TYPES);
export const deliveryStatus = pgEnum('delivery_status', DELIVERY_STATUSES);
export const addressTarget = pgEnum('address_target', ADDRESS_TARGETS);

/** Recipients offered by the e-mail search-select; one row per address (stored lower-cased). */
export const deliveryEmails = pgTable(
  'delivery_emails',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 255 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('delivery_emails_email_unique').on(sql`lower(${t.email})`),
    index('delivery_emails_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
  ],
);

/**
 * Dispatch and invoice addresses of transfers: the text typed and what the geocoder found for it
 * (docs/product.md §3), kept as one JSON value so a geocoder's extra fields need no migration.
 */
export const deliveryAddresses = pgTable(
  'delivery_addresses',
  {
    id: serial('id').primaryKey(),
    addressTarget: addressTarget('address_target').notNull(),
    address: jsonb('address').$type<LookedUpAddress>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('delivery_addresses_target_idx').on(t.addressTarget, t.id)],
);

export const deliveries = pgTable(
  'deliveries',
  {
    id: serial('id').primaryKey(),
    type: deliveryType('type').notNull(),
    status: deliveryStatus('status').notNull().default('pending'),
    deliveryDay: date('delivery_day', { mode: 'string' }).notNull(),
    // `<body field>_id`: a reference that vanished reads as a violation on that field (db/references).
    customerAccountId: integer('customer_account_id').references(() => customerAccounts.id, { onDelete: 'restrict' }),
    businessName: varchar('business_name', { length: 255 }),
    dispatchAddressId: integer('dispatch_address_id').references(() => deliveryAddresses.id, { onDelete: 'restrict' }),
    invoiceAddressId: integer('invoice_address_id').references(() => deliveryAddresses.id, { onDelete: 'restrict' }),
    ccCodeId: uuid('cc_code_id').references(() => ccCodes.id, { onDelete: 'restrict' }),
    /** The number of lines, kept by the service in the transaction that changes them (the Items column, its sort). */
    itemsCount: integer('items_count').notNull().default(0),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedById: integer('approved_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    // Set by the mail worker: accepted by the SMTP server, tracking image loaded, refused for good.
    emailDeliveredAt: timestamp('email_delivered_at', { withTimezone: true }),
    emailViewedAt: timestamp('email_viewed_at', { withTimezone: true }),
    emailFailedAt: timestamp('email_failed_at', { withTimezone: true }),
    emailFailureReason: text('email_failure_reason'),
    /** The client's key of the create that made the note: a retried create answers this note (docs/decisions/271). */
    clientKey: uuid('client_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (t) => [
    // The lines copy the note's type; this key lets them point at (id, type) so the copy cannot drift.
    unique('deliveries_id_type_unique').on(t.id, t.type),
    unique('deliveries_client_key_unique').on(t.clientKey),
    // Each list is one type, newest first by default; the other sorts walk these.
    index('deliveries_type_id_idx').on(t.type, t.id),
    index('deliveries_type_created_idx').on(t.type, t.createdAt, t.id),
    index('deliveries_type_day_idx').on(t.type, t.deliveryDay, t.id),
    index('deliveries_type_items_idx').on(t.type, t.itemsCount, t.id),
    index('deliveries_customer_account_idx').on(t.customerAccountId, t.id),
    index('deliveries_dispatch_address_idx').on(t.dispatchAddressId),
    index('deliveries_invoice_address_idx').on(t.invoiceAddressId),
    index('deliveries_cc_code_idx').on(t.ccCodeId),
    check('deliveries_approved_check', sql`(${t.status} = 'approved') = (${t.approvedAt} is not null)`),
    check('deliveries_items_count_check', sql`${t.itemsCount} >= 0`),
  ],
);

/**
 * One LB number on one note. The LB is named through its receipt (receipt_id), so a receipt on a
 * note cannot be deleted and a changed LB number follows. docs/architecture.md §5 "an LB can be on at most
 * one transfer or scrap note" is the partial unique index below: two notes claiming the same LB at
 * the same moment cannot both commit (docs/decisions/151).
 */
export const deliveryLines = pgTable(
  'delivery_lines',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id').notNull(),
    /** A copy of the note's type (kept equal by the composite foreign key). */
    deliveryType: deliveryType('delivery_type').notNull(),
    receiptId: uuid('receipt_id')
      .notNull()
      .references(() => receipts.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'delivery_lines_delivery_fk',
      columns: [t.deliveryId, t.deliveryType],
      foreignColumns: [deliveries.id, deliveries.type],
    }).onDelete('cascade'),
    uniqueIndex('delivery_lines_delivery_receipt_unique').on(t.deliveryId, t.receiptId),
    uniqueIndex('delivery_lines_exclusive_receipt_unique').on(t.receiptId).where(isExclusiveTypeSql(t.deliveryType)),
    index('delivery_lines_receipt_idx').on(t.receiptId),
    index('delivery_lines_delivery_idx').on(t.deliveryId, t.id),
  ],
);

/** The recipients of a note. */
export const deliveryRecipients = pgTable(
  'delivery_recipients',
  {
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    // `email_id` → violations on `emails` would read 'email'; the service checks ids first.
    deliveryEmailId: integer('delivery_email_id')
      .notNull()
      .references(() => deliveryEmails.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.deliveryEmailId] }), index('delivery_recipients_email_idx').on(t.deliveryEmailId)],
);

// ── saved views (docs/decisions/253) ────────────────────────────────────────────────────────────

/** A list's URL query and visible columns under a name; private to its owner or shared. */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of the contract's SAVED_VIEW_LISTS. */
    listKey: varchar('list_key', { length: 40 }).notNull(),
    name: varchar('name', { length: 80 }).notNull(),
    query: varchar('query', { length: 2000 }).notNull().default(''),
    /** The column keys shown; null: every column. */
    visibleColumns: jsonb('visible_columns').$type<string[] | null>(),
    shared: boolean('shared').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (t) => [
    // A name is unique per owner and list, ignoring case; the name comes first so a race's 23505 blames `name`.
    uniqueIndex('saved_views_name_unique').on(sql`lower(${t.name})`, t.ownerId, t.listKey),
    index('saved_views_owner_list_idx').on(t.ownerId, t.listKey),
    index('saved_views_shared_list_idx')
      .on(t.listKey)
      .where(sql`${t.shared}`),
  ],
);

/** Each user's default view of a list: at most one per user and list. */
export const savedViewDefaults = pgTable(
  'saved_view_defaults',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listKey: varchar('list_key', { length: 40 }).notNull(),
    viewId: integer('view_id')
      .notNull()
      .references(() => savedViews.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listKey] }), index('saved_view_defaults_view_idx').on(t.viewId)],
);

// ── imports (docs/decisions/258) ───────────────────────────────────────────────────────────────

/**
 * One uploaded file and its runs. A run (dry run or import) is a job on the queue; `run_id` names the
 * current one, so a job of an older run stops. An import commits `resume_row` with each batch: a run
 * picked up again skips the rows already written.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey(),
    kind: varchar('kind', { length: 30 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    format: varchar('format', { length: 10 }).$type<'csv' | 'xlsx'>().notNull(),
    size: integer('size').notNull(),
    sheet: varchar('sheet', { length: 100 }),
    sheets: jsonb('sheets').$type<string[]>().notNull().default([]),
    headers: jsonb('headers').$type<string[]>().notNull().default([]),
    mapping: jsonb('mapping').$type<ImportMapping>().notNull().default({}),
    /** The mapping the last finished dry run checked; an import needs it to equal `mapping`. */
    checkedMapping: jsonb('checked_mapping').$type<ImportMapping | null>(),
    status: varchar('status', { length: 20 }).notNull(),
    runId: uuid('run_id'),
    /** 'dryRun' or 'import': what the current or last run does. */
    runMode: varchar('run_mode', { length: 10 }),
    runStartedAt: timestamp('run_started_at', { withTimezone: true }),
    rowsDone: integer('rows_done').notNull().default(0),
    bytesDone: bigint('bytes_done', { mode: 'number' }).notNull().default(0),
    /** An import's last row written (with its batch); 0 before any. */
    resumeRow: integer('resume_row').notNull().default(0),
    counts: jsonb('counts').$type<ImportCounts>().notNull().default({ new: 0, updated: 0, unchanged: 0, refused: 0 }),
    error: text('error'),
    creatorId: integer('creator_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    creatorUsername: varchar('creator_username', { length: 180 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('imports_creator_idx').on(t.creatorId, t.createdAt)],
);

/** An import's bytes, in chunks of 1 MiB, read back in order as a stream. */
export const importFileChunks = pgTable(
  'import_file_chunks',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] })],
);

/** The rows the last run refused: each problem, and the row's cells for the refused rows' file. */
export const importRefusals = pgTable(
  'import_refusals',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    problems: jsonb('problems').$type<{ field: string; message: string }[]>().notNull(),
    cells: jsonb('cells').$type<(string | null)[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.rowNumber] })],
);

/** The mapping a user last chose for a kind: header key → field name. */
export const importMappings = pgTable(
  'import_mappings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 30 }).notNull(),
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

// ── webhooks (docs/decisions/280) ───────────────────────────────────────────────────────────────

export const webhookDeliveryStatus = pgEnum('webhook_delivery_status', WEBHOOK_DELIVERY_STATUSES);

/** A registered receiver: its address, the events it wants and the secret its deliveries are signed with. */
export const webhooks = pgTable('webhooks', {
  id: serial('id').primaryKey(),
  url: varchar('url', { length: 2000 }).notNull(),
  /** Names from the contract's WEBHOOK_EVENTS. */
  events: text('events').array().notNull(),
  active: boolean('active').notNull().default(true),
  /** whsec_ and 32 random bytes: the receiver needs it as it is to check signatures, so it is kept as it is. */
  secret: varchar('secret', { length: 80 }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One event occurrence for one webhook; its id is the body's `id` and the Cooler-Hub-Delivery header.
 * The body is kept as sent, so 'Send again' sends the same bytes (freshly signed).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: varchar('event', { length: 40 }).notNull(),
    body: text('body').notNull(),
    status: webhookDeliveryStatus('status').notNull().default('pending'),
    /** An attempt is under way since then (the claim: one sender at a time). */
    sendingSince: timestamp('sending_since', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt)],
);

/** Each attempt at a delivery: its HTTP status or what went wrong, and how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [uniqueIndex('webhook_attempts_number_unique').on(t.deliveryId, t.number)],
);

// ── label printers (docs/decisions/283) ──────────────────────────────────────────────────────────

export const printerConnection = pgEnum('printer_connection', PRINTER_CONNECTIONS);
export const printerLanguage = pgEnum('printer_language', PRINTER_LANGUAGES);
export const printJobStatus = pgEnum('print_job_status', PRINT_JOB_STATUSES);

/** A label printer an Admin added: the only addresses the server ever sends labels to. */
export const printers = pgTable(
  'printers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 100 }).notNull(),
    connection: printerConnection('connection').notNull(),
    /** Raw TCP: host name or IP literal, and port. */
    host: varchar('host', { length: 253 }),
    port: integer('port'),
    /** IPP: the queue's address. */
    url: varchar('url', { length: 2000 }),
    language: printerLanguage('language').notNull(),
    /** One of the contract's LB_TAG_PRESETS (a new preset needs no migration). */
    preset: varchar('preset', { length: 40 }).notNull(),
    /** ZPL ~SD, 0–30; null: the printer's own setting. */
    darkness: integer('darkness'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (t) => [
    uniqueIndex('printers_name_unique').on(sql`lower(${t.name})`),
    check(
      'printers_address_check',
      sql`(${t.connection} = 'raw' and ${t.host} is not null and ${t.port} between 1 and 65535 and ${t.url} is null) or (${t.connection} = 'ipp' and ${t.url} is not null and ${t.host} is null and ${t.port} is null)`,
    ),
    check('printers_darkness_check', sql`${t.darkness} between 0 and 30`),
  ],
);

/**
 * One 'Print tags' sent to a printer. The id is the client's, so a retried request finds the job it
 * already made and never sends it twice; the receipts are kept to tell a retry from another job
 * under the same id.
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: uuid('id').primaryKey(),
    printerId: uuid('printer_id')
      .notNull()
      .references(() => printers.id, { onDelete: 'cascade' }),
    receiptIds: uuid('receipt_ids').array().notNull(),
    labels: integer('labels').notNull(),
    status: printJobStatus('status').notNull().default('sending'),
    /** What the printer took, or why not: the sentence the answer carries. */
    message: text('message'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('print_jobs_printer_idx').on(t.printerId, t.createdAt), index('print_jobs_created_by_idx').on(t.createdById)],
);
