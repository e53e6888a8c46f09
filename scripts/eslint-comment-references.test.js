import { describe, expect, it } from 'vitest';
import { Linter } from 'eslint';
import comments, { outsideReference } from './eslint-comment-references.js';

describe('comment references', () => {
  it('refuses the spec, DESIGN.md, STYLE.md and issue numbers', () => {
    expect(outsideReference(' The columns of spec 2.7. ')).toMatchObject({ cited: 'spec 2.7' });
    expect(outsideReference('(spec §5.4)')?.cited).toBe('spec §5.4');
    expect(outsideReference('the catalogue of spec part 8')?.cited).toBe('spec part 8');
    expect(outsideReference('goes through here (spec parts 7 and 8)')?.cited).toBe('spec parts 7');
    expect(outsideReference('Spec 4: a state only with D')?.cited).toBe('Spec 4');
    expect(outsideReference('see product-spec.md')?.why).toMatch(/docs\/product\.md/);
    expect(outsideReference('(DESIGN.md §6)')?.why).toMatch(/docs\/architecture\.md/);
    expect(outsideReference('STYLE.md habit 4')?.why).toMatch(/architecture/);
    expect(outsideReference('(issue 9 item 3)')?.cited).toBe('issue 9');
    expect(outsideReference('Issue 8: floor speed')?.cited).toBe('Issue 8');
  });

  it('lets in-repository references and ordinary words through', () => {
    for (const text of [
      'The columns of docs/product.md §2.7, §7.',
      '(docs/architecture.md §4; docs/decisions/151-one-note-per-lb.md)',
      'the first issue on each path wins',
      'e2e specs run one file at a time; a Playwright spec per screen',
      'see https://github.com/timgit/pg-boss/issues/123',
    ]) {
      expect(outsideReference(text), text).toBeNull();
    }
  });

  it('reports each such comment through eslint, line and block alike', () => {
    const linter = new Linter({ configType: 'flat' });
    const config = { plugins: { comments }, rules: { 'comments/no-outside-references': 'error' } };
    const code = [
      '// The list answer (DESIGN.md §4).',
      'const a = 1; /* spec 2.13 */',
      '/** Rule stated here (docs/decisions/151-one-note-per-lb.md). */',
      "const b = 'spec 2.13 in a string is not a comment';",
      'export { a, b };',
    ].join('\n');
    const messages = linter.verify(code, config, 'example.js');
    expect(messages.map((m) => [m.line, m.ruleId])).toEqual([
      [1, 'comments/no-outside-references'],
      [2, 'comments/no-outside-references'],
    ]);
    expect(messages[0].message).toMatch(/DESIGN\.md/);
  });
});
