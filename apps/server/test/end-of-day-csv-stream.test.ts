/**
 * The end-of-day CSV over a real socket (docs/decisions/273): a client that reads slowly does
 * not make the server hold the file (it reads the database only as fast as the client takes the
 * body), and a client that leaves mid-body exports nothing.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createReceiptReferences, type ReceiptReferences } from './factories';
import { useSignedInApp, waitFor } from './helpers';

const suite = useSignedInApp('Production');

/** A day large enough that the file is many times what the sockets' buffers can hold. */
const ROWS = 15_000;
const SLOW_DAY = '2026-08-20';
const LEFT_DAY = '2026-08-21';
/** What the server may hold of a download at once: a batch of rows as CSV and the streams' buffers. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

let refs: ReceiptReferences;
let socketPath: string;

/** `ROWS` receipts on London `day`, one a second from 08:00 UTC, LB numbers from `firstLb`. */
async function fillDay(day: string, firstLb: number): Promise<void> {
  await suite.t.database.db.execute(sql`
    insert into receipts (id, lb_number, receipt_date, supplier_id, customer_account_id, inventory_item_id, collection_point_id, process_option, asset_no)
    select gen_random_uuid(), 'LB' || (${firstLb}::int + g), (${day}::date + time '08:00')::timestamp at time zone 'UTC' + g * interval '1 s',
           ${refs.supplier.id}::int, ${refs.account.id}::int, ${refs.cooler.id}::uuid, ${refs.collectionPoint.id}::int, 'X', 'Asset ' || g
    from generate_series(1, ${ROWS}::int) g`);
}

async function exportedOn(day: string): Promise<number> {
  const result = await suite.t.database.db.execute(sql`
    select count(*)::int as n from receipt_exports e join receipts r on r.id = e.receipt_id
    where r.receipt_date >= (${day}::date)::timestamp at time zone 'Europe/London'
      and r.receipt_date < (${day}::date + 1)::timestamp at time zone 'Europe/London'`);
  return (result as { rows: { n: number }[] }).rows[0]!.n;
}

/** Locks other sessions hold on receipts: the download's transaction holds one until it ends. */
async function locksOnReceipts(): Promise<number> {
  const result = await suite.t.database.db.execute(
    sql`select count(*)::int as n from pg_locks where relation = 'receipts'::regclass and pid <> pg_backend_pid()`,
  );
  return (result as { rows: { n: number }[] }).rows[0]!.n;
}

/** The server's side of the next CSV download: its response and the body stream piped into it. */
interface ServerSide {
  response?: http.ServerResponse;
  /** The route's PassThrough: a readable with a writable side. */
  body?: Readable & { writableLength?: number };
  socket?: Socket;
}

function watchServer(): ServerSide {
  const seen: ServerSide = {};
  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!req.url?.startsWith('/api/end_of_day_sheet_csv')) return;
    suite.app.server.off('request', onRequest);
    seen.response = res;
    seen.socket = req.socket;
    res.once('pipe', (source: Readable) => (seen.body = source));
  };
  suite.app.server.on('request', onRequest);
  return seen;
}

/**
 * Bytes the server process holds of the download: the body stream's queues and the response's
 * (which counts its socket's too).
 */
function bufferedOnServer(seen: ServerSide): number {
  const { body } = seen;
  return (body?.readableLength ?? 0) + (body?.writableLength ?? 0) + (seen.response?.writableLength ?? 0);
}

function download(day: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    http
      .get(
        { socketPath, path: `/api/end_of_day_sheet_csv?receiptDate=${day}`, headers: { authorization: `Bearer ${suite.token}` } },
        resolve,
      )
      .on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  refs = await createReceiptReferences(suite.app, suite.token);
  await fillDay(SLOW_DAY, 7_000_000);
  await fillDay(LEFT_DAY, 8_000_000);
  // A Unix socket: the kernel queues ~200 KB of it, where loopback TCP can take megabytes (and a
  // file that fits the kernel's buffers is "handed to the connection" before the client reads).
  socketPath = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'eod-csv-')), 'server.sock');
  await suite.app.listen({ path: socketPath });
}, 120_000);

describe('GET /api/end_of_day_sheet_csv over a socket', () => {
  it('a slow reader: the server holds a bounded part of the file, reads on as the client does, and exports once all of it arrived', async () => {
    const seen = watchServer();
    const res = await download(SLOW_DAY);
    expect(res.statusCode).toBe(200);
    res.pause();

    // The client takes nothing for a while: the server stops short of the file and holds little.
    let peak = 0;
    for (let i = 0; i < 20; i++) {
      await sleep(50);
      peak = Math.max(peak, bufferedOnServer(seen));
    }
    const sentWhilePaused = seen.socket!.bytesWritten;
    await sleep(300);
    expect(seen.socket!.bytesWritten).toBe(sentWhilePaused);

    // Then it reads, slowly: a pause after every chunk; the server's share stays bounded throughout.
    let bytes = 0;
    let lines = 0;
    await new Promise<void>((resolve, reject) => {
      res.on('data', (chunk: Buffer) => {
        peak = Math.max(peak, bufferedOnServer(seen));
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) lines += 1;
        res.pause();
        setTimeout(() => res.resume(), 2);
      });
      res.once('end', resolve);
      res.once('error', reject);
      res.resume();
    });
    expect(lines).toBe(ROWS + 1);
    // The file is several times what the server held of it at any moment, and more than it sent
    // before the client began to read.
    expect(bytes).toBeGreaterThan(MAX_BUFFERED_BYTES);
    expect(sentWhilePaused).toBeLessThan(bytes / 2);
    expect(peak).toBeLessThan(MAX_BUFFERED_BYTES);
    expect(peak).toBeLessThan(bytes / 2);
    // The export commits once the response has been handed over, a moment after the last byte.
    await waitFor(async () => ((await exportedOn(SLOW_DAY)) === ROWS ? true : undefined));
  });

  it('a client that leaves mid-body: nothing is exported, and the next download exports the whole day', async () => {
    const res = await download(LEFT_DAY);
    expect(res.statusCode).toBe(200);
    const firstChunk = await new Promise<Buffer>((resolve) => res.once('data', resolve));
    expect(firstChunk.length).toBeGreaterThan(0);
    res.destroy();

    // The transaction rolls back: no session holds a lock on receipts any more (on PGlite, where the
    // download held the one connection, the question itself waits for that).
    await waitFor(async () => ((await locksOnReceipts()) === 0 ? true : undefined));
    expect((await suite.api('GET', `/api/end_of_day_sheet?receiptDate=${LEFT_DAY}&perPage=1`)).statusCode).toBe(200);
    expect(await exportedOn(LEFT_DAY)).toBe(0);

    const again = await download(LEFT_DAY);
    let lines = 0;
    for await (const chunk of again as AsyncIterable<Buffer>) for (const byte of chunk) if (byte === 10) lines += 1;
    expect(lines).toBe(ROWS + 1);
    await waitFor(async () => ((await exportedOn(LEFT_DAY)) === ROWS ? true : undefined));
  });
});
