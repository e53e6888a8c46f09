/**
 * A comment a reader of the repository can follow: it states its rule or links a record in the
 * repository (`docs/decisions/NNN-slug.md`, `docs/product.md §2.13`, `docs/architecture.md §4`),
 * never a document, issue or section number kept elsewhere (docs/architecture.md §8.10).
 */

/** What a comment may not cite, each with the reason given to the author. */
const OUTSIDE = [
  [
    /\bspec(?:ification)?(?: parts?| sections?)? ?§? ?\d+(?:\.\d+)*/i,
    'a section of a spec outside the repository: cite docs/product.md §N',
  ],
  [/\bproduct-spec\b/i, 'the spec outside the repository: cite docs/product.md §N'],
  [/\bDESIGN\.md\b/, 'DESIGN.md is not in the repository: cite docs/architecture.md §N or a decision record'],
  [/\bSTYLE\.md\b/, 'STYLE.md is not in the repository: cite docs/architecture.md §7 or §8'],
  [/(?<![/\w.#-])issues? #?\d+/i, 'an issue number: state the rule, or link its decision record'],
];

/** Why this comment text cites something outside the repository, or null when it does not. */
export function outsideReference(text) {
  for (const [pattern, why] of OUTSIDE) {
    const match = pattern.exec(text);
    if (match) return { cited: match[0], why };
  }
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Comments cite only what is in the repository (docs/architecture.md §8.10)' },
    schema: [],
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const found = outsideReference(comment.value);
          if (found) context.report({ loc: comment.loc, message: `Comment cites '${found.cited}', ${found.why}.` });
        }
      },
    };
  },
};

export default { rules: { 'no-outside-references': rule } };
