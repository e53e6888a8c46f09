/**
 * Clients that ask for a download and then stop reading it (docs/decisions/273), over a real TCP
 * port: they hold no database connection or transaction while they wait, everyone else is answered
 * meanwhile, each stalled response is cut after RESPONSE_STALL_TIMEOUT_MS, and a cut end-of-day CSV
 * marks nothing exported — a whole download still does.
 */
import type http from 'node:http';
import net from 'node:net';
import type { Writable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows } from '../src/db/rows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryFixtures } from './deliveries-fixtures';
import { createClient, createCustomerAccount, createReceiptReferences, unique } from './factories';
import { buildTestApp, loginAs, waitFor, type TestApp } from './helpers';

const onPostgres = process.env.DATABASE_URL !== undefined;
/** More stalled downloads than the pool's 10 connections on PostgreSQL; PGlite has one. */
const STALLED = onPostgres ? 12 : 3;
/** Short here so the test is quick; the default is in config.ts. */
const STALL_MS = 8000;
/** What a call of another client may take while the downloads stall (the 2-core test machine is shared). */
const ANSWER_BUDGET_MS = 3000;
/** About 10 MB of CSV (long names): more than twice what loopback's socket buffers (~4 MB) take before a writer must wait. */
const ROWS = 15_000;
const FIRST_DAY = '2026-09-07';
const LAST_DAY = '2026-09-09';
const CSV_PATH = `/api/end_of_day_sheet_csv?receiptDate[after]=${FIRST_DAY}&receiptDate[before]=${LAST_DAY}`;

