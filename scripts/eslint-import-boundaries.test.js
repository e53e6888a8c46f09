import { describe, expect, it } from 'vitest';
import { violation } from './eslint-import-boundaries.js';

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
});
