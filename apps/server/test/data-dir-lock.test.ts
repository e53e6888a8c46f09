/**
 * One process per embedded store (docs/decisions/190), with real processes: a second server, the
 * reset command while the server runs, two servers started at once, and a server killed with
 * SIGKILL whose lock the next start takes over. These are about the embedded store, so the
 * processes run embedded whatever DATABASE_URL the suite has; the last test shows that with
 * DATABASE_URL two servers on one DATA_DIR do run side by side (it needs that server).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { killAll, waitUntilReady, type ServerProcess } from '@cooler-hub/process-kit/server';
import { ADMIN_PASSWORD, createScratchDatabase } from './helpers';
import { api, signIn, tokenFor } from './over-http';
import { READY_WITHIN_MS, resetAdminPassword, spawnServer, startServer, stop, type Settings } from './source-server';

let root: string;
let dataDir: string;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cooler-hub-lock-'));
  dataDir = path.join(root, 'data');
});

afterEach(async () => {
  killAll();
  await fs.rm(root, { recursive: true, force: true });
});

afterAll(killAll);

const embedded = (): Settings => ({ env: { DATA_DIR: dataDir } });
const lockEntries = () => fs.readdir(path.join(dataDir, 'pglite.lock'));

async function createCcCode(base: string, token: string): Promise<{ id: string; code: string } | undefined> {
  const body = {
    id: randomUUID(),
    code: `CC-${randomUUID().slice(0, 8)}`,
    name: 'Standard refurbishment',
    price: { amount: 4500, currency: 'GBP' },
  };
  const res = await api(base, token, 'POST', '/api/cc_codes', body);
  return res.status === 201 ? body : undefined;
}

/** The refusal: names the holder and what to do, in one line, with no stack trace. */
function expectRefusal(output: string, holder: ServerProcess) {
  expect(output).toContain(
    `The embedded database in ${path.join(dataDir, 'pglite')} is in use by process ${holder.child.pid} (main.ts, since `,
  );
  expect(output).toContain('stop that one first');
  expect(output).toContain('point them all at one PostgreSQL server with DATABASE_URL');
  expect(output).not.toMatch(/^\s+at /m);
}