let t: TestApp;
let token: string;
let port: number;
let noteId: number;
let receiptId: string;
const clients: net.Socket[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function count(statement: SQL): Promise<number> {
  return (await selectRows<{ n: number }>(t.database.db, statement))[0]!.n;
}

const exportedCount = () => count(sql`select count(*)::int as n from receipt_exports`);

/** A client that sends one GET and never reads a byte of the answer. */
function stalledGet(path: string): net.Socket {
  const socket = net.connect({ port, host: '127.0.0.1' });
  socket.pause();
  socket.on('error', () => {});
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`);
  clients.push(socket);
  return socket;
}

/** The server's side of the next `n` requests whose URL starts with `prefix`: when each arrived and how it ended. */
interface Watched {
  arrived: number;
  response: http.ServerResponse;
  /** The stream the route pipes into the response: its writable side holds what the route wrote and the client has not taken. */
  body?: Writable;
  /** When the route was last seen waiting for its client, its last write not taken. */
  parkedAt?: number;
  /** When the kernel was last seen taking bytes of the response (written less what still waits in Node). */
  taken?: number;
  lastProgressAt?: number;
  ended?: { at: number; finished: boolean };
}

const parked = (c: Watched) => (c.body?.writableLength ?? 0) > 0;

function watch(prefix: string, n: number): Watched[] {
  const seen: Watched[] = [];
  const onRequest = (req: http.IncomingMessage, response: http.ServerResponse) => {
    if (!req.url?.startsWith(prefix)) return;
    const entry: Watched = { arrived: Date.now(), response };
    seen.push(entry);
    response.once('close', () => (entry.ended = { at: Date.now(), finished: response.writableFinished }));
    response.once('pipe', (source: Writable) => (entry.body = source));
    if (seen.length === n) t.app.server.off('request', onRequest);
  };
  t.app.server.on('request', onRequest);
  return seen;
}

/** A call by another client, with its own connection; how long it took. */
async function timed(method: string, path: string): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  try {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, connection: 'close' },
      signal: AbortSignal.timeout(ANSWER_BUDGET_MS * 5),
    });
    await res.arrayBuffer();
    return { status: res.status, ms: Date.now() - started };
  } catch {
    return { status: 0, ms: Date.now() - started }; // no answer in five times the budget
  }
}

beforeAll(async () => {
  t = await buildTestApp({ RESPONSE_STALL_TIMEOUT_MS: String(STALL_MS) });
  token = (await loginAs(t.app, 'Production')).token;
  const deliveries = await deliveryFixtures(t.app, token);
  noteId = (await deliveries.note()).id;
  receiptId = (await deliveries.receipts(1))[0]!.id;
  // Names of 250 characters, written on every row, make a large file of few rows.
  const long = (prefix: string) => `${unique(prefix)} `.padEnd(250, 'of a long name ');
  const client = await createClient(t.app, token, long('Client'));
  const refs = await createReceiptReferences(t.app, token, {
    account: await createCustomerAccount(t.app, token, client.id, { name: long('Account') }),
  });
  // One receipt every 12 s from 08:00 UTC on the first day: 15,000 of them reach into the third.
  await t.database.db.execute(sql`
    insert into receipts (id, lb_number, receipt_date, supplier_id, customer_account_id, inventory_item_id, collection_point_id, process_option, asset_no)
    select gen_random_uuid(), 'LB' || (6000000 + g), (${FIRST_DAY}::date + time '08:00')::timestamp at time zone 'UTC' + g * interval '12 s',
           ${refs.supplier.id}::int, ${refs.account.id}::int, ${refs.cooler.id}::uuid, ${refs.collectionPoint.id}::int, 'X', rpad('Asset ' || g, 90, '.')
    from generate_series(1, ${ROWS}::int) g`);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
}, 400_000);

afterAll(async () => {
  for (const socket of clients) socket.destroy();
  await t?.close();
});

describe('downloads whose clients stop reading', () => {
  it('hold no database while they wait: others are answered, each is cut after the stall time, nothing is marked', async () => {
    const csvs = watch('/api/end_of_day_sheet_csv', STALLED);
    const notes = watch(`/api/deliveries/${noteId}/download/`, 2);
    const tags = watch(`/api/receipts/${receiptId}/lb_tag.pdf`, 1);
    const documents = () => [...notes, ...tags];
    for (let i = 0; i < STALLED; i++) stalledGet(CSV_PATH);
    stalledGet(`/api/deliveries/${noteId}/download/csv`);
    stalledGet(`/api/deliveries/${noteId}/download/pdf`);
    stalledGet(`/api/receipts/${receiptId}/lb_tag.pdf`);
    // Every CSV download begins and fills what its connection takes; then the route waits for its
    // client, its last write not taken, until it is cut. (On PGlite, when a download was one
    // transaction, only the first began: it held the one connection while it waited.)
    const watcher = setInterval(() => {
      for (const c of csvs) {
        const socket = c.response.socket;
        if (c.ended || c.response.destroyed || !socket) continue;
        c.parkedAt = parked(c) ? (c.parkedAt ?? Date.now()) : undefined;
        const taken = socket.bytesWritten - socket.writableLength;
        if (taken !== c.taken) [c.taken, c.lastProgressAt] = [taken, Date.now()];
      }
    }, 50);
    // The documents are small: the connection takes all of them, and their answers are complete.
    const allWaiting = () =>
      csvs.length === STALLED &&
      csvs.every((c) => c.ended || parked(c)) &&
      documents().length === 3 &&
      documents().every((d) => d.response.writableFinished);
    await waitFor(async () => (allWaiting() && (await sleep(200), allWaiting()) ? true : undefined), 90_000).catch(() =>
      console.error(
        'not all waiting:',
        csvs.map((c) => (c.ended ? 'cut' : parked(c) ? 'parked' : `running ${c.body?.writableLength}`)),
        documents().map((d) => d.response.writableFinished),
      ),
    );

    // Meanwhile another client is answered, each call within its budget (calls that read the
    // database; drawing a PDF is CPU, whose time a shared test machine does not promise).
    const calls: [string, string][] = [
      ['GET', '/api/profile'],
      ['GET', `/api/end_of_day_sheet?receiptDate=${FIRST_DAY}&perPage=5`],
      ['GET', '/api/receipts?perPage=5'],
      ['GET', `/api/deliveries/${noteId}/download/csv`],
    ];
    for (const [method, path] of calls) {
      const { status, ms } = await timed(method, path);
      expect({ path, status }).toEqual({ path, status: 200 });
      expect(ms, path).toBeLessThan(ANSWER_BUDGET_MS);
    }
    expect(csvs.length).toBe(STALLED);
    expect(documents().map((d) => d.response.statusCode)).toEqual([200, 200, 200]);
    // The calls were made while downloads stalled, not after they were all cut.
    expect(csvs.some((c) => !c.ended)).toBe(true);
    if (onPostgres) {
      // No session of the server sits in a transaction for the stalled downloads.
      expect(
        await count(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
        ),
      ).toBe(0);
    }

    // Each stalled download is cut — its connection closed before the body was handed over — no
    // sooner than the stall time after the client last took a byte, and soon after it: 1.25 times
    // it where the server's checks run on time; the rest is slack for a loaded machine, where the
    // embedded database's statements (run on this process's thread) delay them.
    await waitFor(() => (csvs.every((c) => c.ended) ? true : undefined), STALL_MS * 3 + 5000);
    clearInterval(watcher);
    for (const { ended, lastProgressAt } of csvs) {
      expect(ended!.finished).toBe(false);
      expect(ended!.at - lastProgressAt!).toBeGreaterThanOrEqual(STALL_MS - 100);
      expect(ended!.at - lastProgressAt!).toBeLessThan(STALL_MS * 4);
    }
    // The client, reading at last, finds the connection gone and the body cut short (no last chunk).
    const late = clients[0]!;
    let received = Buffer.alloc(0);
    await new Promise<void>((resolve) => {
      late.on('data', (chunk: Buffer) => (received = Buffer.concat([received.subarray(-16), chunk])));
      late.once('close', () => resolve());
      late.resume();
    });
    expect(received.subarray(-5).toString()).not.toBe('0\r\n\r\n');
    expect(await exportedCount()).toBe(0);
  }, 180_000);

  it('a client that reads the whole file: every receipt of the range becomes exported', async () => {
    for (const socket of clients) socket.destroy();
    const res = await fetch(`http://127.0.0.1:${port}${CSV_PATH}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.split('\r\n').length - 2).toBe(ROWS);
    await waitFor(async () => ((await exportedCount()) === ROWS ? true : undefined), 15_000);
  }, 120_000);
});
