import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkMigrations, MANIFEST } from './check-migrations.mjs';

const drizzle = fileURLToPath(new URL('../apps/server/drizzle/', import.meta.url));
let copy;
const sha = (data) => createHash('sha256').update(data).digest('hex');

/** A copy of the committed migrations and their manifest to tamper with. */
function committed() {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'check-migrations-'));
  fs.cpSync(drizzle, copy, { recursive: true });
  return { folder: copy, manifest: fs.readFileSync(path.join(copy, MANIFEST), 'utf8') };
}

afterEach(() => {
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
  copy = undefined;
});

describe('committed migrations are append-only', () => {
  it('accepts the committed migrations as they are', () => {
    const { folder, manifest } = committed();
    expect(checkMigrations(folder, manifest, [{ commit: 'HEAD', text: manifest }])).toEqual([]);
  });

  it('fails when a committed migration file is edited, even by one character', () => {
    const { folder, manifest } = committed();
    fs.appendFileSync(path.join(folder, '0003_receipt_exports.sql'), ' ');
    expect(checkMigrations(folder, manifest)).toEqual([expect.stringMatching(/^0003_receipt_exports\.sql was changed/)]);
  });

  it('fails when a migration, a pre-squash one or a snapshot is removed', () => {
    const { folder, manifest } = committed();
    fs.rmSync(path.join(folder, '0007_receipts_process_state_sort.sql'));
    fs.rmSync(path.join(folder, 'pre-squash/0003_smiling_zaran.sql'));
    fs.rmSync(path.join(folder, 'meta/0001_snapshot.json'));
    const problems = checkMigrations(folder, manifest);
    expect(problems).toContainEqual(expect.stringMatching(/^0007_receipts_process_state_sort\.sql was removed/));
    expect(problems).toContainEqual(expect.stringMatching(/^pre-squash\/0003_smiling_zaran\.sql was removed/));
    expect(problems).toContainEqual(expect.stringMatching(/^meta\/0001_snapshot\.json was removed/));
  });

  it("fails when a journal entry's time (what databases record) changes or the entry goes", () => {
    const { folder, manifest } = committed();
    const journalPath = path.join(folder, 'meta/_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8'));
    journal.entries[2].when += 1;
    const last = journal.entries.pop().tag;
    fs.writeFileSync(journalPath, JSON.stringify(journal));
    const problems = checkMigrations(folder, manifest);
    expect(problems).toContainEqual(expect.stringMatching(/^meta\/_journal\.json#0002_list_versions_and_receipt_indexes was changed/));
    // The newest entry, whichever migration it is.
    expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^meta/_journal\\.json#${last} was removed`)));
  });

  it('fails on a new migration that is not listed, passes once it is appended', () => {
    const { folder, manifest } = committed();
    fs.writeFileSync(path.join(folder, '9999_next.sql'), 'CREATE INDEX "x" ON "users" ("id");');
    expect(checkMigrations(folder, manifest)).toEqual([expect.stringMatching(/^9999_next\.sql is not listed/)]);
    const appended = `${manifest}${sha('CREATE INDEX "x" ON "users" ("id");')}  9999_next.sql\n`;
    expect(checkMigrations(folder, appended, [{ commit: 'HEAD', text: manifest }])).toEqual([]);
  });

  it('fails when a line of an earlier committed manifest was changed or removed, files and list edited alike', () => {
    const { folder, manifest } = committed();
    // Someone edits a migration and "fixes" the list to match: the list's history still has the old line.
    const file = path.join(folder, '0006_receipt_exports_without_fk.sql');
    fs.appendFileSync(file, '\n-- edited');
    const edited = manifest.replace(/^[0-9a-f]{64}(?= {2}0006_receipt_exports_without_fk\.sql$)/m, sha(fs.readFileSync(file)));
    expect(checkMigrations(folder, edited)).toEqual([]);
    expect(checkMigrations(folder, edited, [{ commit: 'abc1234', text: manifest }])).toEqual([
      expect.stringMatching(/0006_receipt_exports_without_fk\.sql" of abc1234 was changed or removed/),
    ]);
  });
});
