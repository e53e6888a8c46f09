/* global window */
// `npm run first-load` — the first load of the floor's screens on a lived-in hub
// (docs/architecture.md §6, docs/decisions/268), against the BUILT app (npm run build first):
//
//   1. the built server on a throw-away database (PGlite, or FIRST_LOAD_DATABASE_URL for PostgreSQL)
//      with SEED_DEMO=1, then the bench's generators for FIRST_LOAD_RECEIPTS receipts (40,000);
//   2. per screen, Lighthouse 12's mobile profile (its default: a phone's screen, simulated slow 4G
//      and a 4× slower CPU) on the system Chromium, signed in, HTTP cache and storage cleared;
//   3. per screen, a tablet-sized Chromium with its CPU really slowed 4× (CDP), a new context each
//      time (cache empty): when the first row shows, the long tasks until then, and the JavaScript
//      downloaded before it (gzip/brotli bytes as sent).
//
// Prints one line per screen and run. FIRST_LOAD_CHECK=1 exits 1 when a screen misses a budget of
// scripts/first-load-budgets.mjs (the JavaScript before the first row against its ceiling always; the
// score and timings too unless FIRST_LOAD_CHECK=js). `npm run first-load:ci` is the fast mode CI runs:
// /main alone, 2,000 receipts, one run, the JavaScript budget (timings on a shared runner are printed, not judged).
// Variables: FIRST_LOAD_SCREENS (comma-separated paths; all six), FIRST_LOAD_RUNS (3),
// FIRST_LOAD_RECEIPTS, FIRST_LOAD_LIGHTHOUSE=0 (skip Lighthouse), FIRST_LOAD_JSON=1 (one JSON line
// per measure), FIRST_LOAD_SERVE=1 (prepare the hub, print its address and keep it running),
// FIRST_LOAD_URL (measure a server already running; FIRST_LOAD_PASSWORD its admin's; FIRST_LOAD_DIST the build it serves).
// Run with tsx: it reuses the bench's TypeScript harness.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { chromium } from 'playwright-core';
import { findChromium } from './chromium.mjs';
import { CEILING_KB, TARGET } from './first-load-budgets.mjs';
import { openBenchDatabase } from '../apps/server/bench/harness/database.ts';
import { fill } from '../apps/server/bench/harness/fill.ts';
import { startServer, signIn } from '../apps/server/bench/harness/server-process.ts';
import { cleanUp, log, onCleanup } from '../apps/server/bench/harness/cleanup.ts';
import { dataSize, generators } from '../apps/server/bench/generators.ts';

const BUDGET = { ...TARGET, jsKb: CEILING_KB.screen };
const dist = process.env.FIRST_LOAD_DIST ?? join(import.meta.dirname, '../apps/web/dist');

const ROW = 'main tbody tr:not([data-testid="skeleton-row"]) td';
/** The floor's screens and what "the first row" is on each: a list's first row, a form's first field. */
const SCREENS = [
  { path: '/main', ready: ROW },
  { path: '/receipts', ready: ROW },
  { path: '/receipt-create', ready: 'main form input:not([disabled])' },
  { path: '/create-dn', ready: 'main form select, main form input:not([disabled])' },
  { path: '/create-dn/scan', ready: 'main input:not([disabled])', draft: true },
  { path: '/delivery-list/transfer', ready: ROW },
];

const env = process.env;
const wanted = env.FIRST_LOAD_SCREENS?.split(',').map((s) => s.trim());
const screens = wanted ? SCREENS.filter((s) => wanted.includes(s.path)) : SCREENS;
const runs = Number(env.FIRST_LOAD_RUNS ?? 3);
const receipts = Number(env.FIRST_LOAD_RECEIPTS ?? 40_000);
const check = env.FIRST_LOAD_CHECK;
const executablePath = findChromium();
if (!executablePath) {
  console.error('No Chromium found (set CHROMIUM_PATH).');
  process.exit(2);
}
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** A hub as a floor lives in it: the demo's records plus the bench's receipts (docs/decisions/237). */
async function livedInHub() {
  if (env.FIRST_LOAD_URL) return { base: env.FIRST_LOAD_URL.replace(/\/$/, ''), password: env.FIRST_LOAD_PASSWORD ?? '' };
  const password = `First-load-${randomBytes(6).toString('hex')}`;
  const opened = await openBenchDatabase({
    serverUrl: env.FIRST_LOAD_DATABASE_URL,
    reuse: undefined,
    keep: false,
    adminPassword: password,
  });
  log('first start: migrations and seed');
  await (await startServer(opened, 'warn', password)).stop();
  log(`adding ${receipts.toLocaleString('en-GB')} receipts and what goes with them`);
  await fill(
    opened,
    generators(dataSize(receipts)).filter((g) => g.table !== 'users'),
  );
  // The demo's records last: its seed is idempotent and keys its own rows.
  const server = await startServer({ ...opened, env: { ...opened.env, SEED_DEMO: '1' } }, 'warn', password);
  return { base: server.base, password };
}

