/**
 * What flushing the embedded store's commits to disk costs (docs/decisions/192):
 *
 *   npx tsx apps/server/bench/flush.ts            (from the repository root)
 *
 * For each mode — commits flushed (the default) and not flushed (PGlite's own setting) — a fresh
 * DATA_DIR: the first start (migrations and seed) is timed, then the real app listens on loopback
 * and FLUSH_CLIENTS clients (8) create receipts over HTTP for FLUSH_SECONDS (10) seconds, each
 * waiting for its answer before the next. A create counts when it was answered 201 (acknowledged).
 * Prints creates per second, p50/p95 of a create, the fsync(2) calls made, and the clean stop.
 * The clients run in the server's process; PGlite runs on that thread too, so the figures are
 * the store's, not the network's.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { flushes } from '../src/db/store-fs';
import { seed } from '../src/db/seed';
import { randomToken } from '../src/lib/crypto';
import { migrationsFolder } from '../src/paths';

const CLIENTS = Number(process.env.FLUSH_CLIENTS ?? 8);
const SECONDS = Number(process.env.FLUSH_SECONDS ?? 10);
const ADMIN_PASSWORD = `bench-${randomToken(9)}`;

interface Result {
  mode: string;
  firstStartMs: number;
  creates: number;
  perSecond: number;
  p50: number;
  p95: number;
  fsyncs: number;
  stopMs: number;
}

async function measure(flushCommits: boolean): Promise<Result> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cooler-hub-flush-'));
  try {
    const started = performance.now();
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite'), flushCommits });
    await database.migrate(migrationsFolder);
    await seed(database.db, { adminPassword: ADMIN_PASSWORD });
    const firstStartMs = performance.now() - started;
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database, jwtSecret: randomToken(48) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const token = ((await post(base, '', '/api/login_check', { username: 'admin', password: ADMIN_PASSWORD })) as { token: string }).token;
    const refs = await references(base, token);
    const fsyncsBefore = flushes.count;
    const times: number[] = [];
    let lb = 0;
    const until = performance.now() + SECONDS * 1000;
    const client = async () => {
      while (performance.now() < until) {
        lb += 1;
        const t0 = performance.now();
        await post(base, token, '/api/receipts', {
          id: randomUUID(),
          receiptDate: new Date().toISOString(),
          customerAccount: refs.account,
          supplier: refs.supplier,
          inventoryItem: refs.cooler,
          lbNumber: `LB${process.pid}${String(lb).padStart(6, '0')}`,
          processOption: 'X',
          processState: null,
          scrapReason: null,
          collectionPoint: refs.collectionPoint,
          engineerNo: null,
          notes: null,
          tagFaultComment: null,
          assetNo: null,
        });
        times.push(performance.now() - t0);
      }
    };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, client));
    const elapsed = (performance.now() - t0) / 1000;
    const fsyncs = flushes.count - fsyncsBefore;
    const stopStarted = performance.now();
    await app.close();
    await database.close();
    times.sort((a, b) => a - b);
    return {
      mode: flushCommits ? 'flushed (default)' : 'not flushed',
      firstStartMs: Math.round(firstStartMs),
      creates: times.length,
      perSecond: Math.round(times.length / elapsed),
      p50: round(times[Math.floor(times.length * 0.5)]!),
      p95: round(times[Math.floor(times.length * 0.95)]!),
      fsyncs,
      stopMs: Math.round(performance.now() - stopStarted),
    };
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;

async function post(base: string, token: string, url: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200 && res.status !== 201) throw new Error(`POST ${url}: ${res.status} ${text}`);
  return JSON.parse(text) as unknown;
}

async function get(base: string, token: string, url: string): Promise<unknown> {
  return (await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } })).json();
}

/** What a receipt points at, created through the API. */
async function references(base: string, token: string) {
  const suppliers = (await get(base, token, '/api/suppliers')) as { items: { id: number }[] };
  const client = (await post(base, token, '/api/clients', { name: 'Bench client' })) as { id: number };
  const account = (await post(base, token, '/api/customer_accounts', {
    name: 'Bench account',
    contactPerson: 'Sarah Whitfield',
    email: 'returns@example.com',
    telephone: '0161 496 0321',
    deliveryAddress: 'Unit 7, Trafford Park Road, Manchester M17 1HG',
    billingAddress: 'Albion House, 12 Deansgate, Manchester M3 2BW',
    client: client.id,
  })) as { id: number };
  const partNumber = (await post(base, token, '/api/part_numbers', { id: randomUUID(), partNumber: 'PN-BENCH', description: null })) as {
    id: string;
  };
  const cooler = (await post(base, token, '/api/coolers', {
    id: randomUUID(),
    serialNumber: 'SN-BENCH',
    partNumber: partNumber.id,
    dateOfManufacture: '2019-06-14',
    modelNumber: null,
  })) as { id: string };
  const point = (await post(base, token, '/api/collection_points/create', { name: 'Bench depot' })) as { id: number };
  return { supplier: suppliers.items[0]!.id, account: account.id, cooler: cooler.id, collectionPoint: point.id };
}

const results: Result[] = [];
for (const flushCommits of [true, false]) results.push(await measure(flushCommits));
console.table(results);
