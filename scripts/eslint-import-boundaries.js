/**
 * The code's layers as lint rules (docs/decisions/226-layers-in-lint.md).
 *
 * `import-boundaries`: imports flow contract → web lib/components → features → app, features never
 * import each other, and neither half imports the other; on the server a module's routes import
 * their own service, the contract, plugins/ and lib/ (never a repository or db/), and only db/ and
 * `*.repository.ts` import drizzle-orm or the schema; the process kit (packages/process-kit) is
 * used by the tests, the bench and the scripts only, and imports no app code. Relative paths are resolved against the
 * importing file; workspace packages by name.
 *
 * `no-cycles`: no file of apps/ or packages/ reaches itself through its imports (static, dynamic or
 * type-only), docs/decisions/226-layers-in-lint.md. The graph is built once per lint run from every
 * source file, with TypeScript's own import scanner.
 *
 * Local rules rather than a plugin because the plugins need a TypeScript resolver to see
 * extensionless imports, and these need only paths.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const WEB = 'apps/web/src/';
const SERVER = 'apps/server/src/';
const PACKAGE_DIRS = {
  '@cooler-hub/contract': 'packages/contract/',
  '@cooler-hub/process-kit': 'packages/process-kit/',
  '@cooler-hub/server': 'apps/server/',
  '@cooler-hub/web': 'apps/web/',
};
const KIT = 'packages/process-kit/';
/** Third-party packages land as `npm:<name>`. */
const NPM = 'npm:';

const posix = (p) => p.split(path.sep).join('/');

function packageName(source) {
  const parts = source.split('/');
  return source.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Where an import lands, as a path relative to the repository root, or `npm:<name>` for a third-party package. */
function target(source, file) {
  if (source.startsWith('.')) return posix(path.relative(root, path.resolve(path.dirname(file), source)));
  for (const [name, dir] of Object.entries(PACKAGE_DIRS)) if (source === name || source.startsWith(`${name}/`)) return dir;
  return `${NPM}${packageName(source)}`;
}

function featureOf(rel) {
  const match = rel.match(/^apps\/web\/src\/features\/([^/]+)/);
  return match ? match[1] : null;
}

const stripExtension = (rel) => rel.replace(/\.(ts|tsx|js|mjs)$/, '');

/** Why a server file `from` may not import `to`, or null when it may. */
function serverViolation(from, to) {
  const inDb = from.startsWith(`${SERVER}db/`);
  const isRepository = /\.repository\.ts$/.test(from);
  if (!inDb && !isRepository) {
    if (to === `${NPM}drizzle-orm`) return 'only db/ and *.repository.ts import drizzle-orm (a service asks its repository)';
    if (stripExtension(to) === `${SERVER}db/schema`)
      return 'only db/ and *.repository.ts import the schema (a service asks its repository)';
  }
  const routes = from.match(/^apps\/server\/src\/modules\/([^/]+)\/[^/]+\.routes\.ts$/);
  if (routes && to.startsWith(SERVER)) {
    const own = `${SERVER}modules/${routes[1]}/`;
    if (to.startsWith(`${SERVER}db/`)) return 'routes never import db/ (their service reads and writes)';
    if (/\.repository(\.ts)?$/.test(to)) return 'routes never import a repository (their service does)';
    if (to.startsWith(`${SERVER}modules/`) && !to.startsWith(own)) return 'routes import their own service only, never another module';
    if (to.startsWith(own) && !/\.service(\.ts)?$/.test(to)) return 'routes import their own service, the contract, plugins/ and lib/ only';
  }
  return null;
}

/** Why `from` may not import `to`, or null when it may. */
export function violation(from, to) {
  const server = from.startsWith(SERVER) ? serverViolation(from, to) : null;
  if (server) return server;
  if (to.startsWith(NPM)) return null;
  if (from.startsWith('packages/contract/') && to.startsWith('apps/')) return 'the contract imports neither the server nor the web';
  if (from.startsWith(KIT) && (to.startsWith('apps/') || to.startsWith('packages/contract/')))
    return 'the process kit starts the app as a process; it imports none of its code';
  if (to.startsWith(KIT) && (from.startsWith(SERVER) || from.startsWith('apps/web/') || from.startsWith('packages/contract/'))) {
    return 'only tests, the bench and scripts use the process kit (it is no part of the app)';
  }
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

function sourceOf(node) {
  if (node.source && typeof node.source.value === 'string') return node.source;
  return null;
}

const importNodes = (check) => ({
  ImportDeclaration: check,
  ExportNamedDeclaration: check,
  ExportAllDeclaration: check,
  ImportExpression: check,
});

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layers: web, contract, and routes → service → repository on the server' },
    schema: [],
  },
  create(context) {
    const from = posix(path.relative(root, context.filename));
    return importNodes((node) => {
      const source = sourceOf(node);
      if (!source) return;
      const why = violation(from, target(source.value, context.filename));
      if (why) context.report({ node: source, message: `Import of '${source.value}': ${why}.` });
    });
  },
};

