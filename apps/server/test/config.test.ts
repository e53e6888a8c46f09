import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      jwtSecret: undefined,
      mailFrom: 'Cooler Hub <no-reply@coolerhub.local>',
      logLevel: 'info',
      seedDemo: false,
      trustProxy: false,
      jobLeaseSeconds: 300,
      requestBodyTimeoutMs: 30_000,
      backupDir: undefined,
      backupIntervalHours: 24,
      backupKeepDays: 7,
    });
  });

  it('reads every variable; blank values count as unset', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/hub',
      DATABASE_URL: 'postgres://hub@db:5432/hub',
      JWT_SECRET: 'x'.repeat(32),
      ADMIN_PASSWORD: 'long-enough',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Hub <hub@example.com>',
      PUBLIC_URL: 'https://hub.example.co.uk/',
      LOG_LEVEL: 'debug',
      SEED_DEMO: '1',
      GEOCODER_URL: 'https://nominatim.example/',
      TRUST_PROXY: '',
      JOB_LEASE_SECONDS: '30',
      REQUEST_BODY_TIMEOUT_MS: '5000',
      BACKUP_DIR: '/srv/backups',
      BACKUP_INTERVAL_HOURS: '6',
      BACKUP_KEEP_DAYS: '30',
    });
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/tmp/hub',
      databaseUrl: 'postgres://hub@db:5432/hub',
      publicUrl: 'https://hub.example.co.uk',
      seedDemo: true,
      logLevel: 'debug',
      trustProxy: false,
      jobLeaseSeconds: 30,
      requestBodyTimeoutMs: 5000,
      backupDir: '/srv/backups',
      backupIntervalHours: 6,
      backupKeepDays: 30,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x/y' }, /DATABASE_URL must be a PostgreSQL URL/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32 characters/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ SEED_DEMO: 'yes' }, /SEED_DEMO/],
    [{ PUBLIC_URL: 'hub.example' }, /PUBLIC_URL/],
    [{ JOB_LEASE_SECONDS: '2' }, /JOB_LEASE_SECONDS/],
    [{ JOB_LEASE_SECONDS: 'soon' }, /JOB_LEASE_SECONDS/],
    [{ REQUEST_BODY_TIMEOUT_MS: '10' }, /REQUEST_BODY_TIMEOUT_MS/],
    [{ REQUEST_BODY_TIMEOUT_MS: '30s' }, /REQUEST_BODY_TIMEOUT_MS/],
    [{ BACKUP_INTERVAL_HOURS: '-1' }, /BACKUP_INTERVAL_HOURS/],
    [{ BACKUP_INTERVAL_HOURS: 'daily' }, /BACKUP_INTERVAL_HOURS/],
    [{ BACKUP_KEEP_DAYS: '0' }, /BACKUP_KEEP_DAYS/],
    [{ BACKUP_KEEP_DAYS: '1.5' }, /BACKUP_KEEP_DAYS/],
  ])('rejects %o with a one-line message naming the variable', (env, pattern) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(pattern);
    expect((error as Error).message).not.toContain('\n');
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' })).toThrow(/PORT.*LOG_LEVEL/);
  });

  it('the server exits 1 with that one line on bad configuration', () => {
    const serverDir = fileURLToPath(new URL('..', import.meta.url));
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Invalid configuration: PORT/)]);
  });
});
