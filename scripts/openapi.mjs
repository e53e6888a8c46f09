// The API's OpenAPI document (docs/decisions/278), built from the code: the app is built in-process
// on an empty in-memory database and asked for its document, which is what GET /api/docs/json
// serves. Run with tsx (`node --import tsx`), as the app is TypeScript.
//
//   npm run openapi         writes openapi.json at the repository's root
//   npm run openapi:check   fails when openapi.json is not the code's document (and says which
//                           operations were added, removed or changed), or when the code's document
//                           breaks a client of the baseline document without the change being
//                           listed in openapi-breaking-changes.json
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { allowlistProblems, breakingChanges, summarize, unlisted } from './openapi-diff.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DOCUMENT = path.join(ROOT, 'openapi.json');
export const ALLOWLIST = path.join(ROOT, 'openapi-breaking-changes.json');

/** The document as the file holds it: two-space JSON and a final newline. */
export const serialize = (document) => `${JSON.stringify(document, null, 2)}\n`;

/** The code's document: the app built on an empty in-memory database, as the API tests build it. */
export async function buildDocument() {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { migrationsFolder } = await import('../apps/server/src/paths.ts');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cooler-openapi-'));
  const database = await openDatabase({ memory: true });
  try {
    await database.migrate(migrationsFolder);
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'not-used-by-the-document' });
    const app = await buildApp({ config, database, jwtSecret: 'not-used-by-the-document-'.repeat(2) });
    try {
      await app.ready();
      // Through JSON, so that the file and /api/docs/json are the same text.
      return JSON.parse(JSON.stringify(app.swagger()));
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** openapi.json at `commit`, or undefined when git does not have it. */
function documentAt(commit) {
  try {
    const text = execFileSync('git', ['show', `${commit}:openapi.json`], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 << 20,
    });
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function printSummary(summary) {
  for (const key of summary.added) console.log(`  added    ${key}`);
  for (const key of summary.removed) console.log(`  removed  ${key}`);
  for (const key of summary.changed) console.log(`  changed  ${key}`);
  if (summary.otherChanges) console.log('  changed  info, servers, tags or components');
}

/** Breaking changes of `document` against the baseline that the allowlist does not list; prints them. */
function checkBreaking(document) {
  const list = JSON.parse(fs.readFileSync(ALLOWLIST, 'utf8'));
  const problems = allowlistProblems(list);
  if (problems.length > 0) {
    console.error(`openapi-breaking-changes.json: ${problems.join('; ')}`);
    return false;
  }
  let baseline = list.baseline ? documentAt(list.baseline) : undefined;
  let against = `the baseline ${list.baseline}`;
  if (!baseline) {
    // A clone without that commit (or no baseline yet): the last committed document still guards this change.
    if (list.baseline)
      console.warn(`openapi: the baseline commit ${list.baseline} is not in this clone; comparing with HEAD's openapi.json`);
    baseline = documentAt('HEAD');
    against = "HEAD's openapi.json";
  }
  if (!baseline) {
    console.warn('openapi: no committed document to compare with; no breaking-change check');
    return true;
  }
  const changes = breakingChanges(baseline, document);
  const { unlisted: missing, stale } = unlisted(changes, list.changes);
  for (const key of stale) console.warn(`openapi: listed in openapi-breaking-changes.json but not happening: ${key}`);
  if (missing.length === 0) {
    console.log(`openapi: ${changes.length} breaking change(s) against ${against}, all listed in openapi-breaking-changes.json`);
    return true;
  }
  console.error(`openapi: ${missing.length} breaking change(s) against ${against} not listed in openapi-breaking-changes.json:`);
  for (const change of missing) console.error(`  ${change.message}\n    { "change": ${JSON.stringify(change.key)}, "reason": "…" }`);
  return false;
}

async function main() {
  const mode = process.argv[2];
  if (mode !== '--write' && mode !== '--check') {
    console.error('usage: node --import tsx scripts/openapi.mjs --write | --check');
    process.exit(2);
  }
  const document = await buildDocument();
  const text = serialize(document);
  const committed = fs.existsSync(DOCUMENT) ? fs.readFileSync(DOCUMENT, 'utf8') : undefined;
  const operations = summarize({}, document).added.length;
  if (mode === '--write') {
    if (committed !== text) {
      printSummary(summarize(committed ? JSON.parse(committed) : {}, document));
      fs.writeFileSync(DOCUMENT, text);
    }
    console.log(`openapi: wrote openapi.json (${operations} operations)`);
    checkBreaking(document);
    process.exit(0);
  }
  let ok = true;
  if (committed !== text) {
    ok = false;
    console.error("openapi: openapi.json is not the code's document (run `npm run openapi`):");
    printSummary(summarize(committed ? JSON.parse(committed) : {}, document));
  }
  if (!checkBreaking(document)) ok = false;
  if (ok) console.log(`openapi: openapi.json is the code's document (${operations} operations)`);
  process.exit(ok ? 0 : 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
