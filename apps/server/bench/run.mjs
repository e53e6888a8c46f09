#!/usr/bin/env node
/**
 * `npm run bench` — the list budgets of docs/architecture.md §6, measured on the BUILT server (docs/decisions/023).
 *
 *   1. a throw-away database: a new database on BENCH_DATABASE_URL or DATABASE_URL (created, then
 *      dropped), else embedded PGlite in a temporary DATA_DIR;
 *   2. apps/server/dist/main.js started on a free loopback port (migrations + seed), then stopped;
 *   3. bulk data from SQL generate_series (GENERATORS below: later issues add receipts, coolers and
 *      deliveries there);
 *   4. the server at LOG_LEVEL=trace: one request per endpoint, recording the SQL statements it ran;
 *   5. the server at LOG_LEVEL=warn: per endpoint, autocannon with CONNECTIONS connections for
 *      SECONDS seconds (p50/p95/p99, req/s), then sequential requests on one connection (the call's
 *      own time);
 *   6. the recorded statements run directly against the database, one after another on one
 *      connection, to compare the call with its SQL — on PostgreSQL right after that call's
 *      sequential requests, on PGlite after the server has stopped. The call's time is taken net of the HTTP floor
 *      (the same client's round trip to a bare Node http server in its own process, which any HTTP
 *      API pays): "call ≤ 1.5× its SQL" is about what our server adds, not about loopback TCP;
 *   7. a table; exit 1 if a budget is broken (2 if the bench itself could not run). The budgets are
 *      PostgreSQL's (docs/architecture.md §6): with PGlite the figures are printed for information only.
 *      Everything it started or created is removed, also on failure or Ctrl-C.
 *
 * Environment: BENCH_DATABASE_URL / DATABASE_URL, BENCH_SECONDS (5), BENCH_CONNECTIONS (10),
 * BENCH_TIME_LIMIT_MINUTES (15; the 1M-receipt run with every call needs ~30), BENCH_ONLY (substrings of the endpoint names to run, separated by `|`: the names themselves hold commas),
 * BENCH_CSV=0 (skip the CSV), BENCH_KEEP=1 (leave the filled database in place and print its URL, so
 * EXPLAIN and other tools can be run on the same data), BENCH_REUSE=<url of a database BENCH_KEEP left>
 * (measure on it again without generating: its CSV day is exported after the first run) with
 * BENCH_ADMIN_PASSWORD (its admin's password).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAIN = path.join(SERVER_ROOT, 'dist', 'main.js');

/** docs/architecture.md §6: what the server adds is at most 1.5× the SQL, or 0.5 ms, whichever is larger (net of the HTTP floor). */
const BUDGET = { p95Ms: 50, minRps: 500, maxRatio: 1.5, maxAddedMs: 0.5 };
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Sequential requests (and direct SQL runs) per endpoint for the call-vs-SQL comparison. */
const SAMPLES = 300;
const WARMUP = 30;
/** …but no more than this long each (a call of 500 ms gets 20 samples, not 300). */
const SAMPLE_BUDGET_MS = 10_000;
const MIN_SAMPLES = 20;
const enough = (times, started) => times.length >= SAMPLES || (times.length >= MIN_SAMPLES && performance.now() - started > SAMPLE_BUDGET_MS);
/** The whole run is bounded: past this, everything is torn down and the bench fails. */
const TIME_LIMIT_MS = Number(process.env.BENCH_TIME_LIMIT_MINUTES ?? 15) * 60_000;
/** With BENCH_REUSE, the admin password of that database (`npm run reset-admin-password -w apps/server` sets one). */
const ADMIN_PASSWORD = process.env.BENCH_ADMIN_PASSWORD || `bench-${randomBytes(9).toString('base64url')}`;

/**
 * Bulk data, in order. Each statement must run on PostgreSQL 15 and PGlite. Later issues append
 * their tables here (receipts, coolers, deliveries…) so the same run measures their lists too.
 */
