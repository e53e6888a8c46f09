/**
 * The embedded store's file system (docs/decisions/192), opened as the server opens it:
 * a commit is flushed with fsync(2) before it is acknowledged, files stay owner-only whatever
 * PGlite asks for, and the same store cannot be opened twice, even inside one process. It runs
 * embedded whatever DATABASE_URL the suite has.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { StoreInUseError } from '../src/db/data-dir-lock';
import { flushes } from '../src/db/store-fs';

let root: string;
let open: Database[] = [];

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cooler-hub-store-'));
});

afterEach(async () => {
  for (const d of open) await d.close();
  open = [];
  await fs.rm(root, { recursive: true, force: true });
});

async function openStore(flushCommits?: boolean): Promise<Database> {
  const database = await openDatabase({ dataDir: path.join(root, 'pglite'), ...(flushCommits === undefined ? {} : { flushCommits }) });
  open.push(database);
  return database;
}

describe('the embedded store on disk', () => {
  it('flushes each commit to disk before it is acknowledged, and the data files at a checkpoint', { timeout: 60_000 }, async () => {
    const { db } = await openStore();
    await db.execute(sql`create table t (x int)`);
    for (let i = 0; i < 3; i += 1) {
      const before = flushes.count;
      await db.execute(sql`insert into t values (${i})`);
      expect(flushes.count).toBeGreaterThan(before);
    }
    const before = flushes.count;
    await db.execute(sql`checkpoint`);
    expect(flushes.count - before).toBeGreaterThan(1);
  });

  it('without flushing (the bench’s comparison) makes no fsync', { timeout: 60_000 }, async () => {
    const { db } = await openStore(false);
    const before = flushes.count;
    await db.execute(sql`create table t (x int)`);
    await db.execute(sql`insert into t values (1)`);
    expect(flushes.count).toBe(before);
  });

  it('keeps every file owner-only, though PGlite asks for 0666 (started under umask 000)', { timeout: 60_000 }, async () => {
    const umask = process.umask(0);
    try {
      const { db } = await openStore();
      await db.execute(sql`create table t (x int)`);
      await db.execute(sql`insert into t values (1)`);
      await db.execute(sql`checkpoint`);
    } finally {
      process.umask(umask);
    }
    const modes = new Map<string, number>();
    const visit = async (p: string) => {
      const stat = await fs.lstat(p);
      if (stat.isSymbolicLink()) return;
      const mode = (stat.mode & 0o777).toString(8);
      modes.set(mode, (modes.get(mode) ?? 0) + 1);
      if (stat.isDirectory()) for (const name of await fs.readdir(p)) await visit(path.join(p, name));
    };
    await visit(root);
    expect([...modes.keys()].sort()).toEqual(['600', '700']);
    expect(modes.get('600')).toBeGreaterThan(900);
  });

  it('lets exactly one of two opens started at once in one process have the store', { timeout: 60_000 }, async () => {
    const results = await Promise.allSettled([openStore(), openStore()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(StoreInUseError);
  });

  it('refuses to open a store this same process already has open, and opens it again once closed', { timeout: 60_000 }, async () => {
    const first = await openStore();
    const error = await openStore().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreInUseError);
    expect((error as Error).message).toContain(`is in use by process ${process.pid} `);
    await first.close();
    open = [];
    const again = await openStore();
    await again.db.execute(sql`create table t (x int)`);
    await again.db.execute(sql`insert into t values (1)`);
    expect(await again.db.execute(sql`select count(*)::int as n from t`)).toMatchObject({ rows: [{ n: 1 }] });
  });
});
