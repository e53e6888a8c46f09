/**
 * The layout of docs/architecture.md §7 as a lint rule: imports flow contract → web lib/components → features → app,
 * features never import each other, and neither half imports the other. Relative paths are resolved
 * against the importing file; workspace packages by name. A local rule rather than a plugin because
 * the plugins need a TypeScript resolver to see extensionless imports, and this needs only paths.
 */
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const WEB = 'apps/web/src/';
const PACKAGE_DIRS = { '@cooler-hub/contract': 'packages/contract/', '@cooler-hub/server': 'apps/server/', '@cooler-hub/web': 'apps/web/' };

/** Where an import lands, as a path relative to the repository root, or null for a third-party package. */
function target(source, file) {
  if (source.startsWith('.')) return path.relative(root, path.resolve(path.dirname(file), source)).split(path.sep).join('/');
  for (const [name, dir] of Object.entries(PACKAGE_DIRS)) if (source === name || source.startsWith(`${name}/`)) return dir;
  return null;
}

function featureOf(rel) {
  const match = rel.match(/^apps\/web\/src\/features\/([^/]+)/);
  return match ? match[1] : null;
}

/** Why `from` may not import `to`, or null when it may. */
export function violation(from, to) {
  if (from.startsWith('packages/contract/') && to.startsWith('apps/')) return 'the contract imports neither the server nor the web';
  if (from.startsWith('apps/web/') && to.startsWith('apps/server/')) return 'the web never imports server code';
  if (from.startsWith('apps/server/') && to.startsWith('apps/web/')) return 'the server never imports web code';
  if (!from.startsWith(WEB) || !to.startsWith(WEB)) return null;
  const fromFeature = featureOf(from);
  const toFeature = featureOf(to);
  const toShell = to.startsWith(`${WEB}app/`) || to === `${WEB}app`;
  if (fromFeature) {
    if (toShell) return 'features never import the shell (app/)';
    if (toFeature && toFeature !== fromFeature) return `features never import each other (${fromFeature} → ${toFeature})`;
    return null;
  }
  if (/^apps\/web\/src\/(lib|components)\//.test(from)) {
    if (toShell) return 'lib/ and components/ never import the shell (app/)';
    if (toFeature) return 'lib/ and components/ never import a feature';
  }
  return null;
}

const rule = {
  meta: { type: 'problem', docs: { description: 'Imports follow the layers of docs/architecture.md §7' }, schema: [] },
  create(context) {
    const from = path.relative(root, context.filename).split(path.sep).join('/');
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const to = target(node.source.value, context.filename);
      const why = to && violation(from, to);
      if (why) context.report({ node: node.source, message: `Import of '${node.source.value}': ${why}.` });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'import-boundaries': rule } };