const GENERATORS = [
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
  { table: 'suppliers', rows: 50, sql: `insert into suppliers (name) select 'Bench Supplier ' || lpad(g::text, 2, '0') from generate_series(1, 50) g` },
  { table: 'clients', rows: 200, sql: `insert into clients (name) select 'Bench Client ' || lpad(g::text, 3, '0') || ' Ltd' from generate_series(1, 200) g` },
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
  { table: 'collection_points', rows: 1_000, sql: `insert into collection_points (name) select 'Bench Point ' || lpad(g::text, 4, '0') from generate_series(1, 1000) g` },
  { table: 'scrap_reasons', rows: 100, sql: `insert into scrap_reasons (code, reason) select 1000 + g, 'Bench scrap reason ' || g from generate_series(1, 100) g` },
  {
    table: 'cc_codes',
    rows: 200,
    sql: `insert into cc_codes (code, name, price_pence) select 'BC' || lpad(g::text, 4, '0'), 'Bench service ' || g, 100 * g from generate_series(1, 200) g`,
  },
  {
    // Serials carry a yyyymmdd date of manufacture (docs/product.md §5.3), like real ones.
    table: 'coolers',
    rows: 250_000,
    sql: `with p as (select array_agg(id order by part_number) a from part_numbers where description like 'Bench cooler model %')
      insert into coolers (id, serial_number, part_number_id, date_of_manufacture)
      select gen_random_uuid(), 'SN' || to_char(d, 'YYYYMMDD') || lpad(g::text, 6, '0'), p.a[1 + g % 5000], d
      from generate_series(1, 250000) g, p, lateral (select date '2005-01-01' + (g * 7919) % 6500 as d) dom`,
  },
  {
    // ~4 receipts per cooler (its LB history). BENCH_CSV_DAY holds BENCH_CSV_ROWS receipts, not yet
    // exported (the end-of-day CSV); the rest spread over the 3 years before now, mostly exported.
    // Options X 60%, D 30% (states D1–D5), S 10%; one in three in engineer-number mode.
    table: 'receipts',
    rows: 1_000_000,
    sql: `with s as (select array_agg(id order by id) a from suppliers),
        ca as (select array_agg(id order by id) a from customer_accounts),
        c as (select array_agg(id order by serial_number) a from coolers),
        cp as (select array_agg(id order by id) a from collection_points),
        sr as (select array_agg(id order by id) a from scrap_reasons),
        r as (
          select g,
                 case when g % 10 < 6 then 'X' when g % 10 < 9 then 'D' else 'S' end as option,
                 case when g <= 100000 then timestamptz '2024-06-03 07:00:00+00' + g * interval '0.3 s'
                      -- the spread skips the CSV day (London: 23:00 UTC to 23:00 UTC), which holds exactly BENCH_CSV_ROWS
                      else (select case when t >= timestamptz '2024-06-02 23:00:00+00' and t < timestamptz '2024-06-03 23:00:00+00'
                                        then t - interval '1 day' else t end
                            from (select now() - (g - 100000) * interval '105 s' as t) spread) end as at
          from generate_series(1, 1000000) g
        )
      insert into receipts (id, lb_number, receipt_date, supplier_id, customer_account_id, inventory_item_id, collection_point_id,
                            engineer_no, process_option, process_state, scrap_reason_id, asset_no)
      select gen_random_uuid(), 'LB' || (1000000 + g), at, s.a[1 + g % array_length(s.a, 1)], ca.a[1 + (g * 7) % 2000],
             c.a[1 + g % 250000],
             case when g % 3 = 0 then null else cp.a[1 + g % 1000] end,
             case when g % 3 = 0 then 'ENG' || lpad((g % 5000)::text, 4, '0') end,
             option,
             case when option = 'D' then 'D' || (1 + (g / 10) % 5) end,
             case when option = 'S' or (option = 'D' and (g / 10) % 5 = 4) then sr.a[1 + g % 100] end,
             case when g % 4 = 0 then 'A-' || g end
      from r, s, ca, c, cp, sr`,
  },
  {
    // Exported (docs/decisions/115): everything older than two days but the CSV day.
    table: 'receipt_exports',
    rows: 850_000,
    sql: `insert into receipt_exports (receipt_id, exported_at)
      select id, receipt_date + interval '10 hours' from receipts
      where receipt_date < now() - interval '2 days'
        and not (receipt_date >= timestamptz '2024-06-02 23:00:00+00' and receipt_date < timestamptz '2024-06-03 23:00:00+00')`,
  },
  // ── delivery notes (docs/decisions/150): 20,000 notes of the three types, five lines each
  // (distinct receipts, every ninth across the whole range of dates, so no LB is on two transfer or
  // scrap notes), one or two recipients, a third approved with an e-mail status; plus one transfer of
  // 1,000 lines (other receipts) for the documents.
  {
    table: 'delivery_emails',
    rows: 500,
    sql: `insert into delivery_emails (email) select 'bench.recipient' || g || '@example.com' from generate_series(1, 500) g`,
  },
  {
    table: 'deliveries',
    rows: 20_000,
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
      from generate_series(1, 20000) g, ca,
           lateral (select (case when g % 10 < 5 then 'transfer' when g % 10 < 8 then 'scrap' else 'error_sheet' end)::delivery_type as type) t`,
  },
  {
    table: 'delivery_lines',
    rows: 100_000,
    sql: `with d as (select id, type, row_number() over (order by id) as n from deliveries)
      insert into delivery_lines (delivery_id, delivery_type, receipt_id)
      select d.id, d.type, r.id from d cross join generate_series(0, 4) k
      join receipts r on r.lb_number = 'LB' || (1000000 + 1 + ((d.n - 1) * 5 + k) * 9)`,
  },
  {
    table: 'delivery_recipients',
    rows: 24_000,
    sql: `with e as (select array_agg(id order by id) a from delivery_emails)
      insert into delivery_recipients (delivery_id, delivery_email_id)
      select d.id, e.a[1 + (d.id * 7 + k) % 500] from deliveries d, e, generate_series(0, 1) k
      where d.type <> 'error_sheet' and (k = 0 or d.id % 3 = 0)`,
  },
  {
    table: 'deliveries (the PDF note)',
    rows: 1,
    sql: `with note as (
        insert into deliveries (type, delivery_day, customer_account_id, business_name, items_count)
        select 'transfer', date '2026-01-02', min(id), 'Bench PDF Ltd', 1000 from customer_accounts returning id)
      insert into delivery_lines (delivery_id, delivery_type, receipt_id)
      select note.id, 'transfer', r.id from note cross join generate_series(0, 999) i join receipts r on r.lb_number = 'LB' || (1000000 + 5 + 9 * i)`,
  },
];

/** The end-of-day CSV measured (docs/architecture.md §6: 100,000 rows in ≤ 3 s at ≤ 250 MB RSS). */
const BENCH_CSV_DAY = '2024-06-03';
const BENCH_CSV_ROWS = 100_000;
const CSV_BUDGET = { seconds: 3, rssMb: 250 };

/** The list calls measured; `path` may use values looked up after sign-in (`ids`). */
const ENDPOINTS = [
  { name: 'users, page 1', path: () => '/api/hub_users' },
  { name: 'users, deep page (1000)', path: () => '/api/hub_users?page=1000' },
  { name: 'users, search + role + sort', path: () => '/api/hub_users?username=user123&role=Production&order[username]=desc' },
  { name: 'users, search matching half', path: () => '/api/hub_users?username=user1&order[email]=asc' },
  { name: 'part numbers, page 1', path: () => '/api/part_numbers' },
  { name: 'part numbers, search', path: () => '/api/part_numbers?partNumber=fr-01' },
  { name: 'part numbers, deep page (250)', path: () => '/api/part_numbers?page=250' },
  { name: 'customer accounts, page 1', path: () => '/api/customer_accounts' },
  { name: 'customer accounts, by client', path: (ids) => `/api/customer_accounts?client=${ids.client}&order[email]=desc` },
  { name: 'customer accounts, search', path: () => '/api/customer_accounts?name=account%2019&order[name]=desc' },
  { name: 'customer accounts dropdown', path: () => '/api/customer_accounts_drop_down?name=bench' },
  { name: 'collection points, search', path: () => '/api/collection_points?name=point%2005' },
  { name: 'collection points, deep page (50)', path: () => '/api/collection_points?page=50' },
  { name: 'CC codes, 100 a page', path: () => '/api/cc_codes?perPage=100' },
  { name: 'CC codes dropdown', path: () => '/api/cc_codes_drop_down?code=bc01' },
  { name: 'clients, search', path: () => '/api/clients?name=client%201' },
  { name: 'suppliers', path: () => '/api/suppliers' },
  { name: 'scrap reasons, 100 a page', path: () => '/api/scrap_reasons?perPage=100' },
  // Receipts (1,000,000) and coolers (250,000): Master Data, /main, the lookups, the end-of-day sheet.
  { name: 'receipts, page 1 (receiptDate desc)', path: () => '/api/receipts' },
  { name: 'receipts, deep page (25,000)', path: () => '/api/receipts?page=25000' },
  { name: 'receipts, by customer', path: (ids) => `/api/receipts?customerId=${ids.account}` },
  { name: 'receipts, by part number', path: (ids) => `/api/receipts?partNumber=${ids.partNumber}` },
  { name: 'receipts, serial search', path: () => '/api/receipts?serialNumber=000123' },
  { name: 'receipts, LB search (/main)', path: () => '/api/receipts?lbNumber=LB1004567' },
  { name: 'receipts, engineer search', path: () => '/api/receipts?engineerNo=eng0042' },
  { name: 'receipts, a week', path: () => '/api/receipts?receiptDate[after]=2025-03-03&receiptDate[before]=2025-03-09' },
  { name: 'receipts, option S', path: () => '/api/receipts?processOption=S' },
  { name: 'receipts, state D5', path: () => '/api/receipts?processState=D5' },
  { name: 'receipts, not exported', path: () => '/api/receipts?isExported=false' },
  { name: 'receipts, in a delivery', path: () => '/api/receipts?deliveryId=17' },
  { name: 'receipts, in a delivery note', path: () => '/api/receipts?inDeliveryNote=true' },
  { name: 'receipts, exported', path: () => '/api/receipts?isExported=true' },
  { name: "receipts, one cooler's", path: (ids) => `/api/receipts?inventoryItemId=${ids.cooler}` },
  { name: 'receipts, sort lbNumber', path: () => '/api/receipts?order[lbNumber]=asc' },
  { name: 'receipts, sort serialNumber', path: () => '/api/receipts?order[serialNumber]=asc' },
  { name: 'receipts, sort customer', path: () => '/api/receipts?order[customer]=desc' },
  { name: 'receipts, sort dateOfManufacture', path: () => '/api/receipts?order[dateOfManufacture]=asc' },
  { name: 'receipts, sort engineerNo', path: () => '/api/receipts?order[engineerNo]=desc' },
  { name: 'receipts, sort processOption', path: () => '/api/receipts?order[processOption]=asc' },
  { name: 'receipts, sort receiptDate asc', path: () => '/api/receipts?order[receiptDate]=asc' },
  { name: 'receipts, sort supplierCode', path: () => '/api/receipts?order[supplierCode]=asc' },
  { name: 'receipts, sort accountNo', path: () => '/api/receipts?order[accountNo]=desc' },
  { name: 'receipts, sort deliveryNoteNo', path: () => '/api/receipts?order[deliveryNoteNo]=desc' },
  { name: 'receipts, sort deliveryId', path: () => '/api/receipts?order[deliveryId]=desc' },
  { name: 'receipts, sort partNumber', path: () => '/api/receipts?order[partNumber]=asc' },
  { name: 'receipts, sort collectionPoint', path: () => '/api/receipts?order[collectionPoint]=asc' },
  { name: 'receipts, sort processState', path: () => '/api/receipts?order[processState]=desc' },
  { name: 'receipts, sort scrapReason', path: () => '/api/receipts?order[scrapReason]=asc' },
  { name: 'receipts, sort isExported', path: () => '/api/receipts?order[isExported]=asc' },
  { name: 'coolers, page 1 (lastLbNumber)', path: () => '/api/coolers' },
  { name: 'coolers, serial typeahead', path: () => '/api/coolers?serialNumber=2010&page=1' },
  { name: 'end of day sheet, 100k-row day', path: () => `/api/end_of_day_sheet?receiptDate=${BENCH_CSV_DAY}` },
  { name: 'transfer notes, page 1', path: () => '/api/deliveries/transfer_list' },
  { name: 'scrap notes, by items', path: () => '/api/deliveries/scrap_list?order[itemsCount]=desc' },
  { name: 'transfer notes, by customer', path: () => '/api/deliveries/transfer_list?order[customerAccount]=asc' },
  { name: 'transfer notes, approved, deep page (100)', path: () => '/api/deliveries/transfer_list?status=approved&page=100' },
  { name: 'error sheets, deep page (100)', path: () => '/api/deliveries/error_sheet_list?page=100' },
  { name: 'delivery lines of one note', path: () => '/api/delivery_lines?deliveryId=17' },
  { name: 'delivery lines of the 1,000-line note', path: (ids) => `/api/delivery_lines?deliveryId=${ids.pdfNote}&perPage=100&page=5` },
  { name: 'delivery e-mails dropdown', path: () => '/api/delivery-emails/dropdown?searchEmail=recipient12' },
].filter((e) => !process.env.BENCH_ONLY || process.env.BENCH_ONLY.split('|').some((only) => e.name.includes(only)));

// ── teardown ────────────────────────────────────────────────────────────────────────────────────

const cleanups = [];
let tornDown = false;
async function teardown() {
  if (tornDown) return;
  tornDown = true;
  for (const step of cleanups.reverse()) {
    try {
      await step();
    } catch (err) {
      console.error(`cleanup: ${err instanceof Error ? err.message : err}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => void teardown().then(() => process.exit(130)));
}

