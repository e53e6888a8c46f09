/**
 * Every schema level a landed main could leave a database at: each distinct set of applied migrations
 * on main's first-parent history (`git log --first-parent main -- apps/server/drizzle`), oldest first,
 * with the first commit that made it. A new migration adds a level here (and its fixture, generate.ts).
 */
export const FIXTURE_LEVELS = [
  // Before the migrations were squashed into one 0000_init (docs/decisions/194).
  { name: 'pre-squash-0002_customer_account_widths', commit: '7cd9161', date: '2026-11-21' },
  { name: 'pre-squash-0003_smiling_zaran', commit: '2fd027b', date: '2026-11-21' },
  { name: 'pre-squash-0004_reference_data_lists', commit: '780409d', date: '2026-11-21' },
  // The squashed migrations.
  { name: '0000_init', commit: '09cf994', date: '2026-11-23' },
  { name: '0001_coolers_receipts_revisions', commit: 'cac4cbf', date: '2026-11-23' },
  { name: '0002_list_versions_and_receipt_indexes', commit: '4bdda68', date: '2026-11-23' },
  { name: '0003_receipt_exports', commit: '9c5ddc0', date: '2026-11-23' },
  { name: '0004_outgoing_mail', commit: '58f42fe', date: '2026-11-23' },
  { name: '0005_deliveries', commit: '893b99c', date: '2026-11-23' },
  { name: '0006_receipt_exports_without_fk', commit: 'd28c228', date: '2026-11-23' },
  { name: '0007_receipts_process_state_sort', commit: '6564de7', date: '2026-11-23' },
  // Who changed a record last, for the stale-version sentence (docs/decisions/200).
  { name: '0008_updated_by', commit: '5f55da6', date: '2026-11-25' },
  // The reference lists' version (docs/decisions/274).
  { name: '0009_catalog_list_version', commit: 'd522494', date: '2026-11-26' },
  // Approving a note bumps the inventory version (docs/decisions/255).
  { name: '0010_note_approval_inventory_version', commit: 'e22cd03', date: '2026-11-26' },
  // Saved views (docs/decisions/253).
  { name: '0011_saved_views', commit: '69a9a6d', date: '2026-11-26' },
  // Imports, and the source of a revision entry (docs/decisions/258).
  { name: '0012_imports', commit: '07a33e8', date: '2026-11-27' },
  // The top-bar search's trigram and covering indexes (docs/decisions/249).
  { name: '0013_search_indexes', commit: '2f71353', date: '2026-11-27' },
  // A note create's client key, so a create retried from the offline outbox makes one note (docs/decisions/271).
  { name: '0014_delivery_client_key', commit: '37b796d', date: '2026-11-28' },
  // Personal API tokens (docs/decisions/279).
  { name: '0015_api_tokens', commit: 'bc08243', date: '2026-11-29' },
  // Webhooks, their deliveries and attempts (docs/decisions/280).
  { name: '0016_webhooks', commit: 'c2ba128', date: '2026-11-29' },
  // Label printers and their print jobs (docs/decisions/283).
  { name: '0017_printers', commit: '1dc84be', date: '2026-11-29' },
  // The delivery notes' list version (docs/decisions/286).
  { name: '0018_deliveries_list_version', commit: '56d3a40', date: '2026-11-29' },
  // An export mark carries its receipt's date (docs/decisions/292).
  { name: '0019_receipt_exports_receipt_date', commit: 'cb2d475', date: '2026-11-30' },
] as const;