/** The draft a scan step needs: an error sheet's preparation (it asks for nothing), made through the screen. */
async function scanDraft(browser, base, token) {
  const context = await browser.newContext();
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  const page = await context.newPage();
  await page.goto(`${base}/#/create-dn`);
  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Error sheet' });
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  await page.waitForURL(/#\/create-dn\/scan$/);
  const draft = await page.evaluate(() => ({ session: { ...sessionStorage }, local: { ...localStorage } }));
  await context.close();
  return draft;
}

/** Puts the session (and a scan step's draft) in place before the app's scripts run, on every document. */
function storageScript({ token, draft }) {
  return `try {
    localStorage.setItem('token', ${JSON.stringify(token)});
    const draft = ${JSON.stringify(draft ?? null)};
    if (draft) for (const [k, v] of Object.entries(draft.session)) if (k.startsWith('createDn')) sessionStorage.setItem(k, v);
  } catch {}`;
}

const kb = (bytes) => Math.round(bytes / 102.4) / 10;

async function lighthouseRun(base, screen, storage) {
  const chrome = await chromeLauncher.launch({ chromePath: executablePath, chromeFlags: CHROME_FLAGS });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const page = await browser.newPage();
    await page.evaluateOnNewDocument(storageScript(storage));
    const result = await lighthouse(
      `${base}/#${screen.path}`,
      { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' },
      undefined,
      page,
    );
    await browser.disconnect();
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse gave no result');
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: Math.round(audit('first-contentful-paint')),
      lcp: Math.round(audit('largest-contentful-paint')),
      tbt: Math.round(audit('total-blocking-time')),
      cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
      jsKb: kb(scripts.reduce((s, r) => s + (r.transferSize ?? 0), 0)),
    };
  } finally {
    await chrome.kill();
  }
}

