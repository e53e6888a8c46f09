import path from 'node:path';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import layout, { cyclesOf, importGraph, useImportGraph, violation } from './eslint-import-boundaries.js';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));

const web = (p) => `apps/web/src/${p}`;

describe('import boundaries', () => {
  it('lets a feature use lib, components, the contract and its own files', () => {
    expect(violation(web('features/users/users-list-page.tsx'), web('lib/paths'))).toBeNull();
    expect(violation(web('features/users/users-list-page.tsx'), web('components/list/data-list'))).toBeNull();
    expect(violation(web('features/users/users-list-page.tsx'), web('features/users/api'))).toBeNull();
    expect(violation(web('features/users/api.ts'), 'packages/contract/')).toBeNull();
  });

  it('keeps features apart and away from the shell', () => {
    expect(violation(web('features/users/api.ts'), web('features/settings/api'))).toMatch(/each other/);
    expect(violation(web('features/users/api.ts'), web('app/router'))).toMatch(/shell/);
    expect(violation(web('components/list/data-list.tsx'), web('features/users/api'))).toMatch(/feature/);
    expect(violation(web('lib/auth.ts'), web('app/layout/menu'))).toMatch(/shell/);
  });

  it('lets the shell import features', () => {
    expect(violation(web('app/router.tsx'), web('features/users/users-list-page'))).toBeNull();
  });

  it('keeps the two halves and the contract apart', () => {
    expect(violation(web('lib/api-client.ts'), 'apps/server/src/app')).toMatch(/server/);
    expect(violation('apps/server/src/app.ts', web('lib/paths'))).toMatch(/web/);
    expect(violation('packages/contract/src/users.ts', 'apps/server/')).toMatch(/contract/);
  });

  it('keeps the process kit to the tests, the bench and the scripts, and out of the app', () => {
    expect(violation('apps/server/test/backup.test.ts', 'packages/process-kit/')).toBeNull();
    expect(violation('apps/server/bench/harness/server-process.ts', 'packages/process-kit/')).toBeNull();
    expect(violation('e2e/global-setup.ts', 'packages/process-kit/')).toBeNull();
    expect(violation(server('main.ts'), 'packages/process-kit/')).toMatch(/process kit/);
    expect(violation(web('lib/api-client.ts'), 'packages/process-kit/')).toMatch(/process kit/);
    expect(violation('packages/process-kit/src/server.ts', 'apps/server/src/config')).toMatch(/process kit/);
  });
});

const server = (p) => `apps/server/src/${p}`;

