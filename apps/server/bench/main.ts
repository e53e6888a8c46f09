/**
 * `npm run bench` — the budgets of the list calls, the end-of-day CSV and the documents, measured
 * on the BUILT server (docs/decisions/023):
 *
 *   1. a throw-away database (harness/database.ts), the server started once for migrations and seed;
 *   2. the data of generators.ts for BENCH_RECEIPTS receipts (1,000,000), then VACUUM ANALYZE;
 *   3. the server at LOG_LEVEL=trace: one request per call of endpoints.ts and of the no-op call of
 *      the HTTP floor, recording their SQL;
 *   4. the server at LOG_LEVEL=warn: the floors (harness/floors.ts) — the no-op call under load and
 *      one at a time, PostgreSQL's cheapest indexed read without the server; per call, autocannon
 *      under load, then one request at a time, then its own recorded SQL run directly (on PGlite
 *      after the server has stopped); the floors again; with BENCH_PLANS=<file>, each call's
 *      statements and their plans written there (harness/plans.ts);
 *   5. the downloads: the end-of-day CSV with the server's peak RSS, a 1,000-line note's PDF and
 *      CSV, 500 LB tags; then an import of 100,000 receipts (harness/imports.ts);
 *   6. report.ts prints the machine, the data, the floors, each figure and its verdict: each call
 *      judged by ratios to the floors (ratios.ts, docs/decisions/284), the absolute times and rates
 *      for information. Exit 1 if a ratio or memory budget is missed, or a call fails, on PostgreSQL
 *      at up to 1,000,000 receipts; 2 if the bench itself could not run.
 *
 * BENCH_SCALE=100000,1000000,3000000 runs steps 1–5 for each size with the scaling rows alone and
 * ends with one table of every size. Everything a run started or created is removed at its end,
 * also on failure, the time limit or Ctrl-C. The variables are listed in the README.
 */
import fs from 'node:fs';
import { BenchConfigError, BUDGET_RECEIPTS, type BenchConfig, readConfig, timeLimitMinutes } from './config';
import { type Endpoint, endpoints, type Ids } from './endpoints';
import { type DataSize, dataSize, generators } from './generators';
import { cleanUp, log } from './harness/cleanup';
import { type BenchDatabase, openBenchDatabase } from './harness/database';
import { measureCsv, measureDocuments, measureLbTags } from './harness/downloads';
import { fill } from './harness/fill';
import { measureDatabaseFloor } from './harness/database-floor';
import { FLOOR_PATH, type Floors, measureHttpFloor } from './harness/floors';
import { agent, get, getJson, interleaved, load, timedGet, transportFloor } from './harness/http-client';
import { describeMachine, sampleLoad } from './harness/machine';
import { MAIN, type ServerProcess, signIn, startServer } from './harness/server-process';
import { type Captured, captureSql, directSql, ownStatements, runStatements, sqlUnderLoad, type Statement } from './harness/sql-replay';
import { measureImport } from './harness/imports';
import { writePlans } from './harness/plans';
import {
  printCsv,
  printData,
  printDocuments,
  printFloors,
  printImport,
  printLbTags,
  printListCalls,
  printMachine,
  printScaleTable,
  type Measured,
  type SizeResult,
} from './report';

type Recorded = Endpoint & Captured;

