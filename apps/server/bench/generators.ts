/**
 * The bench's data: SQL `generate_series` statements, in order, that run on PostgreSQL 15 and on
 * PGlite. Receipts scale with BENCH_RECEIPTS; coolers, delivery notes and
 * their lines in proportion (docs/decisions/237); users, accounts and the other reference tables
 * keep one size.
 */

/** The end-of-day CSV's day (Europe/London: 23:00 UTC the day before to 23:00 UTC). */
export const CSV_DAY = '2024-06-03';
const CSV_DAY_START = "timestamptz '2024-06-02 23:00:00+00'";
const CSV_DAY_END = "timestamptz '2024-06-03 23:00:00+00'";
/** The CSV day's receipts are spread over 07:00–22:50 UTC, inside the London day. */
const CSV_DAY_SECONDS = 57_000;
/** The other receipts are one every 105 s back from now: a week holds the same number at every size. */
const SPREAD_SECONDS = 105;

/** How much data a run generates. */
export interface DataSize {
  receipts: number;
  /** ~4 receipts per cooler (its LB history). */
  coolers: number;
  /** Delivery notes of the three types, five lines each (one in fifty receipts). */
  notes: number;
  /** Receipts on CSV_DAY, not yet exported. */
  csvRows: number;
}

export function dataSize(receipts: number, csvRows?: number): DataSize {
  return {
    receipts,
    coolers: Math.ceil(receipts / 4),
    notes: Math.ceil(receipts / 50),
    csvRows: csvRows ?? Math.min(100_000, Math.floor(receipts / 10)),
  };
}

export interface Generator {
  table: string;
  /** Rows it is meant to add (printed when the driver does not say). */
  rows: number;
  sql: string;
}

/** The n-th generated receipt's LB number (1-based). */
export const lbNumberOf = (n: number) => `LB${1_000_000 + n}`;

/** The n-th generated cooler's serial: a yyyymmdd date of manufacture and the number (the SQL below). */
export function serialOf(n: number): string {
  const made = new Date(Date.UTC(2005, 0, 1) + ((n * 7919) % 6500) * 86_400_000);
  return `SN${made.toISOString().slice(0, 10).replaceAll('-', '')}${String(n).padStart(6, '0')}`;
}

