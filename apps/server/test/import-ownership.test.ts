/**
 * An import is its owner's (docs/decisions/264): another importer — an Admin too — gets 404 on every
 * call on it, and nothing they send changes it.
 */

import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '@cooler-hub/contract/common';
import type { ImportJob, ImportRefusal } from '@cooler-hub/contract/imports';
import * as importOperations from '@cooler-hub/contract/operations/imports';
import { unique } from './factories';
import { excelOrderedXlsx, importCalls, type ImportCalls } from './import-calls';
import { json, loginAs, useSignedInApp } from './helpers';

const suite = useSignedInApp('Admin');
let owner: ImportCalls;
let other: ImportCalls;
beforeAll(async () => {
  owner = importCalls(suite.app, suite.token);
  other = importCalls(suite.app, (await loginAs(suite.app, 'Admin')).token);
});

/** Every call of the imports module as `METHOD path`, from its declarations in the contract (docs/decisions/281). */
function declaredRoutes(): string[] {
  return Object.values(importOperations).map((op) => `${op.method} ${op.path}`);
}

describe("another person's import", () => {
  it('answers 404 on every call — read, sheet, dry run, import, cancel, refusals, refused rows — and is left as it was', async () => {
    const code = unique('PN-OWN');
    const rows = [
      ['Part Number', 'Description'],
      [code, 'Kept'],
      [null, 'No code: refused'],
    ];
    const file = await excelOrderedXlsx([
      { name: 'First', rows },
      { name: 'Second', rows },
    ]);
    const job = await owner.uploaded('partNumbers', 'mine.xlsx', file);
    const checked = await owner.dryRun(job);
    expect(checked).toMatchObject({ status: 'checked', counts: { new: 1, refused: 1 } });

    const calls: Record<string, () => Promise<{ statusCode: number; body: string }>> = {
      'GET /api/imports/:id': () => other.call('GET', `/api/imports/${job.id}`),
      'POST /api/imports/:id/sheet': () => other.call('POST', `/api/imports/${job.id}/sheet`, { sheet: 'Second' }),
      'POST /api/imports/:id/dry_run': () => other.call('POST', `/api/imports/${job.id}/dry_run`, { mapping: job.mapping }),
      'POST /api/imports/:id/import': () => other.call('POST', `/api/imports/${job.id}/import`),
      'POST /api/imports/:id/cancel': () => other.call('POST', `/api/imports/${job.id}/cancel`),
      'GET /api/imports/:id/refusals': () => other.call('GET', `/api/imports/${job.id}/refusals`),
      'GET /api/imports/:id/refused_rows': () => other.call('GET', `/api/imports/${job.id}/refused_rows`),
    };
    // Every route naming one import is tried: a route added later without its call here fails this.
    expect(Object.keys(calls).sort()).toEqual(
      declaredRoutes()
        .filter((r) => r.includes(':id'))
        .sort(),
    );
    for (const [route, send] of Object.entries(calls)) {
      const res = await send();
      expect(res.statusCode, `${route}: ${res.body}`).toBe(404);
      expect(res.body, route).not.toContain('mine.xlsx');
      expect(res.body, route).not.toContain(code);
    }

    // Their list does not hold it either; the owner's import is as it was — not started, same sheet.
    expect(json<ListResponse<ImportJob>>(await other.call('GET', '/api/imports')).items.map((j) => j.id)).not.toContain(job.id);
    const after = json<ImportJob>(await owner.call('GET', `/api/imports/${job.id}`));
    expect(after).toMatchObject({ status: 'checked', sheet: 'First', counts: checked.counts });
    expect(json<ListResponse<ImportRefusal>>(await owner.call('GET', `/api/imports/${job.id}/refusals`)).totalCount).toBe(1);
    expect((await owner.call('GET', `/api/imports/${job.id}/refused_rows`)).statusCode).toBe(200);
    expect((await owner.imported(job.id)).status).toBe('imported');
  });

  it('a running import: the other person cannot cancel it, its owner can', async () => {
    const rows = [['Part Number'], ...Array.from({ length: 20_000 }, (_, i) => [`${unique('PN-RUN')}-${i}`])];
    const job = await owner.uploaded('partNumbers', 'long.csv', Buffer.from(rows.map((r) => r.join(',')).join('\r\n')));
    expect((await owner.call('POST', `/api/imports/${job.id}/dry_run`, { mapping: job.mapping })).statusCode).toBe(202);
    expect((await other.call('POST', `/api/imports/${job.id}/cancel`)).statusCode).toBe(404);
    expect(json<ImportJob>(await owner.call('GET', `/api/imports/${job.id}`)).status).not.toBe('cancelled');
    expect(json<ImportJob>(await owner.call('POST', `/api/imports/${job.id}/cancel`)).status).toMatch(/cancelled|checked/);
    await owner.settled(job.id);
  });
});