async function runSize(config: BenchConfig, receipts: number): Promise<SizeResult> {
  const before = await sampleLoad();
  const database = await openBenchDatabase(config);

  log('first start: migrations and seed');
  await (await startServer(database, 'warn', config.adminPassword)).stop();
  const machine = await describeMachine(database, before);
  printMachine(machine, config);

  const requested = dataSize(receipts, config.csvRows);
  if (!database.reused) log(`generating ${receipts.toLocaleString('en-GB')} receipts and what goes with them`);
  const filled = await fill(database, generators(requested));
  const size = database.reused ? dataSize(filled.counts.receipts ?? 0, filled.csvRows) : requested;
  printData(size, filled, database.kind);

  log('recording the SQL of each call (LOG_LEVEL=trace)');
  const { ids, recorded, floorStatements } = await recordCalls(config, database, size);

  log(`measuring the floors and each call: ${config.connections} connections for ${config.seconds} s, then one request at a time`);
  const server = await startServer(database, 'warn', config.adminPassword);
  const token = await signIn(server.base, config.adminPassword);
  const floors: Floors = { transport: NaN, statements: floorStatements, sql: NaN, http: [], database: [] };
  const measured = await measureCalls(config, database, server, token, recorded, floors);
  if (config.plansFile && database.concurrent) {
    const file = config.scale ? config.plansFile.replace(/(\.md)?$/, `-${receipts}$1`) : config.plansFile;
    log(`explaining each call's statements into ${file}`);
    await database.connect();
    await writePlans(database, measured, file, `${size.receipts.toLocaleString('en-GB')} receipts`);
    await database.disconnect();
  }
  const csv = config.csv ? await measureCsv(server, token, database) : [];
  const documents = config.scale ? [] : await measureDocuments(server, token, ids.pdfNote);
  const tags = config.scale ? [] : await measureLbTags(server, token);
  // Last: it adds 100,000 receipts, which the calls above must not see.
  const imported = config.scale || !config.importRun ? undefined : await measureImport(server, token, size);
  await server.stop();

  if (!database.concurrent) {
    log('running the same SQL directly, and the database floor on its one connection');
    await database.connect();
    for (const e of measured) e.sql = await directSql(database, e.statements);
    floors.sql = await directSql(database, floors.statements);
    floors.database.push(await measureDatabaseFloor(database, config.connections, config.seconds));
    await database.disconnect();
  }
  floors.transport = await transportFloor();

  printFloors(floors, config);
  let missed = printListCalls(measured, floors);
  missed += printCsv(csv, size.csvRows);
  missed += printDocuments(documents);
  missed += printLbTags(tags);
  missed += printImport(imported);
  const checked = database.kind === 'PostgreSQL' && size.receipts <= BUDGET_RECEIPTS;
  if (database.kind !== 'PostgreSQL') {
    console.log("The budgets are PostgreSQL's: set BENCH_DATABASE_URL to check them. PGlite figures are for information.");
  } else if (!checked) {
    console.log(
      `The budgets are set for ${BUDGET_RECEIPTS.toLocaleString('en-GB')} receipts: misses at ${size.receipts.toLocaleString('en-GB')} are for information.`,
    );
  }
  return { size, kind: database.kind, fillMs: filled.fillMs, measured, csv, floors, missed, checked };
}

/**
 * The ids the paths need and the SQL each call runs, from a server at LOG_LEVEL=trace: the no-op
 * call's first, then each call's own (what it ran less what the no-op also runs).
 */
async function recordCalls(config: BenchConfig, database: BenchDatabase, size: DataSize) {
  const tracing = await startServer(database, 'trace', config.adminPassword);
  const token = await signIn(tracing.base, config.adminPassword);
  const idOf = async (url: string) =>
    (await getJson<{ items: { id: string | number }[] }>(tracing.base, url, token)).items[0]?.id?.toString();
  const ids: Ids = {
    client: await idOf('/api/clients?name=Bench%20Client%20100'),
    account: await idOf('/api/customer_accounts?name=Bench%20Account%200007'),
    partNumber: await idOf('/api/part_numbers?partNumber=FR-00006-SD'),
    cooler: await idOf('/api/coolers?serialNumber=000123'),
    pdfNote: await idOf('/api/deliveries/transfer_list?order[itemsCount]=desc&perPage=1'),
  };
  const calls = endpoints(size, ids, { only: config.only, scaleOnly: config.scale });
  const capture = async (url: string, i: number) => {
    for (let w = 0; w < 3; w++) await get(tracing.base, url, token);
    return captureSql(tracing, url, token, i);
  };
  const floorStatements: Statement[] = (await capture(FLOOR_PATH, calls.length)).statements;
  const recorded: Recorded[] = [];
  for (const [i, e] of calls.entries()) {
    const captured = await capture(e.url, i);
    recorded.push({ ...e, ...captured, statements: ownStatements(captured.statements, floorStatements) });
  }
  await tracing.stop();
  return { ids, recorded, floorStatements };
}

/** Seconds each call's own SQL is run under load, directly (harness/sql-replay: sqlUnderLoad). */
const SQL_LOAD_SECONDS = 3;
/** Seconds of the no-op's load just before and just after each call's (docs/decisions/289). */
const PAIRED_FLOOR_SECONDS = 2;

/**
 * The floors, then per call: the no-op under load, the call under load, (PostgreSQL) its SQL directly
 * under the same load, the no-op under load again; then one at a time, the no-op, the call and its
 * SQL taking turns, so every ratio is of figures from the same few seconds of the machine's life;
 * then the floors again. `floors` receives the floors' measurements.
 */