describe('server layers', () => {
  it("lets a module's routes import their own service, the contract, plugins and lib", () => {
    const routes = server('modules/receipts/receipts.routes.ts');
    expect(violation(routes, server('modules/receipts/receipts.service'))).toBeNull();
    expect(violation(routes, 'packages/contract/')).toBeNull();
    expect(violation(routes, server('plugins/auth'))).toBeNull();
    expect(violation(routes, server('lib/errors'))).toBeNull();
    expect(violation(routes, 'npm:fastify-type-provider-zod')).toBeNull();
  });

  it('keeps routes off repositories, db/, other modules and their own helpers', () => {
    const routes = server('modules/deliveries/deliveries.routes.ts');
    expect(violation(routes, server('modules/deliveries/deliveries.repository'))).toMatch(/repository/);
    expect(violation(routes, server('db/client'))).toMatch(/db\//);
    expect(violation(routes, server('modules/receipts/receipts.service'))).toMatch(/another module/);
    expect(violation(routes, server('modules/deliveries/deliveries.documents'))).toMatch(/own service/);
  });

  it('lets only db/ and repositories import drizzle-orm or the schema', () => {
    expect(violation(server('db/versions.ts'), 'npm:drizzle-orm')).toBeNull();
    expect(violation(server('modules/receipts/receipts.repository.ts'), 'npm:drizzle-orm')).toBeNull();
    expect(violation(server('modules/receipts/receipts.repository.ts'), server('db/schema'))).toBeNull();
    expect(violation(server('modules/receipts/receipts.service.ts'), 'npm:drizzle-orm')).toMatch(/drizzle-orm/);
    expect(violation(server('modules/receipts/receipts.service.ts'), server('db/schema'))).toMatch(/schema/);
    expect(violation(server('lib/jwt-secret.ts'), server('db/schema.ts'))).toMatch(/schema/);
    expect(violation(server('jobs/job-queue.ts'), 'npm:drizzle-orm')).toMatch(/drizzle-orm/);
    // a service may still use db/'s helpers that take no table
    expect(violation(server('modules/receipts/receipts.service.ts'), server('db/client'))).toBeNull();
  });

  it('fails lint on a crossed layer', () => {
    const lint = (file, code) =>
      new Linter({ configType: 'flat' })
        .verify(code, [{ files: ['**/*.ts'], plugins: { layout }, rules: { 'layout/import-boundaries': 'error' } }], {
          filename: path.join(root, file),
        })
        .map((m) => m.message);
    expect(
      lint(server('modules/users/users.service.ts'), "import { eq } from 'drizzle-orm';\nimport { users } from '../../db/schema';\n"),
    ).toEqual([
      expect.stringMatching(/^Import of 'drizzle-orm': only db\/ and \*\.repository\.ts/),
      expect.stringMatching(/^Import of '..\/..\/db\/schema': only db\/ and \*\.repository\.ts/),
    ]);
    expect(lint(server('modules/users/users.routes.ts'), "import * as repo from './users.repository';\n")).toEqual([
      expect.stringMatching(/routes never import a repository/),
    ]);
    expect(
      lint(server('modules/users/users.repository.ts'), "import { eq } from 'drizzle-orm';\nimport { users } from '../../db/schema';\n"),
    ).toEqual([]);
  });
});

describe('import cycles', () => {
  const files = {
    'apps/web/src/components/scanner/barcode-reader.ts':
      "import { SCAN_FORMATS } from './barcode-codes';\nexport async function f() { return import('./barcode-polyfill'); }\n",
    'apps/web/src/components/scanner/barcode-polyfill.ts': "import type { BarcodeReader } from './barcode-reader';\n",
    'apps/web/src/components/scanner/barcode-codes.ts': 'export const SCAN_FORMATS = [];\n',
    'apps/web/src/lib/a.ts': "import '@cooler-hub/contract/rules';\n",
    'packages/contract/src/rules.ts': "import { z } from 'zod';\n",
  };
  const graph = importGraph(
    Object.keys(files),
    (f) => files[f],
    (f) => f in files,
  );

  it('resolves relative, dynamic, type-only and workspace imports to files', () => {
    expect([...graph.get('apps/web/src/components/scanner/barcode-reader.ts')].sort()).toEqual([
      'apps/web/src/components/scanner/barcode-codes.ts',
      'apps/web/src/components/scanner/barcode-polyfill.ts',
    ]);
    expect([...graph.get('apps/web/src/lib/a.ts')]).toEqual(['packages/contract/src/rules.ts']);
    expect([...graph.get('packages/contract/src/rules.ts')]).toEqual([]);
  });

  it('finds the scanner cycle a type-only import and a dynamic import make', () => {
    expect(cyclesOf(graph)).toEqual([
      ['apps/web/src/components/scanner/barcode-polyfill.ts', 'apps/web/src/components/scanner/barcode-reader.ts'],
    ]);
    const acyclic = new Map([...graph].map(([file, edges]) => [file, file.endsWith('barcode-polyfill.ts') ? new Set() : edges]));
    expect(cyclesOf(acyclic)).toEqual([]);
  });

  it('finds a file that imports itself and longer cycles', () => {
    const g = new Map([
      ['a', new Set(['a'])],
      ['b', new Set(['c'])],
      ['c', new Set(['d'])],
      ['d', new Set(['b', 'e'])],
      ['e', new Set()],
    ]);
    expect(cyclesOf(g)).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('fails lint on each import that closes a cycle', () => {
    useImportGraph(graph);
    try {
      const file = 'apps/web/src/components/scanner/barcode-polyfill.ts';
      const messages = new Linter({ configType: 'flat' })
        .verify(
          "import { x } from './barcode-reader';\nimport { y } from './barcode-codes';\n",
          [{ files: ['**/*.ts'], plugins: { layout }, rules: { 'layout/no-cycles': 'error' } }],
          {
            filename: path.join(root, file),
          },
        )
        .map((m) => m.message);
      expect(messages).toEqual([expect.stringMatching(/^Import of '.\/barcode-reader' closes an import cycle/)]);
    } finally {
      useImportGraph(null);
    }
  });
});