function log(message) {
  process.stderr.write(`[bench] ${message}\n`);
}

// ── database ────────────────────────────────────────────────────────────────────────────────────

/** { env for the server, run(sql, params) for generation and direct timing, close() }. */
async function openBenchDatabase() {
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  const reused = process.env.BENCH_REUSE;
  if (serverUrl || reused) {
    const name = reused ? new URL(reused).pathname.slice(1) : `cooler_bench_${Date.now()}_${process.pid}`;
    const url = new URL(reused ?? serverUrl);
    url.pathname = `/${name}`;
    if (reused) log(`reusing the filled database ${name} (BENCH_REUSE): no generation`);
    else {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    cleanups.push(async () => {
      if (process.env.BENCH_KEEP === '1') return log(`kept database ${url.toString()}`);
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
      log(`dropped database ${name}`);
    });
    }
    log(`database ${name} on ${url.host} (PostgreSQL)`);
    let client;
    return {
      kind: 'PostgreSQL',
      /** The bench may query while the server runs: each call's SQL is timed right after it. */
      concurrent: true,
      env: { DATABASE_URL: url.toString() },
      async connect() {
        client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
      },
      run: (sql, params = []) => client.query(sql, params),
      async disconnect() {
        await client?.end();
        client = undefined;
      },
    };
  }
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'cooler-bench-'));
  cleanups.push(() => fsp.rm(dataDir, { recursive: true, force: true }));
  log(`embedded PGlite under ${dataDir} (set BENCH_DATABASE_URL for PostgreSQL)`);
  const { PGlite } = await import('@electric-sql/pglite');
  // The same extensions as the server's own PGlite (src/db/client.ts): its indexes need them.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  let client;
  // PGlite has one owner at a time: the bench opens it only while the server is stopped.
  return {
    kind: 'PGlite',
    concurrent: false,
    env: { DATA_DIR: dataDir },
    async connect() {
      client = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
    },
    run: (sql, params = []) => client.query(sql, params),
    async disconnect() {
      await client?.close();
      client = undefined;
    },
  };
}

