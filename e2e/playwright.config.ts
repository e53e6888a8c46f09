import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with scripts/ensure-chromium.mjs
import { findChromium } from '../scripts/chromium.mjs';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 18180);

export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  // One worker per core, each with an app of its own (global-setup.ts); E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS ?? Math.min(4, availableParallelism())),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    // A trace records every action's screenshots and DOM: 40 % more CPU a test, which on a slow
    // machine turns into timeouts (docs/decisions/282). E2E_TRACE=retain-on-failure to look into one.
    trace: (process.env.E2E_TRACE ?? 'off') as 'off' | 'on' | 'retain-on-failure',
    // The app shell's worker downloads the whole build into each fresh context a few seconds after
    // the first screen; the specs of the shell and the offline outbox allow it (docs/decisions/272).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: (findChromium({ headlessShell: true }) as string | null) ?? undefined,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
