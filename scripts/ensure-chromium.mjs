// `npm test` step: make sure a Chromium exists for Playwright. As root on Debian it installs
// Debian's chromium (what `playwright install-deps` would do); elsewhere it says what to do.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from './chromium.mjs';

let path = findChromium();
if (!path) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('No Chromium found: installing Debian chromium (apt-get)...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execSync('apt-get update -qq && apt-get install -y -qq chromium fonts-liberation', { stdio: 'inherit', env });
    path = findChromium();
  }
}
if (!path) {
  console.error('No Chromium found: install one (Debian: apt-get install chromium) or set CHROMIUM_PATH to its executable.');
  process.exit(1);
}
console.log(`Chromium: ${path}`);
