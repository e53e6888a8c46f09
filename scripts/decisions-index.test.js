import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DECISIONS, problemsOf, readRecords, renderIndex } from './decisions-index.mjs';

let folder;
afterEach(() => {
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

/** A decisions folder holding these records (file name → text). */
function recordsIn(files) {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'decisions-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(folder, name), text);
  return readRecords(folder);
}

const record = (number, title, status, body = 'Context.') => `# ${number} — ${title}\n\n${status}\n\n${body}\n`;

describe('the decision records and their index', () => {
  it('every record has its status line, and the index is the one the records make', () => {
    const records = readRecords();
    expect(problemsOf(records)).toEqual([]);
    expect(fs.readFileSync(path.join(DECISIONS, 'README.md'), 'utf8')).toBe(renderIndex(records));
  });

  it('names a record without a status line', () => {
    const records = recordsIn({ '001-a.md': record('001', 'A rule', 'Some text first.') });
    expect(problemsOf(records)).toEqual([`001-a.md: the third line is not 'Status: … · YYYY-MM-DD · Area: …' after a blank line`]);
  });

  it('names an amended record that does not point forward, and a pointer to no record', () => {
    const records = recordsIn({
      '001-a.md': record('001', 'A rule', 'Status: current · 2026-01-01 · Area: web'),
      '002-b.md': record('002', 'B rule (amends 001)', 'Status: amended by [003](003-c.md) · 2026-01-02 · Area: web'),
    });
    expect(problemsOf(records)).toEqual([
      '002-b.md: its status points at 003-c.md, which is not a record',
      '001-a.md: is changed by 002-b.md but its status does not point forward to it',
    ]);
  });

  it('groups the index by the first area a record names', () => {
    const records = recordsIn({
      '001-a.md': record('001', 'A rule', 'Status: current · 2026-01-01 · Area: web, scanning'),
      '002-b.md': record('002', 'B rule', 'Status: current · 2026-01-02 · Area: auth'),
    });
    const index = renderIndex(records);
    expect(index.indexOf('## Auth')).toBeLessThan(index.indexOf('## Web'));
    expect(index).toContain('| 001 | [A rule](001-a.md) | current |');
  });
});
