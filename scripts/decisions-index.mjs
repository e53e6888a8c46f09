#!/usr/bin/env node
/**
 * docs/decisions/README.md is the map of the decision records, made from the records themselves:
 * each record opens with `# NNN — <the rule>`, a blank line, then
 * `Status: current | amended by [NNN](…) | superseded by [NNN](…) · YYYY-MM-DD · Area: <area>[, …]`.
 * The check fails when a record lacks that line, points at a record that does not exist, amends or
 * supersedes another that does not point forward to it, or when the index differs from the records.
 *
 *   node scripts/decisions-index.mjs           # the check (npm run validate, via its test)
 *   node scripts/decisions-index.mjs --write   # writes the index anew
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DECISIONS = resolve(import.meta.dirname, '../docs/decisions');
const INDEX = 'README.md';
const TITLE = /^# (\d{3}) — (.+)$/;
const STATUS = /^Status: (current|(?:amended|superseded) by (?:\[\d{3}\]\(\d{3}-[^)]+\.md\)(?:, )?)+) · (\d{4}-\d{2}-\d{2}) · Area: (.+)$/;
/** A record's opening lines that say it changes an earlier one: "amends 250", "(Amends the table of decision 091.)". */
const CHANGES = /\b(amends|updates|replaces|supersedes)\b[^.\n]{0,40}?(\d{3})\b/gi;

/** @typedef {{ number: string, file: string, title: string, status: string, date: string, area: string, changes: string[], problems: string[] }} Record */

/** @returns {Record[]} */
export function readRecords(dir = DECISIONS) {
  return readdirSync(dir)
    .filter((f) => /^\d{3}-.+\.md$/.test(f))
    .sort()
    .map((file) => {
      const lines = readFileSync(join(dir, file), 'utf8').split('\n');
      const problems = [];
      const title = TITLE.exec(lines[0] ?? '');
      if (!title) problems.push(`${file}: the first line is not '# NNN — <title>'`);
      else if (title[1] !== file.slice(0, 3)) problems.push(`${file}: its title says ${title[1]}`);
      const status = STATUS.exec(lines[2] ?? '');
      if (lines[1] !== '' || !status) problems.push(`${file}: the third line is not 'Status: … · YYYY-MM-DD · Area: …' after a blank line`);
      const opening = [lines[0], ...lines.slice(3, 8)].join('\n');
      const changes = [...opening.matchAll(CHANGES)].map((m) => m[2]).filter((n) => n !== file.slice(0, 3));
      return {
        number: file.slice(0, 3),
        file,
        title: title?.[2] ?? file,
        status: status?.[1] ?? '',
        date: status?.[2] ?? '',
        area: status?.[3]?.split(',')[0]?.trim() ?? '',
        changes,
        problems,
      };
    });
}

/** Every way the records break the rules above, as sentences. */
export function problemsOf(records) {
  const byNumber = new Map(records.map((r) => [r.number, r]));
  const problems = records.flatMap((r) => r.problems);
  for (const r of records) {
    for (const [, target, file] of r.status.matchAll(/\[(\d{3})\]\(([^)]+)\)/g)) {
      if (byNumber.get(target)?.file !== file) problems.push(`${r.file}: its status points at ${file}, which is not a record`);
    }
    for (const earlier of r.changes) {
      const old = byNumber.get(earlier);
      if (!old) problems.push(`${r.file}: says it changes ${earlier}, which is not a record`);
      else if (!old.status.includes(`[${r.number}]`))
        problems.push(`${old.file}: is changed by ${r.file} but its status does not point forward to it`);
    }
  }
  return problems;
}

/** The index: the records grouped by area (first area named), each with its status. */
export function renderIndex(records) {
  const areas = [...new Set(records.map((r) => r.area))].sort((a, b) => a.localeCompare(b));
  const out = [
    '# Decision records',
    '',
    'Why the code is the way it is: one record per decision, grouped by area. A record opens with its',
    'status (current, or amended or superseded by a later record it links), its date and its areas.',
    'This page is written by `node scripts/decisions-index.mjs --write`; a test fails when it differs',
    'from the records or a record lacks its status line. A new record takes the next free number.',
    '',
  ];
  for (const area of areas) {
    const heading = area || 'without a status line';
    out.push(`## ${heading[0].toUpperCase()}${heading.slice(1)}`, '', '| # | Decision | Status |', '|---|---|---|');
    for (const r of records.filter((x) => x.area === area))
      out.push(`| ${r.number} | [${r.title.replace(/\|/g, '\\|')}](${r.file}) | ${r.status} |`);
    out.push('');
  }
  return out.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const records = readRecords();
  const problems = problemsOf(records);
  const index = renderIndex(records);
  if (process.argv.includes('--write')) writeFileSync(join(DECISIONS, INDEX), index);
  else {
    let current = '';
    try {
      current = readFileSync(join(DECISIONS, INDEX), 'utf8');
    } catch {
      // no index yet
    }
    if (current !== index) problems.push(`docs/decisions/${INDEX} differs from the records: run node scripts/decisions-index.mjs --write`);
  }
  for (const p of problems) console.error(p);
  if (problems.length) process.exit(1);
  console.log(`${records.length} decision records, each with its status; the index agrees.`);
}