async function measureCalls(
  config: BenchConfig,
  database: BenchDatabase,
  server: ServerProcess,
  token: string,
  recorded: Recorded[],
  floors: Floors,
) {
  // Every path warmed first, so the first call is not measured on code V8 has not optimised yet:
  // 100 rounds, at most 2 s on each call (a slow deep page must not eat the time limit).
  const urls = [FLOOR_PATH, ...recorded.map((e) => e.url)];
  const warmSpent = urls.map(() => 0);
  for (let round = 0; round < 100; round++) {
    for (const [i, url] of urls.entries()) {
      if ((warmSpent[i] ?? 0) < 2000) warmSpent[i] = (warmSpent[i] ?? 0) + (await get(server.base, url, token)).ms;
    }
  }
  const measureFloors = async (when: string) => {
    if (database.concurrent) floors.database.push(await measureDatabaseFloor(database, config.connections, config.seconds));
    const run = await measureHttpFloor(server.base, token, config.connections, config.seconds);
    floors.http.push(run);
    const db = floors.database.at(-1);
    log(
      `  floors ${when}: no-op ${Math.round(run.load.rps)} req/s, ${run.single.toFixed(2)} ms` +
        (db ? `; database ${Math.round(db.rps)} reads/s, ${db.single.toFixed(3)} ms` : ''),
    );
  };
  // And two seconds of load on the no-op, not kept: the first load of a run (the server's and
  // autocannon's first seconds under it) measured slower than any later one.
  await load(server.base, FLOOR_PATH, token, config.connections, 2);
  const measured: Measured[] = [];
  if (database.concurrent) await database.connect();
  await measureFloors('before the calls');
  if (database.concurrent) floors.sql = await directSql(database, floors.statements);
  // The no-op's load just before and just after each call's load and its SQL's (docs/decisions/289).
  const floorLoad = async () => (await load(server.base, FLOOR_PATH, token, config.connections, PAIRED_FLOOR_SECONDS)).rps;
  for (const e of recorded) {
    const floorBefore = await floorLoad();
    const underLoad = await load(server.base, e.url, token, config.connections, config.seconds);
    const sqlRps = await sqlUnderLoad(database, e.statements, config.connections, Math.min(config.seconds, SQL_LOAD_SECONDS));
    const floorRps = Math.max(floorBefore, await floorLoad());
    // One at a time, the no-op, the call and its SQL run directly take turns (docs/decisions/288).
    const steps = [() => timedGet(server.base, FLOOR_PATH, token), () => timedGet(server.base, e.url, token)];
    if (database.concurrent && e.statements.length > 0) steps.push(() => runStatements(database, e.statements));
    const [floorSingle = NaN, single = NaN, sql = NaN] = await interleaved(steps);
    measured.push({ ...e, load: underLoad, floorRps, floorSingle, single, sql, sqlRps });
    log(`  ${e.name}: p95 ${underLoad.p95.toFixed(1)} ms, ${Math.round(underLoad.rps)} req/s`);
  }
  await measureFloors('after the calls');
  if (database.concurrent) await database.disconnect();
  return measured;
}

/** Runs one size, bounded in time; everything it created is removed before the next. */
async function runBounded(config: BenchConfig, receipts: number): Promise<SizeResult> {
  const minutes = timeLimitMinutes(config, receipts);
  const limit = setTimeout(() => {
    console.error(`bench: still running after ${minutes} minutes (BENCH_TIME_LIMIT_MINUTES); stopping`);
    void cleanUp().then(() => process.exit(2));
  }, minutes * 60_000);
  try {
    return await runSize(config, receipts);
  } finally {
    clearTimeout(limit);
    await cleanUp();
  }
}

async function main(): Promise<number> {
  if (!fs.existsSync(MAIN)) {
    console.error('apps/server/dist/main.js is missing: run `npm run build` first (the bench measures the built server).');
    return 2;
  }
  const config = readConfig();
  const results: SizeResult[] = [];
  for (const receipts of config.sizes) {
    if (config.scale) console.log(`\n═══ ${receipts.toLocaleString('en-GB')} receipts ═══`);
    results.push(await runBounded(config, receipts));
  }
  if (config.scale) printScaleTable(results);
  const checked = results.filter((r) => r.checked);
  const missed = checked.reduce((sum, r) => sum + r.missed, 0);
  console.log('');
  if (checked.length === 0) console.log('No budget checked (PGlite, or more receipts than the budgets are set for): exit 0.');
  else
    console.log(missed ? `${missed} budget${missed === 1 ? '' : 's'} missed: exit 1.` : 'Every budget checked is met (ratios and memory).');
  return missed ? 1 : 0;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void cleanUp().then(() => process.exit(130)));
}

main()
  .then((code) => (process.exitCode = code))
  .catch((err: unknown) => {
    if (err instanceof BenchConfigError) console.error(`bench: ${err.message}`);
    else console.error(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exitCode = 2;
  })
  .finally(async () => {
    await cleanUp();
    agent.destroy();
  });
