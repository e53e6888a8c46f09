import { describe, expect, it } from 'vitest';
import { REQUIRED_MESSAGE, propertyPath, violationsFromIssues } from '../src/common';
import { ABILITIES, ROLES, can, permissionsOf } from '../src/permissions';
import { hubUserCreateBody, hubUserListQuery, hubUserUpdateBody } from '../src/users';
import { uploadProblem, FILE_TOO_LARGE, INVALID_FILE_FORMAT, MAX_UPLOAD_BYTES } from '../src/uploads';

describe('property paths', () => {
  it('writes array items as name[i].field', () => {
    expect(propertyPath(['lbNumbers', 3])).toBe('lbNumbers[3]');
    expect(propertyPath(['lines', 0, 'lbNumber'])).toBe('lines[0].lbNumber');
    expect(propertyPath([])).toBe('');
  });
  it('keeps one violation per field, the first', () => {
    const v = violationsFromIssues([
      { path: ['email'], message: 'first' },
      { path: ['email'], message: 'second' },
      { path: [], message: 'form' },
    ]);
    expect(v).toEqual([
      { propertyPath: 'email', title: 'first', message: 'first' },
      { propertyPath: '', title: 'form', message: 'form' },
    ]);
  });
});

describe('permissions', () => {
  it('gives Admin every permission and Production only ROLE_ADMIN_USER', () => {
    expect(permissionsOf('Admin')).toEqual(['ROLE_ADMIN_USER', 'ROLE_MASTER_ACCOUNT', 'ROLE_REMOVE_INVENTORY', 'ROLE_IMPORT']);
    expect(permissionsOf('Production')).toEqual(['ROLE_ADMIN_USER']);
  });
  it('answers abilities from the permission list', () => {
    const production = permissionsOf('Production');
    expect(can(production, 'receipts')).toBe(true);
    expect(can(production, 'manageUser')).toBe(false);
    expect(can(production, 'manipulateInventory')).toBe(false);
    // Importing is Admin's alone (docs/decisions/258).
    expect(can(production, 'import')).toBe(false);
    expect(can(permissionsOf('Admin'), 'import')).toBe(true);
    for (const r of ROLES)
      for (const a of Object.keys(ABILITIES) as (keyof typeof ABILITIES)[]) {
        expect(typeof can(permissionsOf(r), a)).toBe('boolean');
      }
  });
});

describe('hub user bodies', () => {
  const valid = { username: 'jane', email: 'jane@example.com', role: 'Production', plainPassword: 'secret123', color: 'Red' };
  it('accepts a valid create body', () => {
    expect(hubUserCreateBody.parse(valid)).toMatchObject({ username: 'jane', color: 'Red' });
  });
  it('says Required Field for a missing name', () => {
    const r = hubUserCreateBody.safeParse({ ...valid, username: undefined });
    expect(r.error?.issues[0]?.message).toBe(REQUIRED_MESSAGE);
    expect(hubUserCreateBody.safeParse({ ...valid, username: '  ' }).error?.issues[0]?.message).toBe(REQUIRED_MESSAGE);
  });
  it('rejects a bad e-mail, an unknown role or colour and a short password', () => {
    const paths = (b: object) => hubUserCreateBody.safeParse(b).error?.issues.map((i) => i.path.join('.'));
    expect(paths({ ...valid, email: 'nope' })).toEqual(['email']);
    expect(paths({ ...valid, role: 'Boss' })).toEqual(['role']);
    expect(paths({ ...valid, color: 'Plaid' })).toEqual(['color']);
    expect(paths({ ...valid, plainPassword: 'short' })).toEqual(['plainPassword']);
  });
  it('keeps the old password when the update sends an empty one', () => {
    expect(hubUserUpdateBody.parse({ ...valid, plainPassword: '' }).plainPassword).toBeUndefined();
    expect(hubUserUpdateBody.safeParse({ ...valid, plainPassword: 'short' }).success).toBe(false);
  });
});

describe('list query', () => {
  it('defaults page and perPage, ignores empty filters', () => {
    expect(hubUserListQuery.parse({ username: '', role: '' })).toEqual({ page: 1, perPage: 20 });
  });
  it('rejects unknown sort fields, two sort fields and perPage over 100', () => {
    expect(hubUserListQuery.safeParse({ order: { password: 'asc' } }).success).toBe(false);
    expect(hubUserListQuery.safeParse({ order: { id: 'asc', email: 'desc' } }).success).toBe(false);
    expect(hubUserListQuery.safeParse({ perPage: '101' }).success).toBe(false);
    expect(hubUserListQuery.parse({ order: { id: 'desc' }, page: '2' })).toMatchObject({ page: 2, order: { id: 'desc' } });
  });
});

describe('upload check in the browser', () => {
  it('allows PNG and JPEG up to 512000 bytes', () => {
    expect(uploadProblem({ type: 'image/png', size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(uploadProblem({ type: 'image/jpeg', size: MAX_UPLOAD_BYTES + 1 })).toBe(FILE_TOO_LARGE);
    expect(uploadProblem({ type: 'image/gif', size: 10 })).toBe(INVALID_FILE_FORMAT);
  });
});
