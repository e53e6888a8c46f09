// Bytes on the wire of a cold visit (empty cache, new browser context) to #/login and, signed in as
// the admin, to #/users: every response's encoded body plus headers, as Chromium received them.
// Usage: ADMIN_PASSWORD=… node scripts/wire-bytes.mjs [http://127.0.0.1:8080]
// (ADMIN_USERNAME defaults to 'admin'; set WIRE_JSON=1 for a JSON line per page.)
import { chromium } from 'playwright-core';
import { findChromium } from './chromium.mjs';

const base = (process.argv[2] ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const username = process.env.ADMIN_USERNAME ?? 'admin';
const password = process.env.ADMIN_PASSWORD;
if (!password) {
  console.error('Set ADMIN_PASSWORD to the admin password of the running app.');
  process.exit(2);
}

const executablePath = findChromium();
if (!executablePath) {
  console.error('No Chromium found (set CHROMIUM_PATH).');
  process.exit(2);
}

async function signIn() {
  const res = await fetch(`${base}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

/** Opens `hash` in a new context (cold cache) and sums what every response cost on the wire. */
async function measure(browser, hash, token, ready) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  if (token) await context.addInitScript((t) => localStorage.setItem('token', t), token);
  const page = await context.newPage();
  const finished = [];
  page.on('requestfinished', (request) => finished.push(request));
  await page.goto(`${base}/${hash}`, { waitUntil: 'networkidle' });
  await page.getByRole(ready.role, { name: ready.name }).first().waitFor();
  await page.waitForLoadState('networkidle');
  const rows = [];
  for (const request of finished) {
    const response = await request.response();
    const sizes = await request.sizes();
    const headers = response ? await response.allHeaders() : {};
    rows.push({
      url: request.url().replace(base, ''),
      type: request.resourceType(),
      encoding: headers['content-encoding'] ?? '',
      wire: sizes.responseBodySize + sizes.responseHeadersSize,
      body: sizes.responseBodySize,
    });
  }
  await context.close();
  return rows;
}

const kb = (n) => `${(n / 1024).toFixed(1).padStart(7)} KB`;

function report(name, rows) {
  if (process.env.WIRE_JSON) {
    const sum = (type) => rows.filter((r) => !type || r.type === type).reduce((s, r) => s + r.wire, 0);
    console.log(JSON.stringify({ page: name, total: sum(), script: sum('script'), stylesheet: sum('stylesheet'), requests: rows.length }));
    return;
  }
  console.log(`\n${name}`);
  for (const r of rows) console.log(`${kb(r.wire)}  ${r.type.padEnd(10)} ${r.encoding.padEnd(4)} ${r.url}`);
  const byType = {};
  for (const r of rows) byType[r.type] = (byType[r.type] ?? 0) + r.wire;
  for (const [type, bytes] of Object.entries(byType)) console.log(`${kb(bytes)}  ${type} total`);
  console.log(`${kb(rows.reduce((s, r) => s + r.wire, 0))}  on the wire, ${rows.length} requests`);
}

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
try {
  report('#/login (cold)', await measure(browser, '#/login', null, { role: 'button', name: 'Login' }));
  const token = await signIn();
  report('#/users as admin (cold)', await measure(browser, '#/users', token, { role: 'cell', name: username }));
} finally {
  await browser.close();
}
