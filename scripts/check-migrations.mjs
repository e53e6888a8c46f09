#!/usr/bin/env node
/**
 * Committed migrations are append-only (docs/decisions/195). apps/server/drizzle/migrations.sha256
 * lists every migration file (SQL, drizzle-kit snapshot, the pre-squash ones) and every journal entry
 * with its SHA-256; this check fails when
 *   - a listed file was changed or removed, or a listed journal entry changed or disappeared;
 *   - a migration file or journal entry exists that is not listed (`npm run db:generate -w
 *     apps/server` lists new ones by running this with --append);
 *   - a line of an earlier committed version of the list (git history, as far as the clone has it)
 *     was changed or removed: the list only grows.
 *
 *   node scripts/check-migrations.mjs            # the check (.ci/run)
 *   node scripts/check-migrations.mjs --append   # list new migration files at the end
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MANIFEST = 'migrations.sha256';
const HEADER = [
  '# Committed migrations are append-only (docs/decisions/195): never change or remove a line of this list.',
  '# Each line: SHA-256, two spaces, a file under apps/server/drizzle (or meta/_journal.json#<tag>, one journal entry).',
  '# `npm run db:generate -w apps/server` appends new migrations (node scripts/check-migrations.mjs --append).',
];

const sha256 = (data) => createHash('sha256').update(data).digest('hex');

/** Every migration file under `folder` (relative, sorted) and every journal entry, with its hash. */
export function currentEntries(folder) {
  const entries = new Map();
  const walk = (dir) => {
    for (const name of fs.readdirSync(path.join(folder, dir)).sort()) {
      const relative = dir ? `${dir}/${name}` : name;
      if (fs.statSync(path.join(folder, relative)).isDirectory()) walk(relative);
      else if (name.endsWith('.sql') || name.endsWith('_snapshot.json'))
        entries.set(relative, sha256(fs.readFileSync(path.join(folder, relative))));
    }
  };
  walk('');
  for (const journal of ['meta/_journal.json', 'pre-squash/meta/_journal.json']) {
    const file = path.join(folder, journal);
    if (!fs.existsSync(file)) continue;
    for (const entry of JSON.parse(fs.readFileSync(file, 'utf8')).entries) {
      // What drizzle records of an applied migration comes from here (`when`): it may not change either.
      entries.set(
        `${journal}#${entry.tag}`,
        sha256(JSON.stringify({ idx: entry.idx, when: entry.when, tag: entry.tag, breakpoints: entry.breakpoints })),
      );
    }
  }
  return entries;
}

/** The listed lines of a manifest text: `[hash, name]`, in order. */
export function parseManifest(text) {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
      if (!match) throw new Error(`${MANIFEST}: not "<sha256>  <file>": ${line}`);
      return [match[1], match[2]];
    });
}

/**
 * Problems (empty: all good) of `folder` against `manifestText`; `history` holds earlier committed
 * versions of the manifest, each of whose lines must still be there, in the same order.
 */
export function checkMigrations(folder, manifestText, history = []) {
  const problems = [];
  const listed = parseManifest(manifestText);
  const current = currentEntries(folder);
  const names = new Set();
  for (const [hash, name] of listed) {
    if (names.has(name)) problems.push(`${name} is listed twice in ${MANIFEST}`);
    names.add(name);
    const actual = current.get(name);
    if (actual === undefined) problems.push(`${name} was removed: a committed migration is never removed`);
    else if (actual !== hash) problems.push(`${name} was changed: a committed migration is never edited — add a new migration instead`);
  }
  for (const name of current.keys()) {
    if (!names.has(name)) problems.push(`${name} is not listed in ${MANIFEST}: run node scripts/check-migrations.mjs --append`);
  }
  const lines = listed.map(([hash, name]) => `${hash}  ${name}`);
  for (const { commit, text } of history) {
    let at = 0;
    for (const [hash, name] of parseManifest(text)) {
      const line = `${hash}  ${name}`;
      const found = lines.indexOf(line, at);
      if (found === -1) {
        problems.push(`${MANIFEST} line "${line}" of ${commit} was changed or removed: its lines are append-only`);
      } else {
        at = found + 1;
      }
    }
  }
  return problems;
}

/**
 * Earlier committed versions of the manifest on main's own line (first parents), as far as this
 * clone's history reaches: what landed. A merged branch's own versions never landed, and its
 * migration renumbered at the merge (two branches each adding the same number) is not a change to a
 * landed one.
 */
function manifestHistory(manifestPath) {
  try {
    const cwd = path.dirname(manifestPath);
    const commits = execFileSync('git', ['log', '--first-parent', '--format=%h', '--', path.basename(manifestPath)], {
      cwd,
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);
    return commits.map((commit) => ({
      commit,
      text: execFileSync('git', ['show', `${commit}:./${path.basename(manifestPath)}`], { cwd, encoding: 'utf8' }),
    }));
  } catch {
    return [];
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const folder = fileURLToPath(new URL('../apps/server/drizzle/', import.meta.url));
  const manifestPath = path.join(folder, MANIFEST);
  const text = fs.existsSync(manifestPath) ? fs.readFileSync(manifestPath, 'utf8') : `${HEADER.join('\n')}\n`;
  if (process.argv.includes('--append')) {
    const listed = new Set(parseManifest(text).map(([, name]) => name));
    const added = [...currentEntries(folder)].filter(([name]) => !listed.has(name));
    fs.writeFileSync(manifestPath, text.replace(/\n*$/, '\n') + added.map(([name, hash]) => `${hash}  ${name}\n`).join(''));
    console.log(added.length ? `listed: ${added.map(([name]) => name).join(', ')}` : 'nothing new to list');
  } else {
    const history = manifestHistory(manifestPath);
    const problems = checkMigrations(folder, text, history);
    if (problems.length) {
      console.error(`Committed migrations changed (apps/server/drizzle):\n- ${problems.join('\n- ')}`);
      process.exit(1);
    }
    console.log(
      `migrations: ${parseManifest(text).length} listed files and journal entries unchanged; ${history.length} earlier version(s) of ${MANIFEST} kept`,
    );
  }
}