export function generators(size: DataSize): Generator[] {
  const { receipts, coolers, notes, csvRows } = size;
  return [
    {
      table: 'users',
      rows: 20_000,
      sql: `insert into users (username, email, password_hash, role, color)
        select 'bench.user' || lpad(g::text, 5, '0'), 'bench.user' || g || '@example.com',
               (select password_hash from users where username = 'admin'),
               (case when g % 10 = 0 then 'Admin' else 'Production' end)::user_role,
               (case when g % 10 = 0 then null else (array['Red', 'Green', 'Blue', 'Teal', 'Gold'])[1 + g % 5] end)::user_color
        from generate_series(1, 20000) g`,
    },
    {
      table: 'suppliers',
      rows: 50,
      sql: `insert into suppliers (name) select 'Bench Supplier ' || lpad(g::text, 2, '0') from generate_series(1, 50) g`,
    },
    {
      table: 'clients',
      rows: 200,
      sql: `insert into clients (name) select 'Bench Client ' || lpad(g::text, 3, '0') || ' Ltd' from generate_series(1, 200) g`,
    },
    {
      table: 'customer_accounts',
      rows: 2_000,
      sql: `insert into customer_accounts (name, contact_person, email, telephone, delivery_address, billing_address, client_id)
        select 'Bench Account ' || lpad(g::text, 4, '0'), 'Contact ' || g, 'account' || g || '@example.com',
               '0161 496 ' || lpad((g % 10000)::text, 4, '0'), g || ' Trafford Park Road, Manchester M17 1HG',
               g || ' Deansgate, Manchester M3 2BW', c.id
        from generate_series(1, 2000) g
        join (select id, row_number() over (order by id) - 1 as n from clients where name like 'Bench Client %') c on c.n = g % 200`,
    },
    {
      table: 'part_numbers',
      rows: 5_000,
      sql: `insert into part_numbers (part_number, description)
        select (array['FR', 'UC', 'CH', 'CT', 'VM', 'BC'])[1 + g % 6] || '-' || lpad(g::text, 5, '0') || '-' || (array['SD', 'DD'])[1 + g % 2],
               'Bench cooler model ' || g || ', ' || (50 + g % 800) || ' L'
        from generate_series(1, 5000) g`,
    },
    {
      table: 'collection_points',
      rows: 1_000,
      sql: `insert into collection_points (name) select 'Bench Point ' || lpad(g::text, 4, '0') from generate_series(1, 1000) g`,
    },
    {
      table: 'scrap_reasons',
      rows: 100,
      sql: `insert into scrap_reasons (code, reason) select 1000 + g, 'Bench scrap reason ' || g from generate_series(1, 100) g`,
    },
    {
      table: 'cc_codes',
      rows: 200,
      sql: `insert into cc_codes (code, name, price_pence) select 'BC' || lpad(g::text, 4, '0'), 'Bench service ' || g, 100 * g from generate_series(1, 200) g`,
    },
    {
      // Serials carry a yyyymmdd date of manufacture, like real ones (serialOf above).
      table: 'coolers',
      rows: coolers,
      sql: `with p as (select array_agg(id order by part_number) a from part_numbers where description like 'Bench cooler model %')
        insert into coolers (id, serial_number, part_number_id, date_of_manufacture)
        select gen_random_uuid(), 'SN' || to_char(d, 'YYYYMMDD') || lpad(g::text, 6, '0'), p.a[1 + g % 5000], d
        from generate_series(1, ${coolers}) g, p, lateral (select date '2005-01-01' + (g::bigint * 7919 % 6500)::int as d) dom`,
    },
    {
      // The first csvRows receipts are on CSV_DAY, not yet exported (the end-of-day CSV); the rest one
      // every SPREAD_SECONDS back from now, skipping CSV_DAY, mostly exported. Options X 60%, D 30%
      // (states D1–D5), S 10%; one in three in engineer-number mode.
      table: 'receipts',
      rows: receipts,
      sql: `with s as (select array_agg(id order by id) a from suppliers),
          ca as (select array_agg(id order by id) a from customer_accounts),
          c as (select array_agg(id order by serial_number) a from coolers),
          cp as (select array_agg(id order by id) a from collection_points),
          sr as (select array_agg(id order by id) a from scrap_reasons),
          r as (
            select g,
                   case when g % 10 < 6 then 'X' when g % 10 < 9 then 'D' else 'S' end as option,
                   case when g <= ${csvRows} then timestamptz '${CSV_DAY} 07:00:00+00' + g * interval '${CSV_DAY_SECONDS / csvRows} s'
                        else (select case when t >= ${CSV_DAY_START} and t < ${CSV_DAY_END} then t - interval '1 day' else t end
                              from (select now() - (g - ${csvRows}) * interval '${SPREAD_SECONDS} s' as t) spread) end as at
            from generate_series(1, ${receipts}) g
          )
        insert into receipts (id, lb_number, receipt_date, supplier_id, customer_account_id, inventory_item_id, collection_point_id,
                              engineer_no, process_option, process_state, scrap_reason_id, asset_no)
        select gen_random_uuid(), 'LB' || (1000000 + g), at, s.a[1 + g % array_length(s.a, 1)], ca.a[1 + (g * 7) % 2000],
               c.a[1 + g % ${coolers}],
               case when g % 3 = 0 then null else cp.a[1 + g % 1000] end,
               case when g % 3 = 0 then 'ENG' || lpad((g % 5000)::text, 4, '0') end,
               option,
               case when option = 'D' then 'D' || (1 + (g / 10) % 5) end,
               case when option = 'S' or (option = 'D' and (g / 10) % 5 = 4) then sr.a[1 + g % 100] end,
               case when g % 4 = 0 then 'A-' || g end
        from r, s, ca, c, cp, sr`,
    },
    {
      // Exported (docs/decisions/273): everything older than two days but the CSV day.
      table: 'receipt_exports',
      rows: receipts - csvRows,
      sql: `insert into receipt_exports (receipt_id, exported_at, receipt_date)
        select id, receipt_date + interval '10 hours', receipt_date from receipts
        where receipt_date < now() - interval '2 days' and not (receipt_date >= ${CSV_DAY_START} and receipt_date < ${CSV_DAY_END})`,
    },
    // Delivery notes (docs/decisions/150) of the three types, five lines each (distinct receipts,
    // every ninth over the whole range of dates, so no LB is on two transfer or scrap notes), one or
    // two recipients, a third approved with an e-mail status; plus one transfer of 1,000 lines
    // (other receipts) for the documents.
    {
      table: 'delivery_emails',
      rows: 500,
      sql: `insert into delivery_emails (email) select 'bench.recipient' || g || '@example.com' from generate_series(1, 500) g`,
    },
    {
      table: 'deliveries',
      rows: notes,
      sql: `with ca as (select array_agg(id order by id) a from customer_accounts)
        insert into deliveries (type, status, delivery_day, customer_account_id, business_name, items_count, approved_at,
                                email_delivered_at, email_viewed_at, created_at)
        select t.type, case when g % 3 = 0 then 'approved' else 'pending' end::delivery_status,
               date '2026-01-01' - (g / 20), case when t.type = 'error_sheet' then null else ca.a[1 + (g * 13) % 2000] end,
               case when t.type = 'transfer' then 'Bench Business ' || g end, 5,
               case when g % 3 = 0 then now() - g * interval '30 min' end,
               case when g % 3 = 0 and g % 2 = 0 then now() - g * interval '29 min' end,
               case when g % 9 = 0 then now() - g * interval '28 min' end,
               now() - g * interval '31 min'
        from generate_series(1, ${notes}) g, ca,
             lateral (select (case when g % 10 < 5 then 'transfer' when g % 10 < 8 then 'scrap' else 'error_sheet' end)::delivery_type as type) t`,
    },
    {
      table: 'delivery_lines',
      rows: notes * 5,
      sql: `with d as (select id, type, row_number() over (order by id) as n from deliveries)
        insert into delivery_lines (delivery_id, delivery_type, receipt_id)
        select d.id, d.type, r.id from d cross join generate_series(0, 4) k
        join receipts r on r.lb_number = 'LB' || (1000000 + 1 + ((d.n - 1) * 5 + k) * 9)`,
    },
    {
      table: 'delivery_recipients',
      rows: Math.round(notes * 1.2),
      sql: `with e as (select array_agg(id order by id) a from delivery_emails)
        insert into delivery_recipients (delivery_id, delivery_email_id)
        select d.id, e.a[1 + (d.id * 7 + k) % 500] from deliveries d, e, generate_series(0, 1) k
        where d.type <> 'error_sheet' and (k = 0 or d.id % 3 = 0)`,
    },
    {
      table: 'deliveries (the 1,000-line note)',
      rows: 1,
      sql: `with note as (
          insert into deliveries (type, delivery_day, customer_account_id, business_name, items_count)
          select 'transfer', date '2026-01-02', min(id), 'Bench PDF Ltd', 1000 from customer_accounts returning id)
        insert into delivery_lines (delivery_id, delivery_type, receipt_id)
        select note.id, 'transfer', r.id from note cross join generate_series(0, 999) i join receipts r on r.lb_number = 'LB' || (1000000 + 5 + 9 * i)`,
    },
  ];
}
