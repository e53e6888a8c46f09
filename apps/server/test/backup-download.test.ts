/**
 * GET /api/backup (Admin only) and the scheduled backups, on the real app and database of this run
 * (PGlite, or PostgreSQL with DATABASE_URL): the answer is a complete backup file that verifies and
 * holds the rows written before it; the schedule writes into its folder and keeps what it should.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyBackupFile } from '../src/modules/backup/backup-file';
import { scheduleBackups } from '../src/modules/backup/backup-schedule';
import { BackupService, backupFileName, listBackups, pruneBackups } from '../src/modules/backup/backup.service';
import { createCcCode } from './factories';
import { adminToken, authHeader, buildTestApp, loginAs, waitFor, type TestApp } from './helpers';

let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await buildTestApp();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cooler-hub-backups-'));
});

afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('GET /api/backup', () => {
  it('an Admin downloads a complete backup file holding the rows written before it', async () => {
    const token = await adminToken(t.app);
    const code = await createCcCode(t.app, token);
    const res = await t.app.inject({ method: 'GET', url: '/api/backup', headers: authHeader(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/sql; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="cooler-hub-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.sql"$/);
    const file = path.join(dir, 'downloaded.sql');
    await fs.writeFile(file, res.rawPayload);
    const header = await verifyBackupFile(file);
    expect(header.from).toBe(t.database.driver === 'pglite' ? 'embedded' : 'postgresql');
    expect(res.body).toContain(code.id);
    expect(res.body).toMatch(/CREATE TABLE public\.cc_codes/);

    // The app keeps working after the dump (PGlite: its connection is handed back as it was).
    expect((await createCcCode(t.app, token)).id).toBeTruthy();
  });

  it('a Production user is refused (403) and gets no file', async () => {
    const { token } = await loginAs(t.app, 'Production');
    const res = await t.app.inject({ method: 'GET', url: '/api/backup', headers: authHeader(token) });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('CREATE TABLE');
  });

  it('without a session: 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/backup' })).statusCode).toBe(401);
  });
});

describe('scheduled backups', () => {
  it('write a complete backup into their folder and remove those older than the kept days, never the newest', async () => {
    const folder = path.join(dir, 'scheduled');
    await fs.mkdir(folder, { recursive: true });
    const old = path.join(folder, backupFileName(new Date(Date.now() - 10 * 86_400_000)));
    await fs.writeFile(old, 'an old backup');
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    await fs.utimes(old, tenDaysAgo, tenDaysAgo);
    const oldPartial = `${path.join(folder, backupFileName(new Date(Date.now() - 3 * 86_400_000)))}.partial`;
    await fs.writeFile(oldPartial, 'cut short');
    await fs.utimes(oldPartial, tenDaysAgo, tenDaysAgo);

    const stop = scheduleBackups(
      new BackupService(t.database),
      { dir: folder, intervalHours: 24, keepDays: 7, firstDelayMs: 0 },
      t.app.log,
    );
    try {
      // The old file is 10 days old, so a backup is due at once.
      const [newest] = await waitFor(async () => {
        const files = await listBackups(folder);
        return files.length > 0 &&
          files[0]!.file !== old &&
          !(await fs.stat(old).then(
            () => true,
            () => false,
          ))
          ? files
          : undefined;
      }, 60_000);
      await verifyBackupFile(newest!.file);
      expect((await fs.stat(newest!.file)).mode & 0o777).toBe(0o600);
      expect(await fs.readdir(folder)).toEqual([path.basename(newest!.file)]);
    } finally {
      stop();
    }
  });

  it('prune keeps the newest backup even when it is older than the kept days', async () => {
    const folder = path.join(dir, 'only-old');
    await fs.mkdir(folder);
    const now = Date.now();
    const at = { 20: new Date(now - 20 * 86_400_000), 30: new Date(now - 30 * 86_400_000) };
    for (const when of Object.values(at)) {
      const f = path.join(folder, backupFileName(when));
      await fs.writeFile(f, 'x');
      await fs.utimes(f, when, when);
    }
    const removed = await pruneBackups(folder, 7, now);
    expect(removed.map((f) => path.basename(f))).toEqual([backupFileName(at[30])]);
    expect(await fs.readdir(folder)).toEqual([backupFileName(at[20])]);
  });
});