/** Tablet-sized, CPU slowed 4× by CDP, a new context (empty cache): the first row and what came before it. */
async function throttledRun(browser, base, screen, storage) {
  const context = await browser.newContext({
    viewport: { width: 800, height: 1280 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  await context.addInitScript(storageScript(storage));
  await context.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  try {
    await page.goto(`${base}/#${screen.path}`, { waitUntil: 'commit' });
    await page.locator(screen.ready).filter({ visible: true }).first().waitFor({ timeout: 90_000 });
    const firstRow = await page.evaluate(() => performance.now());
    await page.waitForTimeout(300);
    const measured = await page.evaluate((ready) => {
      const before = window.__longTasks.filter((t) => t.start < ready);
      const js = performance
        .getEntriesByType('resource')
        .filter((r) => r.responseEnd <= ready && /\.m?js(\?|$)/.test(new URL(r.name).pathname));
      return {
        firstRowMs: Math.round(ready),
        longestTaskMs: Math.round(Math.max(0, ...before.map((t) => t.duration))),
        longTasksMs: Math.round(before.reduce((s, t) => s + t.duration, 0)),
        jsSentKb: Math.round(js.reduce((s, r) => s + r.encodedBodySize, 0) / 102.4) / 10,
        jsFiles: js.map((r) => new URL(r.name).pathname),
      };
    }, firstRow);
    // The same files gzipped at level 9, as `npm run check:first-load` counts them.
    const gzipped = measured.jsFiles.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0);
    return { ...measured, jsFiles: measured.jsFiles.length, jsKb: kb(gzipped) };
  } catch (error) {
    const shot = `/tmp/first-load-${screen.path.replaceAll('/', '_')}.png`;
    await page.screenshot({ path: shot }).catch(() => {});
    throw new Error(`${screen.path}: no first row (${screen.ready}); screenshot ${shot}`, { cause: error });
  } finally {
    await context.close();
  }
}

function verdicts(screen, lh, cpu) {
  const missed = [];
  if (cpu.jsKb > BUDGET.jsKb) missed.push(`JS before the first row ${cpu.jsKb} KB gzip > ${BUDGET.jsKb} KB`);
  if (check === 'js') return missed;
  if (lh && lh.score < BUDGET.score) missed.push(`Lighthouse ${lh.score} < ${BUDGET.score}`);
  if (cpu.longestTaskMs > BUDGET.longTaskMs) missed.push(`a long task of ${cpu.longestTaskMs} ms > ${BUDGET.longTaskMs} ms`);
  if (cpu.firstRowMs > BUDGET.firstRowMs) missed.push(`first row at ${cpu.firstRowMs} ms > ${BUDGET.firstRowMs} ms`);
  return missed;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const { base, password } = await livedInHub();
  if (env.FIRST_LOAD_SERVE) {
    console.log(`Serving the lived-in hub: FIRST_LOAD_URL=${base} FIRST_LOAD_PASSWORD=${password} (Ctrl-C ends it)`);
    await new Promise((resolve) => process.once('SIGINT', resolve).once('SIGTERM', resolve));
    return 0;
  }
  const token = await signIn(base, password);
  const browser = await chromium.launch({ executablePath, args: CHROME_FLAGS.filter((f) => !f.startsWith('--headless')) });
  onCleanup(() => browser.close());
  const draft = screens.some((s) => s.draft) ? await scanDraft(browser, base, token) : null;
  const failures = [];
  for (const screen of screens) {
    const storage = { token, draft: screen.draft ? draft : null };
    const lhRuns = [];
    const cpuRuns = [];
    for (let run = 1; run <= runs; run++) {
      // A run that fails (a protocol timeout on a loaded machine) is reported and left out.
      const attempt = (what, measure) =>
        measure().catch((error) => {
          console.log(`${screen.path.padEnd(24)} run ${run}: ${what} failed: ${error.message.split('\n')[0]}`);
          return undefined;
        });
      const lh = env.FIRST_LOAD_LIGHTHOUSE === '0' ? null : await attempt('Lighthouse', () => lighthouseRun(base, screen, storage));
      const cpu = await attempt('the CPU 4× run', () => throttledRun(browser, base, screen, storage));
      if (lh === undefined || cpu === undefined) {
        failures.push(`${screen.path}: run ${run} failed`);
        continue;
      }
      if (lh) lhRuns.push(lh);
      cpuRuns.push(cpu);
      if (env.FIRST_LOAD_JSON) console.log(JSON.stringify({ screen: screen.path, run, lighthouse: lh, cpu4x: cpu }));
      else {
        const l = lh
          ? `Lighthouse mobile ${lh.score} (FCP ${lh.fcp} ms, LCP ${lh.lcp} ms, TBT ${lh.tbt} ms, CLS ${lh.cls}, JS ${lh.jsKb} KB)`
          : 'Lighthouse skipped';
        console.log(
          `${screen.path.padEnd(24)} run ${run}: ${l}; CPU 4×: first row ${cpu.firstRowMs} ms, longest task ${cpu.longestTaskMs} ms (${cpu.longTasksMs} ms in all), JS before it ${cpu.jsKb} KB gzip (${cpu.jsSentKb} KB as sent, ${cpu.jsFiles} files)`,
        );
      }
    }
    // A budget is judged on the median run: the machine is shared, one run can be unlucky.
    const pick = (rows, key) => (rows.length ? median(rows.map((r) => r[key])) : NaN);
    const lh = lhRuns.length ? { score: pick(lhRuns, 'score') } : null;
    const cpu = { jsKb: pick(cpuRuns, 'jsKb'), longestTaskMs: pick(cpuRuns, 'longestTaskMs'), firstRowMs: pick(cpuRuns, 'firstRowMs') };
    if (!cpuRuns.length) continue;
    for (const missed of verdicts(screen, lh, cpu)) failures.push(`${screen.path}: ${missed} (median of ${runs})`);
  }
  for (const f of failures) console.log(`OVER BUDGET ${f}`);
  if (!failures.length) console.log(`Within budget: ${screens.length} screen(s), median of ${runs} run(s).`);
  return check && failures.length ? 1 : 0;
}

let code = 2;
try {
  code = await main();
} catch (error) {
  console.error(error);
} finally {
  await cleanUp();
}
process.exit(code);
