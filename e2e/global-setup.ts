/**
 * Starts what a user would have: the built app exactly as `npm start` runs it (node
 * apps/server/dist/main.js) on a fresh data directory — or a fresh database when DATABASE_URL
 * points at a PostgreSQL server — plus a real SMTP server whose messages land in an inbox folder
 * the tests read; one such app per Playwright worker. Returns the teardown.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { freePort } from '@cooler-hub/process-kit/ports';
import { startServer } from '@cooler-hub/process-kit/server';
import { startSmtpSink } from '@cooler-hub/process-kit/smtp';
import { ADMIN_PASSWORD } from './support/accounts';
import { startGeocoder } from './support/geocoder';
import { E2E_PORT } from './playwright.config';

const root = resolve(import.meta.dirname, '..');

/** One app of its own per Playwright worker: its URL and the folder its SMTP server writes to. */
export interface Hub {
  url: string;
  inbox: string;
}

/** Starts the built app on `port`, with its own data (or database) and SMTP inbox under `work`. */
async function startHub(work: string, port: number, geocoderUrl: string): Promise<Hub & { stop: () => Promise<void> }> {
  const inbox = join(work, 'inbox');
  mkdirSync(inbox, { recursive: true });
  let n = 0;
  const refusedOnce = new Set<string>();
  const smtp = await startSmtpSink({
    // An address starting 'refused-once' is refused for good (550) the first time it is seen and
    // accepted after that: a failed e-mail that a Resend then gets through.
    refuse(address) {
      const to = address.toLowerCase();
      if (!to.startsWith('refused-once') || refusedOnce.has(to)) return undefined;
      refusedOnce.add(to);
      return { code: 550, message: `5.1.1 <${to}>: Mailbox unavailable` };
    },
    // The workers read the messages from the inbox folder (support/inbox.ts).
    onMessage: (raw) => writeFileSync(join(inbox, `${Date.now()}-${++n}.eml`), raw),
  });
  try {
    // Its own database (dropped when it stops) when DATABASE_URL names a PostgreSQL server.
    const app = await startServer({
      entry: 'built',
      cwd: root,
      port,
      publicUrl: true,
      output: 'inherit',
      dataDir: join(work, 'data'),
      database: process.env.DATABASE_URL ? { scratchOn: process.env.DATABASE_URL, prefix: 'cooler_e2e' } : 'embedded',
      // Webhook receivers in the specs listen on this machine (docs/decisions/280).
      env: { ADMIN_PASSWORD, SMTP_URL: smtp.url, LOG_LEVEL: 'warn', GEOCODER_URL: geocoderUrl, WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' },
      readyWithinMs: 180_000,
    });
    const stop = async () => {
      await app.stop('SIGTERM', { killAfterMs: 5000 });
      await smtp.close();
    };
    return { url: app.url, inbox, stop };
  } catch (error) {
    await smtp.close();
    throw error;
  }
}

/**
 * One hub per worker — the first on E2E_PORT, the others on free ports — so that workers never see each other's
 * data; their URLs and inboxes go to the workers in E2E_HUBS (support/fixtures.ts picks one).
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const work = mkdtempSync(join(tmpdir(), 'cooler-e2e-'));
  // The address look-up's Nominatim-like stand-in (docs/decisions/174).
  const geocoder = await startGeocoder();
  const started = await Promise.allSettled(
    Array.from({ length: config.workers }, async (_, i) =>
      startHub(join(work, `hub-${i}`), i === 0 ? E2E_PORT : await freePort(), geocoder.url),
    ),
  );
  const hubs = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    // Playwright runs no teardown when the setup fails: stop what did start.
    await Promise.all(hubs.map((hub) => hub.stop()));
    await geocoder.stop();
    rmSync(work, { recursive: true, force: true });
    throw failed.reason;
  }
  process.env.E2E_HUBS = JSON.stringify(hubs.map(({ url, inbox }): Hub => ({ url, inbox })));

  return async () => {
    await Promise.all(hubs.map((hub) => hub.stop()));
    await geocoder.stop();
    rmSync(work, { recursive: true, force: true });
  };
}
