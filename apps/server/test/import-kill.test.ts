/**
 * An import whose server is killed mid-run goes on, on the next server process, from the last batch
 * it wrote (docs/decisions/258): a real server process imports a CSV of receipts, is SIGKILLed after
 * a few batches — no shutdown hook — and a NEW process on the same database finishes the job once
 * the dead one's lease lapses. Every row is then imported exactly once, each with one history entry.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '@cooler-hub/contract/common';
import type { ImportJob } from '@cooler-hub/contract/imports';
import type { Receipt } from '@cooler-hub/contract/receipts';
import type { RevisionEntry } from '@cooler-hub/contract/revisions';
import { startServer, type ServerProcess } from '@cooler-hub/process-kit/server';
import { createPartNumber, createReceiptReferences } from './factories';
import { ADMIN_PASSWORD, createScratchDatabase, waitFor } from './helpers';
import { overHttp, signInOverHttp } from './over-http';

const ROWS = 8000;

let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
const running: ServerProcess[] = [];

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cooler-hub-import-kill-'));
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const scratch = await createScratchDatabase(serverUrl);
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  }
});

afterAll(async () => {
  for (const r of running) await r.stop('SIGKILL');
  await dropDatabase?.();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function startProcess(): Promise<ServerProcess> {
  const server = await startServer({
    entry: 'source',
    publicUrl: true,
    output: 'stderr',
    env: {
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'import-kill-secret-import-kill-secret-import',
      // The killed process's claim on the job lapses after 5 s instead of 5 min.
      JOB_LEASE_SECONDS: '5',
    },
  });
  running.push(server);
  return server;
}

async function kill(server: ServerProcess): Promise<void> {
  await server.stop('SIGKILL');
  running.splice(running.indexOf(server), 1);
}

async function signIn(base: string): Promise<string> {
  const { status, token } = await signInOverHttp(base, { username: 'admin', password: ADMIN_PASSWORD });
  expect(status).toBe(200);
  return token!;
}

async function call<T>(base: string, token: string, method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

describe('an import whose server is killed mid-run', () => {
  it('is finished by the next server process, every row once', { timeout: 180_000 }, async () => {
    const first = await startProcess();
    const token = await signIn(first.url);
    const refs = await createReceiptReferences(overHttp(first.url), token);
    const partNumber = await createPartNumber(overHttp(first.url), token);
    const prefix = `LB9${String(process.pid).slice(-4)}`;
    const lbOf = (n: number) => `${prefix}${String(n).padStart(5, '0')}`;
    const lines = ['LB Number,Receipt Date,Serial Number,Part Number,DOM,Account,Supplier,Collection Point,Process Option'];
    for (let n = 0; n < ROWS; n++) {
      lines.push(
        [
          lbOf(n),
          '14/03/2026',
          `SN-KILL-${process.pid}-${n % 2000}`,
          partNumber.partNumber,
          '2019-06-14',
          refs.account.name,
          refs.supplier.name,
          refs.collectionPoint.name,
          'X',
        ].join(','),
      );
    }
    const form = new FormData();
    form.append('kind', 'receipts');
    form.append('file', new Blob([lines.join('\r\n')], { type: 'text/csv' }), 'kill.csv');
    const uploaded = await fetch(`${first.url}/api/imports`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(uploaded.status).toBe(201);
    const job = (await uploaded.json()) as ImportJob;

    const state = async (base: string, t: string) => (await call<ImportJob>(base, t, 'GET', `/api/imports/${job.id}`)).body;
    expect((await call(first.url, token, 'POST', `/api/imports/${job.id}/dry_run`, { mapping: job.mapping })).status).toBe(202);
    const checked = await waitFor(async () => ((await state(first.url, token)).status === 'checked' ? true : undefined), 60_000);
    expect(checked).toBe(true);

    expect((await call(first.url, token, 'POST', `/api/imports/${job.id}/import`)).status).toBe(202);
    // Killed once two batches are written, well before the end.
    const atKill = await waitFor(async () => {
      const s = await state(first.url, token);
      return s.rowsDone >= 2000 ? s : undefined;
    }, 60_000);
    await kill(first);
    expect(atKill.status).toBe('importing');
    expect(atKill.rowsDone).toBeLessThan(ROWS);

    const second = await startProcess();
    const token2 = await signIn(second.url);
    const done = await waitFor(async () => {
      const s = await state(second.url, token2);
      return s.status === 'imported' ? s : undefined;
    }, 150_000);
    expect(done).toMatchObject({ rowsDone: ROWS, counts: { new: ROWS, updated: 0, unchanged: 0, refused: 0 } });

    // Every LB number once, and the rows around the kill with one history entry each.
    const list = (await call<ListResponse<Receipt>>(second.url, token2, 'GET', `/api/receipts?lbNumber=${prefix}&perPage=1`)).body;
    expect(list.totalCount).toBe(ROWS);
    for (const n of [0, atKill.rowsDone - 1, atKill.rowsDone, atKill.rowsDone + 1, ROWS - 1]) {
      const found = (await call<ListResponse<Receipt>>(second.url, token2, 'GET', `/api/receipts?lbNumber=${lbOf(n)}`)).body.items;
      expect(found, `row for ${lbOf(n)}`).toHaveLength(1);
      const history = (
        await call<ListResponse<RevisionEntry>>(
          second.url,
          token2,
          'GET',
          `/api/revision_entries?entryKind=Receipt&entryRef=${found[0]!.id}`,
        )
      ).body;
      expect(history.items.map((e) => e.source)).toEqual([`kill.csv, row ${n + 2}`]);
    }
    await kill(second);
  });
});
