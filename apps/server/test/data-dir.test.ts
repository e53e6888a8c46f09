/**
 * DATA_DIR is its owner's alone, and a DATA_DIR the server cannot use stops it with one line
 * (docs/decisions/191), with real server processes on real folders. The tests that need another
 * account (a folder owned by `nobody`, a server run as `nobody`) or a read-only mount (a private
 * mount namespace) need root; elsewhere they are skipped. The servers run embedded whatever
 * DATABASE_URL the suite has, but the one test that shares a DATA_DIR with a PostgreSQL database.
 */
import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeCopyFor, killAll } from '@cooler-hub/process-kit/server';
import { createScratchDatabase, waitFor } from './helpers';
import { api, signIn, tokenFor } from './over-http';
import { resetAdminPassword, spawnServer, startServer, stop, type Settings } from './source-server';

const NOBODY = 65534;
const isRoot = process.geteuid?.() === 0;
const canUnshare =
  isRoot &&
  (() => {
    try {
      execFileSync('unshare', ['-m', 'true']);
      return true;
    } catch {
      return false;
    }
  })();

let root: string;
let dataDir: string;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cooler-hub-datadir-'));
  await fs.chmod(root, 0o755); // so that `nobody` can reach folders inside it
  dataDir = path.join(root, 'data');
});

afterEach(async () => {
  killAll();
  await fs.rm(root, { recursive: true, force: true });
});

afterAll(killAll);

const embedded = (extra: Settings = {}): Settings => ({ ...extra, env: { DATA_DIR: dataDir, ...extra.env } });

/** Every file and folder under `dir` (itself included) that group or others may read, write or enter; symbolic links have no mode of their own. */
async function openToOthers(dir: string): Promise<string[]> {
  const open: string[] = [];
  const visit = async (p: string) => {
    const stat = await fs.lstat(p);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) open.push(`${path.relative(dir, p) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of await fs.readdir(p)) await visit(path.join(p, name));
  };
  await visit(dir);
  return open;
}

/** Path → size, mode, owner and modification time of everything under `dir`. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const visit = async (p: string) => {
    const stat = await fs.lstat(p);
    out[path.relative(dir, p)] = `${stat.size} ${stat.mode.toString(8)} ${stat.uid} ${stat.mtimeMs}`;
    if (stat.isDirectory()) for (const name of await fs.readdir(p)) await visit(path.join(p, name));
  };
  await visit(dir);
  return out;
}

async function createCcCode(base: string, token: string): Promise<string> {
  const id = randomUUID();
  const res = await api(base, token, 'POST', '/api/cc_codes', {
    id,
    code: `CC-${id.slice(0, 8)}`,
    name: 'Standard refurbishment',
    price: { amount: 4500, currency: 'GBP' },
  });
  expect(res.status).toBe(201);
  return id;
}

/** A store with one CC code in it, made by a real server that then stopped. */
async function storeWithARow(): Promise<string> {
  const server = await startServer(embedded());
  const id = await createCcCode(server.url, await tokenFor(server.url));
  expect(await stop(server)).toBe(0);
  return id;
}

const CLOSED_LINE = 'DATA_DIR was open to other accounts: closed to them (owner only now)';

describe('DATA_DIR is its owner’s alone', () => {
  it('a fresh start under umask 000 writes nothing that group or others can read or write', { timeout: 300_000 }, async () => {
    const server = await startServer(embedded({ shellPrefix: 'umask 000;' }));
    // An e-mail without SMTP_URL is written under DATA_DIR/mail.
    const res = await fetch(`${server.url}/api/password_recovery/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin' }),
    });
    expect(res.status).toBe(200);
    await waitFor(
      async () => ((await fs.readdir(path.join(dataDir, 'mail')).catch(() => [])).some((f) => f.endsWith('.eml')) ? true : undefined),
      30_000,
    );
    const files = await snapshot(dataDir);
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['pglite', 'jwt-secret', 'pglite/PG_VERSION', 'mail']));
    expect(await openToOthers(dataDir)).toEqual([]);
    expect(server.output()).not.toContain(CLOSED_LINE);
  });

  it(
    'a DATA_DIR made 0755 beforehand, holding a store with 0666 files, is closed at start with one line; the data is intact',
    { timeout: 400_000 },
    async () => {
      const id = await storeWithARow();
      // As a store of the earlier version was left: folders 0755, files 0666.
      let opened = 0;
      const open = async (p: string) => {
        const stat = await fs.lstat(p);
        if (stat.isSymbolicLink()) return;
        await fs.chmod(p, stat.isDirectory() ? 0o755 : 0o666);
        opened += 1;
        if (stat.isDirectory()) for (const name of await fs.readdir(p)) await open(path.join(p, name));
      };
      await open(dataDir);
      expect((await openToOthers(dataDir)).length).toBe(opened);

      const server = await startServer(embedded());
      const closedLines = server
        .output()
        .split('\n')
        .filter((l) => l.includes(CLOSED_LINE));
      expect(closedLines).toHaveLength(1);
      expect(JSON.parse(closedLines[0]!)).toMatchObject({ level: 40, dataDir, closed: opened });
      expect(await openToOthers(dataDir)).toEqual([]);
      const token = await tokenFor(server.url);
      expect((await api(server.url, token, 'GET', `/api/cc_codes/${id}`)).status).toBe(200);
      await createCcCode(server.url, token);
      expect(await stop(server)).toBe(0);

      // Closed once: the next start has nothing to say.
      const again = await startServer(embedded());
      expect(again.output()).not.toContain(CLOSED_LINE);
    },
  );

  it.skipIf(!isRoot)(
    'refuses a DATA_DIR owned by another account, naming it and the fix, and leaves it as it was',
    { timeout: 120_000 },
    async () => {
      await fs.mkdir(dataDir, { mode: 0o755 });
      await fs.writeFile(path.join(dataDir, 'notes.txt'), 'not ours\n', { mode: 0o644 });
      await fs.chown(dataDir, NOBODY, NOBODY);
      await fs.chown(path.join(dataDir, 'notes.txt'), NOBODY, NOBODY);
      const before = await snapshot(dataDir);

      const server = await spawnServer(embedded());
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(
        `Cooler Hub failed to start: DATA_DIR ${dataDir} belongs to another account (uid ${NOBODY}, the server runs as uid 0), so the server cannot keep it private: ` +
          `run the server as that account, or give the folder to this one (chown -R 0 ${dataDir}).`,
      );
      expect(server.output()).not.toMatch(/^\s+at /m);
      expect(await snapshot(dataDir)).toEqual(before);

      const reset = await resetAdminPassword(embedded());
      expect(reset.code).toBe(1);
      expect(reset.output).toContain(`DATA_DIR ${dataDir} belongs to another account (uid ${NOBODY}`);
      expect(await snapshot(dataDir)).toEqual(before);
    },
  );

  it.skipIf(!isRoot)(
    'run as another account, refuses a DATA_DIR it cannot write or create, in one line',
    { timeout: 120_000 },
    async (context) => {
      // `nobody` runs a copy of the code in a folder it can enter: the checkout may sit under a 0700 folder.
      const copy = await codeCopyFor(path.join(root, 'code'));
      if ('reason' in copy) return context.skip(copy.reason);
      const asNobody = { uid: NOBODY, gid: NOBODY, serverRoot: copy.serverRoot, env: { HOME: root } };
      await fs.mkdir(dataDir, { mode: 0o500 });
      await fs.chown(dataDir, NOBODY, NOBODY);
      const server = await spawnServer(embedded(asNobody));
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(
        `Cooler Hub failed to start: DATA_DIR ${dataDir} is not writable (mode 500): let its owner write there (chmod 700 ${dataDir}).`,
      );
      expect(server.output()).not.toMatch(/^\s+at /m);
      expect(await fs.readdir(dataDir)).toEqual([]);

      const below = path.join(dataDir, 'store');
      const nested = await spawnServer({ ...asNobody, env: { ...asNobody.env, DATA_DIR: below } });
      expect(await nested.exited).toBe(1);
      expect(nested.output()).toContain(`DATA_DIR ${below} cannot be created: ${dataDir} is not writable by this account (uid ${NOBODY}).`);
      expect(nested.output()).not.toMatch(/^\s+at /m);
    },
  );
});

