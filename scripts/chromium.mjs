// Finds the Chromium the browser tests drive (docs/architecture.md §3): CHROMIUM_PATH, Debian's
// /usr/bin/chromium, or a Chromium that Playwright itself installed. Never downloads one. The
// browser tests ask for Debian's chromium-headless-shell first: the same engine without the
// browser's own shell, at two thirds of the CPU a test costs (docs/decisions/282).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export function findChromium({ headlessShell = false } = {}) {
  const candidates = [
    process.env.CHROMIUM_PATH,
    headlessShell ? HEADLESS_SHELL : undefined,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
  for (const path of candidates) if (path && existsSync(path)) return path;
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require('playwright-core');
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    // playwright-core absent or no browser of its own: fall through
  }
  return null;
}