// ---- import cycles ----------------------------------------------------------------------------

const SOURCE_ROOTS = ['apps', 'packages'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'drizzle', 'test-results', 'playwright-report']);
const SOURCE_FILE = /\.(ts|tsx|js|mjs)$/;
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

/** The file an import specifier names (repository-relative), or null when it is a third-party package or a non-source asset. */
export function resolveImport(specifier, fromRel, exists) {
  let base;
  if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(fromRel), specifier.split('?')[0]);
  else {
    const pkg = Object.keys(PACKAGE_DIRS).find((name) => specifier.startsWith(`${name}/`));
    if (!pkg) return null;
    // packages/contract exports `./*` as `./src/*.ts`
    base = `${PACKAGE_DIRS[pkg]}src/${specifier.slice(pkg.length + 1)}`;
  }
  const candidates = [...RESOLVE_SUFFIXES.map((suffix) => base + suffix), base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx')];
  return candidates.find((candidate) => SOURCE_FILE.test(candidate) && exists(candidate)) ?? null;
}

function listSources(dir, out) {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name) || entry.name.startsWith('.')) continue;
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) listSources(rel, out);
    else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

/** file → the files it imports (static, dynamic, type-only and re-exports). */
export function importGraph(files, read, exists) {
  const graph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(read(file), true, true);
    const edges = importedFiles.map((imported) => resolveImport(imported.fileName, file, exists)).filter((to) => to !== null);
    graph.set(file, new Set(edges));
  }
  return graph;
}

/** The strongly connected components of more than one file, or of one file importing itself (Tarjan). */
export function cyclesOf(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (start) => {
    // iterative Tarjan: a frame is a node and the iterator over its edges
    const frames = [[start, (graph.get(start) ?? new Set()).values()]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (frames.length > 0) {
      const [node, edges] = frames[frames.length - 1];
      const step = edges.next();
      if (!step.done) {
        const to = step.value;
        if (!graph.has(to)) continue;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          frames.push([to, graph.get(to).values()]);
        } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
        continue;
      }
      frames.pop();
      if (frames.length > 0) {
        const parent = frames[frames.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || graph.get(node).has(node)) cycles.push(component.sort());
      }
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

let cycleIndex = null;

/** Lints against `graph` instead of the tree's own (the rule's tests); null goes back to the tree. */
export function useImportGraph(graph) {
  cycleIndex = graph && indexCycles(graph);
}

function indexCycles(graph) {
  const index = new Map();
  for (const cycle of cyclesOf(graph)) for (const file of cycle) index.set(file, new Set(cycle));
  return index;
}

/** file → the files of its cycle, for every file in one; built once per lint run. */
function fileCycles() {
  if (cycleIndex) return cycleIndex;
  const files = SOURCE_ROOTS.flatMap((dir) => listSources(dir, []));
  const known = new Set(files);
  cycleIndex = indexCycles(
    importGraph(
      files,
      (file) => fs.readFileSync(path.join(root, file), 'utf8'),
      (file) => known.has(file),
    ),
  );
  return cycleIndex;
}

const noCycles = {
  meta: { type: 'problem', docs: { description: 'No import cycles in apps/ and packages/' }, schema: [] },
  create(context) {
    const from = posix(path.relative(root, context.filename));
    const cycle = fileCycles().get(from);
    if (!cycle) return {};
    const known = (file) => cycle.has(file) || fs.existsSync(path.join(root, file));
    return importNodes((node) => {
      const source = sourceOf(node);
      if (!source) return;
      const to = resolveImport(source.value, from, known);
      if (to && cycle.has(to)) {
        const others = [...cycle].filter((file) => file !== from).join(', ');
        context.report({ node: source, message: `Import of '${source.value}' closes an import cycle (${from} ↔ ${others}).` });
      }
    });
  },
};

export default { rules: { 'import-boundaries': boundaries, 'no-cycles': noCycles } };
