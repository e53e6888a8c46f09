// Finds the Chromium the browser tests drive (docs/architecture.md §3): CHROMIUM_PATH, Debian's
// /usr/bin/chromium, or a Chromium that Playwright itself installed. Never downloads one.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
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