// ── server ──────────────────────────────────────────────────────────────────────────────────────

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts dist/main.js on loopback; resolves once /readyz answers. `lines` collects its JSON log. */
async function startServer(database, logLevel) {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    cwd: SERVER_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...database.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: logLevel,
      ADMIN_PASSWORD,
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: database.env.DATA_DIR ?? path.join(os.tmpdir(), `cooler-bench-unused-${process.pid}`),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = [];
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('{')) {
      try {
        lines.push(JSON.parse(line));
      } catch {
        /* not a log line */
      }
    }
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  cleanups.push(stop);

  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr.trim().slice(-2000)}`);
    try {
      const res = await fetch(`${base}/readyz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) throw new Error('the server did not become ready within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, port, lines, stop, pid: child.pid };
}

async function signIn(base) {
  const res = await fetch(`${base}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

// ── measuring ───────────────────────────────────────────────────────────────────────────────────

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET on a kept-alive connection; resolves with the status and the milliseconds it took. */
function get(base, url, token, requestId) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.get(
      `${base}${url}`,
      { agent, headers: { authorization: `Bearer ${token}`, ...(requestId ? { 'x-request-id': requestId } : {}) } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', reject);
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const median = (values) => percentile([...values].sort((a, b) => a - b), 50);

/** The SQL statements the call ran, read from the server's trace log by request id. */
async function captureSql(server, url, token, index) {
  const requestId = `bench-capture-${index}`;
  const res = await get(server.base, url, token, requestId);
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${res.body.slice(0, 300)}`);
  const until = Date.now() + 5000;
  let done;
  while ((done = server.lines.findIndex((l) => l.reqId === requestId && l.msg === 'request completed')) < 0) {
    if (Date.now() > until) throw new Error(`no log of request ${requestId}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  const start = server.lines.findIndex((l) => l.reqId === requestId && l.msg === 'incoming request');
  return server.lines.slice(start, done).filter((l) => l.msg === 'sql').map((l) => ({ sql: l.sql, params: l.params }));
}

/** Sequential GETs on one connection: the call's own time, without queueing behind other calls. */
async function sequential(base, url, token) {
  for (let i = 0, started = performance.now(); i < WARMUP && performance.now() - started < SAMPLE_BUDGET_MS / 5; i++) await get(base, url, token);
  const times = [];
  for (const started = performance.now(); !enough(times, started); ) {
    const res = await get(base, url, token);
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
    times.push(res.ms);
  }
  return median(times);
}

/** autocannon for SECONDS s with CONNECTIONS connections; response times kept exactly (not rounded to ms). */
async function load(base, url, token) {
  const times = [];
  let failures = 0;
  const instance = autocannon({
    url: `${base}${url}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${token}` },
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status === 200) times.push(ms);
    else failures += 1;
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: times.length / (result.duration || SECONDS),
    failures: failures + result.errors + result.timeouts,
  };
}

/** Median ms of an empty GET to a bare Node http server in its own process: the HTTP floor. */
async function httpFloor() {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', `require('node:http').createServer((q, s) => s.end('{}')).listen(${port}, '127.0.0.1', () => console.log('up'))`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(async () => void child.kill());
  await new Promise((resolve) => child.stdout.once('data', resolve));
  const floor = await sequential(`http://127.0.0.1:${port}`, '/', 'none');
  child.kill();
  return floor;
}

/** Share of the machine's CPU time used (by anything) during `ms`: other work skews the figures. */
async function cpuBusy(ms) {
  const total = () => os.cpus().reduce((acc, c) => { const t = c.times; acc.all += t.user + t.nice + t.sys + t.irq + t.idle; acc.idle += t.idle; return acc; }, { all: 0, idle: 0 });
  const a = total();
  await new Promise((r) => setTimeout(r, ms));
  const b = total();
  return 1 - (b.idle - a.idle) / (b.all - a.all);
}

/** One run of the recorded statements, one after another on one connection: ms. */
async function runStatements(database, statements) {
  const started = process.hrtime.bigint();
  for (const s of statements) await database.run(s.sql, s.params);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** Median ms of the recorded statements run directly (PGlite: while the server is stopped). */
async function directSql(database, statements) {
  for (let i = 0, started = performance.now(); i < WARMUP && performance.now() - started < SAMPLE_BUDGET_MS / 5; i++) await runStatements(database, statements);
  const times = [];
  for (const started = performance.now(); !enough(times, started); ) times.push(await runStatements(database, statements));
  return median(times);
}

// ── the run ─────────────────────────────────────────────────────────────────────────────────────

async function main() {
  if (!fs.existsSync(MAIN)) {
    console.error('apps/server/dist/main.js is missing: run `npm run build` first (the bench measures the built server).');
    process.exit(2);
  }
  const cores = os.availableParallelism?.() ?? os.cpus().length;
  const busyBefore = await cpuBusy(2000);
  const database = await openBenchDatabase();

  log('first start: migrations and seed');
  const first = await startServer(database, 'warn');
  await first.stop();

  if (!process.env.BENCH_REUSE) {
    log('generating data');
    await database.connect();
    for (const g of GENERATORS) {
      const started = performance.now();
      const result = await database.run(g.sql);
      const added = result.rowCount ?? result.affectedRows ?? g.rows;
      log(`  ${g.table}: +${added.toLocaleString('en-GB')} rows in ${Math.round(performance.now() - started)} ms`);
    }
    // What autovacuum would have done by the time anyone lists: statistics and the visibility map
    // (index-only scans for count(*)).
    await database.run('vacuum analyze');
    await database.disconnect();
  }

  log('recording the SQL of each call (LOG_LEVEL=trace)');
  const tracing = await startServer(database, 'trace');
  let token = await signIn(tracing.base);
  const clients = JSON.parse((await get(tracing.base, '/api/clients?name=Bench%20Client%20100', token)).body);
  const accounts = JSON.parse((await get(tracing.base, '/api/customer_accounts?name=Bench%20Account%200007', token)).body);
  const parts = JSON.parse((await get(tracing.base, '/api/part_numbers?partNumber=FR-00006-SD', token)).body);
  const coolersPage = JSON.parse((await get(tracing.base, '/api/coolers?serialNumber=000123', token)).body);
  const bigNotes = JSON.parse((await get(tracing.base, '/api/deliveries/transfer_list?order[itemsCount]=desc&perPage=1', token)).body);
  const ids = {
    client: clients.items[0]?.id,
    account: accounts.items[0]?.id,
    partNumber: parts.items[0]?.id,
    cooler: coolersPage.items[0]?.id,
    pdfNote: bigNotes.items[0]?.id,
  };
  const endpoints = ENDPOINTS.map((e) => ({ ...e, url: e.path(ids) }));
  for (const [i, e] of endpoints.entries()) {
    for (let w = 0; w < 3; w++) await get(tracing.base, e.url, token);
    e.statements = await captureSql(tracing, e.url, token, i);
  }
  await tracing.stop();

  log(`measuring each call: ${CONNECTIONS} connections for ${SECONDS} s, then ${SAMPLES} requests one at a time`);
  const server = await startServer(database, 'warn');
  token = await signIn(server.base);
  // Warm every path first, so the first endpoint is not measured on code V8 has not optimised yet.
  // 100 rounds, but at most 2 s spent on each endpoint: a deep page of 1M receipts must not eat the time limit.
  const warmSpent = new Map(endpoints.map((e) => [e, 0]));
  for (let round = 0; round < 100; round++) {
    for (const e of endpoints) {
      if (warmSpent.get(e) < 2000) warmSpent.set(e, warmSpent.get(e) + (await get(server.base, e.url, token)).ms);
    }
  }
  if (database.concurrent) await database.connect();
  for (const e of endpoints) {
    e.load = await load(server.base, e.url, token);
    e.single = await sequential(server.base, e.url, token);
    // Right after the calls, so both medians come from the same few seconds of the machine's life.
    if (database.concurrent) e.sql = await directSql(database, e.statements);
    log(`  ${e.name}: p95 ${e.load.p95.toFixed(1)} ms, ${Math.round(e.load.rps)} req/s`);
  }
  const csv = process.env.BENCH_CSV === '0' ? undefined : await measureCsv(server, token);
  const documents = await measureDocuments(server, token, ids.pdfNote);
  const tags = await measureLbTags(server, token);
  await server.stop();

  if (database.concurrent) {
    await database.disconnect();
  } else {
    log('running the same SQL directly');
    await database.connect();
    for (const e of endpoints) e.sql = await directSql(database, e.statements);
    await database.disconnect();
  }
  const floor = await httpFloor();

  report(endpoints, database.kind, cores, busyBefore, floor);
  if (csv) reportCsv(csv, database.kind);
  reportDocuments(documents, database.kind);
  reportLbTags(tags, database.kind);
}

/** docs/architecture.md §6: a 1,000-line delivery PDF in ≤ 1 s. */
const PDF_BUDGET_SECONDS = 1;

/**
 * The PDF and the CSV of the 1,000-line note, each downloaded once untimed (the first use loads
 * pdfkit, reads the fonts and warms the JIT, as the lists are warmed), then five times timed.
 */
async function measureDocuments(server, token, noteId) {
  const runs = [];
  if (noteId === undefined) {
    // A database filled before delivery notes were generated (BENCH_REUSE): nothing to download.
    log('  delivery documents: no delivery note in this database, not measured');
    return runs;
  }
  for (const format of ['pdf', 'csv']) {
    await (await fetch(`${server.base}/api/deliveries/${noteId}/download/${format}`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer();
    for (let i = 0; i < 5; i++) {
      const started = process.hrtime.bigint();
      const res = await fetch(`${server.base}/api/deliveries/${noteId}/download/${format}`, { headers: { authorization: `Bearer ${token}` } });
      const bytes = (await res.arrayBuffer()).byteLength;
      if (res.status !== 200) throw new Error(`the ${format} answered ${res.status}`);
      runs.push({ format, seconds: Number(process.hrtime.bigint() - started) / 1e9, bytes });
    }
    const last = runs.at(-1);
    log(`  delivery ${format} of note ${noteId}: ${(last.bytes / 1e3).toFixed(0)} kB in ${last.seconds.toFixed(2)} s`);
  }
  return runs;
}

function reportDocuments(runs, kind) {
  if (runs.length === 0) return;
  console.log('');
  console.log(`Delivery documents of the 1,000-line note; budget: the PDF in ≤ ${PDF_BUDGET_SECONDS} s:`);
  for (const format of ['pdf', 'csv']) {
    const times = runs.filter((r) => r.format === format).map((r) => r.seconds);
    const worst = Math.max(...times);
    const broken = format === 'pdf' && worst > PDF_BUDGET_SECONDS;
    if (broken && kind === 'PostgreSQL') process.exitCode = 1;
    console.log(
      `  ${format}: ${times.map((t) => t.toFixed(2)).join(' / ')} s, ${(runs.find((r) => r.format === format).bytes / 1e3).toFixed(0)} kB — ${broken ? `BROKEN: > ${PDF_BUDGET_SECONDS} s` : 'ok'}`,
    );
  }
}

/** docs/decisions/217: 500 LB tags in one PDF in ≤ 2 s (the largest print a user can ask for). */
const LB_TAGS = 500;
const LB_TAGS_BUDGET_SECONDS = 2;

/**
 * POST /api/receipts/lb_tags.pdf with 500 receipts' ids (2 × 1 in, 203 dpi): once untimed, then five
 * times timed to the last byte — the PDF and the 500 history entries it writes.
 */
async function measureLbTags(server, token) {
  const ids = [];
  for (let page = 1; ids.length < LB_TAGS; page++) {
    const list = JSON.parse((await get(server.base, `/api/receipts?perPage=100&page=${page}`, token)).body);
    if (list.items.length === 0) break;
    ids.push(...list.items.map((r) => r.id));
  }
  const runs = [];
  if (ids.length < LB_TAGS) {
    log(`  LB tags: only ${ids.length} receipts in this database, not measured`);
    return runs;
  }
  const body = JSON.stringify({ ids: ids.slice(0, LB_TAGS), preset: '2x1in-203dpi' });
  const post = () =>
    fetch(`${server.base}/api/receipts/lb_tags.pdf`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body });
  await (await post()).arrayBuffer();
  for (let i = 0; i < 5; i++) {
    const started = process.hrtime.bigint();
    const res = await post();
    const bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200) throw new Error(`the LB tags answered ${res.status}`);
    runs.push({ seconds: Number(process.hrtime.bigint() - started) / 1e9, bytes });
  }
  log(`  ${LB_TAGS} LB tags: ${(runs.at(-1).bytes / 1e3).toFixed(0)} kB in ${runs.at(-1).seconds.toFixed(2)} s`);
  return runs;
}

function reportLbTags(runs, kind) {
  if (runs.length === 0) return;
  const times = runs.map((r) => r.seconds);
  const worst = Math.max(...times);
  const broken = worst > LB_TAGS_BUDGET_SECONDS;
  if (broken && kind === 'PostgreSQL') process.exitCode = 1;
  console.log('');
  console.log(`${LB_TAGS} LB tags in one PDF; budget ≤ ${LB_TAGS_BUDGET_SECONDS} s:`);
  console.log(`  pdf: ${times.map((t) => t.toFixed(2)).join(' / ')} s, ${(runs[0].bytes / 1e3).toFixed(0)} kB — ${broken ? `BROKEN: > ${LB_TAGS_BUDGET_SECONDS} s` : 'ok'}`);
}

/**
 * Forget a process's peak resident memory (Linux: 5 → clear_refs resets VmHWM to the current RSS), so
 * the next peakRssMb is the peak of what ran after this — the CSV's own, not the list load's before it.
 */
function resetPeakRss(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not Linux, or not allowed: the peak then covers the whole life of the server (pessimistic).
  }
}

/** Peak resident memory of a process so far (Linux VmHWM), MB; NaN where /proc is not there. */
function peakRssMb(pid) {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * The end-of-day CSV of BENCH_CSV_DAY (BENCH_CSV_ROWS receipts), downloaded three times: the first
 * also marks them exported (100,000 updates), the others find them exported already. The body is
 * read and counted as it arrives; the server's peak RSS during each download is read from /proc after it.
 */
async function measureCsv(server, token) {
  const runs = [];
  for (let i = 0; i < 3; i++) {
    resetPeakRss(server.pid);
    const started = process.hrtime.bigint();
    const res = await fetch(`${server.base}/api/end_of_day_sheet_csv?receiptDate=${BENCH_CSV_DAY}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`the CSV answered ${res.status}`);
    let lines = 0;
    let bytes = 0;
    for await (const chunk of res.body) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    runs.push({ seconds, rows: lines - 1, bytes, peakRssMb: peakRssMb(server.pid) });
    log(`  end-of-day CSV: ${lines - 1} rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s, server peak RSS ${runs[i].peakRssMb.toFixed(0)} MB`);
  }
  return runs;
}

function reportCsv(runs, kind) {
  console.log('');
  console.log(`End-of-day CSV of ${BENCH_CSV_DAY} (${BENCH_CSV_ROWS.toLocaleString('en-GB')} receipts); budget ≤ ${CSV_BUDGET.seconds} s at ≤ ${CSV_BUDGET.rssMb} MB peak RSS of the server:`);
  let broken = false;
  for (const [i, r] of runs.entries()) {
    const over = [];
    if (r.rows !== BENCH_CSV_ROWS) over.push(`${r.rows} rows`);
    if (r.seconds > CSV_BUDGET.seconds) over.push(`> ${CSV_BUDGET.seconds} s`);
    if (r.peakRssMb > CSV_BUDGET.rssMb) over.push(`> ${CSV_BUDGET.rssMb} MB`);
    broken ||= over.length > 0;
    console.log(
      `  ${i === 0 ? 'first (marks exported)' : 'again (already exported)'}: ${r.rows.toLocaleString('en-GB')} rows, ` +
        `${(r.bytes / 1e6).toFixed(1)} MB, ${r.seconds.toFixed(2)} s, peak RSS ${r.peakRssMb.toFixed(0)} MB — ${over.length ? `BROKEN: ${over.join(', ')}` : 'ok'}`,
    );
  }
  if (broken && kind === 'PostgreSQL') process.exitCode = 1;
}

function report(endpoints, kind, cores, busyBefore, floor) {
  const rows = endpoints.map((e) => {
    const ratio = (e.single - floor) / e.sql;
    const addedMs = e.single - floor - e.sql;
    const broken = [];
    if (e.load.p95 > BUDGET.p95Ms) broken.push(`p95 > ${BUDGET.p95Ms} ms`);
    if (e.load.rps < BUDGET.minRps) broken.push(`< ${BUDGET.minRps} req/s`);
    if (ratio > BUDGET.maxRatio && addedMs > BUDGET.maxAddedMs) broken.push(`call > ${BUDGET.maxRatio}× SQL and > SQL + ${BUDGET.maxAddedMs} ms`);
    if (e.load.failures > 0) broken.push(`${e.load.failures} failed requests`);
    return {
      endpoint: e.name,
      p50: e.load.p50.toFixed(1),
      p95: e.load.p95.toFixed(1),
      p99: e.load.p99.toFixed(1),
      'req/s': Math.round(e.load.rps).toString(),
      'call ms': e.single.toFixed(2),
      'SQL ms': e.sql.toFixed(2),
      stmts: String(e.statements.length),
      'raw ratio': (e.single / e.sql).toFixed(2),
      ratio: ratio.toFixed(2),
      'added ms': addedMs.toFixed(2),
      verdict: broken.length ? `BROKEN: ${broken.join(', ')}` : 'ok',
      broken: broken.length > 0,
    };
  });
  const columns = ['endpoint', 'p50', 'p95', 'p99', 'req/s', 'call ms', 'SQL ms', 'stmts', 'raw ratio', 'ratio', 'verdict'];
  const width = Object.fromEntries(columns.map((c) => [c, Math.max(c.length, ...rows.map((r) => r[c].length))]));
  const line = (r) => columns.map((c, i) => (i === 0 || c === 'verdict' ? r[c].padEnd(width[c]) : r[c].padStart(width[c]))).join('  ');
  console.log('');
  console.log(
    `Cooler Hub list calls — ${kind}, ${cores} cores, ${CONNECTIONS} connections × ${SECONDS} s; ` +
      `budgets: p95 ≤ ${BUDGET.p95Ms} ms, ≥ ${BUDGET.minRps} req/s, call ≤ ${BUDGET.maxRatio}× its SQL or ≤ its SQL + ${BUDGET.maxAddedMs} ms`,
  );
  console.log('p50/p95/p99: ms under load. call ms: median of one request at a time. SQL ms: median of the same statements run directly.');
  console.log(`ratio: (call ms − ${floor.toFixed(2)} ms HTTP floor) / SQL ms; raw ratio: call ms / SQL ms; added ms: call ms − floor − SQL ms.`);
  // Other processes share the cores with the server, the database and this client.
  console.log(
    `CPU busy before the run: ${Math.round(busyBefore * 100)}%` +
      (busyBefore > 0.2 ? ' — other work was running: the figures are pessimistic.' : ' (quiet).'),
  );
  console.log('');
  console.log(line(Object.fromEntries(columns.map((c) => [c, c]))));
  console.log(columns.map((c) => '-'.repeat(width[c])).join('  '));
  for (const r of rows) console.log(line(r));
  const broken = rows.filter((r) => r.broken).length;
  console.log('');
  console.log(broken ? `${broken} of ${rows.length} calls break a budget.` : `All ${rows.length} calls are within budget.`);
  if (kind !== 'PostgreSQL') {
    console.log('The budgets are for PostgreSQL (docs/architecture.md §6); set BENCH_DATABASE_URL to check them. PGlite figures are for information.');
    process.exitCode = 0;
    return;
  }
  process.exitCode = broken ? 1 : 0;
}

const limit = setTimeout(() => {
  console.error(`bench: still running after ${TIME_LIMIT_MS / 60_000} minutes; stopping`);
  void teardown().then(() => process.exit(2));
}, TIME_LIMIT_MS);
limit.unref();

main()
  .catch((err) => {
    console.error(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : err}`);
    process.exitCode = 2;
  })
  .finally(async () => {
    await teardown();
    agent.destroy();
  });
