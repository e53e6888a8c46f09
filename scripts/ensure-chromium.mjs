// `npm test` step: make sure a Chromium exists for Playwright. As root on Debian it installs
// Debian's chromium and chromium-headless-shell (what the browser tests drive first;
// docs/decisions/282); elsewhere it says what to do.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium, HEADLESS_SHELL } from './chromium.mjs';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const missing = [findChromium() ? undefined : 'chromium', existsSync(HEADLESS_SHELL) ? undefined : 'chromium-headless-shell'];
const packages = missing.filter(Boolean);
if (packages.length > 0 && !process.env.CHROMIUM_PATH && isRoot && existsSync('/usr/bin/apt-get')) {
  console.log(`Installing Debian ${packages.join(' and ')} (apt-get)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execSync(`apt-get update -qq && apt-get install -y -qq ${packages.join(' ')} fonts-liberation`, { stdio: 'inherit', env });
  } catch {
    // A Debian without the headless shell still has chromium: the tests drive that (the check below).
    console.error(`apt-get could not install ${packages.join(' and ')}`);
  }
}
const path = findChromium({ headlessShell: true });
if (!path) {
  console.error('No Chromium found: install one (Debian: apt-get install chromium) or set CHROMIUM_PATH to its executable.');
  process.exit(1);
}
console.log(`Chromium: ${path}`);
