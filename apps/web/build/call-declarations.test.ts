import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { CALL_KEYS, callDeclarations } from './call-declarations';

/** The keys of each `operation({...})` of a module, read from its syntax tree. */
function declarationKeys(code: string): string[][] {
  const found: string[][] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const n = node as { type?: string; callee?: { name?: string }; arguments?: { properties: { key: { name: string } }[] }[] };
    if (n.type === 'CallExpression' && n.callee?.name === 'operation') found.push(n.arguments![0]!.properties.map((p) => p.key.name));
    Object.values(node).forEach(visit);
  };
  visit(parseAst(code, { lang: 'ts' }));
  return found;
}

const operations = path.join(import.meta.dirname, '../../../packages/contract/src/operations');

describe("the web's copy of the declarations", () => {
  it('keeps only the method, path and answers of every operation, and still parses', () => {
    const files = readdirSync(operations).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(20);
    let declarations = 0;
    for (const file of files) {
      const source = readFileSync(path.join(operations, file), 'utf8');
      const copy = callDeclarations(source, file);
      for (const keys of declarationKeys(copy)) {
        declarations++;
        expect(keys, file).toEqual(expect.arrayContaining(['method', 'path']));
        expect(
          keys.every((k) => CALL_KEYS.has(k)),
          `${file}: ${keys.join(',')}`,
        ).toBe(true);
      }
      expect(copy).not.toMatch(/\bsummary:|\bdescription:|\bbody:|\bquery:|\bability:/);
    }
    // Every operation of the contract was cut down, none left whole.
    const all = files.map((f) => readFileSync(path.join(operations, f), 'utf8').match(/= operation\(\{/g)?.length ?? 0);
    expect(declarations).toBe(all.reduce((a, b) => a + b, 0));
  });

  it('keeps a path with its parameters and the answers object as written', () => {
    const copy = callDeclarations(
      "export const x = operation({ operationId: 'x', method: 'PUT', path: '/api/x/:id', summary: 'S', body: b, response: { 200: withVersion(r) } });",
    );
    expect(copy).toBe("export const x = operation({ method: 'PUT', path: '/api/x/:id', response: { 200: withVersion(r) } });");
  });

  it('refuses a declaration it cannot read key by key', () => {
    expect(() => callDeclarations("export const x = operation({ ...base, path: '/api/x' });")).toThrow(/plain keys/);
    expect(() => callDeclarations('export const x = operation(base);')).toThrow(/object literal/);
  });
});
