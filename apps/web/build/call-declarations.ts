/**
 * The web's copy of the API declarations (docs/decisions/281): each `operation({...})` of
 * packages/contract/src/operations keeps, in the web's JavaScript, only what `api.call` reads — the
 * method, the path and the answers' schemas. The documentation (summary, description, tags, error
 * answers, file types), the access rule and the request schemas are the server's and the OpenAPI
 * document's; the server checks every request against them, and the web's types still come from the
 * whole declaration (TypeScript reads the source, not this copy). Without this, each call a screen
 * makes would bring its words and its request schemas into the screen's first load.
 */
import { parseAst } from 'vite';
import type { Plugin } from 'vite';

/** The keys of a declaration the web runs with (apps/web/src/lib/api-client.ts). */
export const CALL_KEYS: ReadonlySet<string> = new Set(['method', 'path', 'response']);

const DECLARATIONS = /[\\/]packages[\\/]contract[\\/]src[\\/]operations[\\/][\w-]+\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && 'type' in value;

function keyName(property: Node): string | undefined {
  const key = property.key as Node | undefined;
  if (!key || property.computed) return undefined;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'Literal') return String(key.value);
  return undefined;
}

/** `code` with every `operation({...})` argument cut down to CALL_KEYS; a spread or computed key fails the build. */
export function callDeclarations(code: string, id = 'declarations'): string {
  const cuts: { start: number; end: number; text: string }[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isNode(node)) return;
    const callee = node.callee as Node | undefined;
    const [declaration] = (node.arguments as Node[] | undefined) ?? [];
    if (node.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'operation' && declaration) {
      if (declaration.type !== 'ObjectExpression') throw new Error(`${id}: operation() takes an object literal`);
      const kept = (declaration.properties as Node[]).filter((property) => {
        const name = property.type === 'Property' ? keyName(property) : undefined;
        if (name === undefined) throw new Error(`${id}: a declaration holds plain keys only (at ${property.start})`);
        return CALL_KEYS.has(name);
      });
      cuts.push({ start: declaration.start, end: declaration.end, text: `{ ${kept.map((p) => code.slice(p.start, p.end)).join(', ')} }` });
      return;
    }
    for (const value of Object.values(node)) if (typeof value === 'object') visit(value);
  };
  visit(parseAst(code, { lang: 'ts' }));
  let out = code;
  for (const cut of cuts.sort((a, b) => b.start - a.start)) out = out.slice(0, cut.start) + cut.text + out.slice(cut.end);
  return out;
}

export function webCallDeclarations(): Plugin {
  return {
    name: 'cooler-hub:call-declarations',
    enforce: 'pre',
    transform(code, id) {
      if (!DECLARATIONS.test(id)) return null;
      return { code: callDeclarations(code, id), map: null };
    },
  };
}