describe('DATA_DIR with DATABASE_URL', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'is not created when missing, and is closed to others when it exists (mail files live there)',
    { timeout: 300_000 },
    async () => {
      const scratch = await createScratchDatabase(process.env.DATABASE_URL!);
      try {
        const env = { DATA_DIR: dataDir, DATABASE_URL: scratch.url };
        const first = await startServer({ env });
        expect(await stop(first)).toBe(0);
        await expect(fs.stat(dataDir)).rejects.toMatchObject({ code: 'ENOENT' });

        await fs.mkdir(path.join(dataDir, 'mail'), { recursive: true });
        await fs.writeFile(path.join(dataDir, 'mail', 'old.eml'), 'Subject: old\n\n');
        await fs.chmod(dataDir, 0o755);
        await fs.chmod(path.join(dataDir, 'mail'), 0o755);
        await fs.chmod(path.join(dataDir, 'mail', 'old.eml'), 0o644);
        const second = await startServer({ env });
        const closed = second
          .output()
          .split('\n')
          .filter((l) => l.includes(CLOSED_LINE));
        expect(closed).toHaveLength(1);
        expect(JSON.parse(closed[0]!)).toMatchObject({ dataDir, closed: 3 });
        expect(await openToOthers(dataDir)).toEqual([]);
        expect(await fs.readFile(path.join(dataDir, 'mail', 'old.eml'), 'utf8')).toBe('Subject: old\n\n');
        expect(await stop(second)).toBe(0);
      } finally {
        killAll();
        await scratch.drop();
      }
    },
  );
});

describe('a DATA_DIR on a read-only file system', () => {
  it.skipIf(!canUnshare)('stops the start with one line and leaves the store exactly as it was', { timeout: 400_000 }, async () => {
    const id = await storeWithARow();
    const before = await snapshot(dataDir);
    // DATA_DIR mounted read-only for the server's process alone.
    const readOnly = `mount --bind '${dataDir}' '${dataDir}' && mount -o remount,bind,ro '${dataDir}' &&`;
    const server = await spawnServer(embedded({ shellPrefix: readOnly, privateMounts: true }));
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      `Cooler Hub failed to start: DATA_DIR ${dataDir} is on a read-only file system: point DATA_DIR at a writable folder, or mount that one read-write.`,
    );
    expect(server.output()).not.toMatch(/^\s+at /m);
    expect(await snapshot(dataDir)).toEqual(before);

    // A DATA_DIR still to be created on a read-only file system: the same line, for that path.
    const below = path.join(dataDir, 'new');
    const fresh = await spawnServer({ shellPrefix: readOnly, privateMounts: true, env: { DATA_DIR: below } });
    expect(await fresh.exited).toBe(1);
    expect(fresh.output()).toContain(`Cooler Hub failed to start: DATA_DIR ${below} is on a read-only file system`);

    // Writable again, the same store starts with its row.
    const server2 = await startServer(embedded());
    expect((await api(server2.url, await tokenFor(server2.url), 'GET', `/api/cc_codes/${id}`)).status).toBe(200);
    expect((await signIn(server2.url)).status).toBe(200);
  });
});