describe('one process per embedded store', () => {
  it('refuses a second server on the same DATA_DIR at once; the first keeps every row', { timeout: 300_000 }, async () => {
    const first = await startServer(embedded());
    const token = await tokenFor(first.url);
    const codes = [];
    for (let i = 0; i < 5; i += 1) codes.push(await createCcCode(first.url, token));
    const entriesBefore = await lockEntries();
    expect(entriesBefore).toHaveLength(1);
    const secrets = await fs.readFile(path.join(dataDir, 'jwt-secret'), 'utf8');

    const second = await spawnServer(embedded());
    const started = Date.now();
    expect(await second.exited).toBe(1);
    // Refused before opening anything: well before a start would have migrated and listened.
    expect(Date.now() - started).toBeLessThan(30_000);
    expectRefusal(second.output(), first);
    expect(second.output()).toContain('Cooler Hub failed to start:');
    expect(await lockEntries()).toEqual(entriesBefore);
    expect(await fs.readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(secrets);

    // The first server is unharmed: every row it acknowledged reads back, and it still takes writes.
    for (const code of codes) {
      const res = await api(first.url, token, 'GET', `/api/cc_codes/${code!.id}`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { code: string }).code).toBe(code!.code);
    }
    expect(await createCcCode(first.url, token)).toBeDefined();
    expect(await stop(first)).toBe(0);
    expect(await lockEntries()).toEqual([]);
  });

  it(
    'refuses reset-admin-password while the server runs; the password is unchanged; stopped, the reset works',
    { timeout: 400_000 },
    async () => {
      const server = await startServer(embedded());
      const reset = await resetAdminPassword({ env: { DATA_DIR: dataDir, ADMIN_PASSWORD: 'a-new-password-9' } });
      expect(reset.code).toBe(1);
      expectRefusal(reset.output, server);
      expect(reset.output).not.toContain('is now the value of ADMIN_PASSWORD');
      expect((await signIn(server.url)).status).toBe(200);
      expect((await signIn(server.url, 'a-new-password-9')).status).toBe(401);
      expect(await stop(server)).toBe(0);

      // Nothing was changed behind the server's back: after a restart the old password still works.
      const again = await startServer(embedded());
      expect((await signIn(again.url)).status).toBe(200);
      expect(await stop(again)).toBe(0);

      // With the server stopped the command takes the lock, resets, and gives it back.
      const done = await resetAdminPassword({ env: { DATA_DIR: dataDir, ADMIN_PASSWORD: 'a-new-password-9' } });
      expect(done.output).toContain("The password of 'admin' is now the value of ADMIN_PASSWORD");
      expect(done.code).toBe(0);
      expect(await lockEntries()).toEqual([]);
      const after = await startServer(embedded());
      expect((await signIn(after.url, 'a-new-password-9')).status).toBe(200);
      expect((await signIn(after.url, ADMIN_PASSWORD)).status).toBe(401);
    },
  );

  it('lets exactly one of two servers started at the same moment open the store', { timeout: 300_000 }, async () => {
    const [a, b] = await Promise.all([spawnServer(embedded()), spawnServer(embedded())]);
    const outcome = await Promise.race([a.exited.then(() => ({ refused: a, kept: b })), b.exited.then(() => ({ refused: b, kept: a }))]);
    expect(await outcome.refused.exited).toBe(1);
    await waitUntilReady(outcome.kept.url, { server: outcome.kept, timeoutMs: READY_WITHIN_MS });
    expectRefusal(outcome.refused.output(), outcome.kept);
    const token = await tokenFor(outcome.kept.url);
    expect(await createCcCode(outcome.kept.url, token)).toBeDefined();
  });

  it('after a kill -9, the next start takes the dead server’s lock and has every acknowledged row', { timeout: 400_000 }, async () => {
    const first = await startServer(embedded());
    const token = await tokenFor(first.url);
    const acknowledged: { id: string; code: string }[] = [];
    let writing = true;
    // 8 clients write until the kill; a create counts only when it was answered 201.
    const writers = Array.from({ length: 8 }, async () => {
      while (writing) {
        const code = await createCcCode(first.url, token).catch(() => undefined);
        if (code) acknowledged.push(code);
        else return;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    first.child.kill('SIGKILL');
    await first.exited;
    writing = false;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThan(0);
    // The dead server's entry is still there: nothing cleaned up after it.
    expect(await lockEntries()).toEqual([expect.stringMatching(new RegExp(`^${first.child.pid}-`))]);

    const second = await startServer(embedded());
    const entries = await lockEntries();
    expect(entries).toEqual([expect.stringMatching(new RegExp(`^${second.child.pid}-`))]);
    const token2 = await tokenFor(second.url);
    const missing = [];
    for (const code of acknowledged) {
      const res = await api(second.url, token2, 'GET', `/api/cc_codes/${code.id}`);
      if (res.status !== 200 || ((await res.json()) as { code: string }).code !== code.code) missing.push(code.id);
    }
    expect(missing).toEqual([]);
    expect(await createCcCode(second.url, token2)).toBeDefined();
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'with DATABASE_URL, two servers share one DATA_DIR and one database',
    { timeout: 300_000 },
    async () => {
      const scratch = await createScratchDatabase(process.env.DATABASE_URL!);
      try {
        const env = { DATA_DIR: dataDir, DATABASE_URL: scratch.url };
        const a = await startServer({ env });
        const b = await startServer({ env });
        const code = await createCcCode(a.url, await tokenFor(a.url));
        expect((await api(b.url, await tokenFor(b.url), 'GET', `/api/cc_codes/${code!.id}`)).status).toBe(200);
        await Promise.all([stop(a), stop(b)]);
      } finally {
        killAll();
        await scratch.drop();
      }
    },
  );
});
