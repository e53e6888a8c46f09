// The hub on the current Node LTS, beside the Node it is tested on: takes that Node from the npm
// registry (the `node-linux-<arch>` package), builds the app with it, starts it on an embedded store
// of its own, and makes a few calls a user's first minute makes. Moving the hub to that Node is then
// the one line NODE_LTS below and `engines` in package.json.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startServer } from '@cooler-hub/process-kit/server';

export const NODE_LTS = '24';
const root = resolve(import.meta.dirname, '..');
const cache = join(root, 'node_modules/.cache/node-lts');
const PASSWORD = 'Smoke-test-pass-1';

/** The LTS's `node` executable, fetched once into node_modules/.cache. */
function ltsNode() {
  const pkg = `node-linux-${process.arch}@${NODE_LTS}`;
  const bin = join(cache, NODE_LTS, 'package/bin/node');
  if (existsSync(bin)) return bin;
  mkdirSync(join(cache, NODE_LTS), { recursive: true });
  const tarball = execFileSync('npm', ['pack', pkg, '--silent', '--pack-destination', join(cache, NODE_LTS)], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop();
  execFileSync('tar', ['xzf', join(cache, NODE_LTS, tarball), '-C', join(cache, NODE_LTS)]);
  rmSync(join(cache, NODE_LTS, tarball));
  return bin;
}

async function call(base, method, path, { token, body } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  console.log(`  ${method} ${path} → ${res.status}`);
  // The API answers JSON; `/` answers the web app's HTML.
  return text && res.headers.get('content-type')?.includes('application/json') ? JSON.parse(text) : null;
}

const node = ltsNode();
const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
console.log(`Node LTS smoke: ${version} (tested on ${process.version})`);
const path = `${resolve(node, '..')}:${process.env.PATH}`;
execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, PATH: path } });

// Its own embedded store in a throw-away DATA_DIR, removed when it stops.
const app = await startServer({
  entry: 'built',
  node,
  cwd: root,
  output: 'inherit',
  dataDir: 'temp',
  database: 'embedded',
  env: { PATH: path, ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' },
  readyWithinMs: 120_000,
});
const base = app.url;
try {
  const { token } = await call(base, 'POST', '/api/login_check', { body: { username: 'admin', password: PASSWORD } });
  await call(base, 'GET', '/api/profile', { token });
  const reason = await call(base, 'POST', '/api/scrap_reasons/create', { token, body: { number: '99', name: 'Node LTS smoke' } });
  await call(base, 'GET', `/api/scrap_reasons/${reason.id}`, { token });
  await call(base, 'GET', '/api/receipts?page=1', { token });
  await call(base, 'GET', '/', {});
} finally {
  const code = await app.stop('SIGTERM');
  if (code !== 0) {
    console.error(`the app on ${version} ended with ${code} after SIGTERM`);
    process.exitCode = 1;
  }
}
console.log(`Node LTS smoke on ${version}: built, started, signed in, read and wrote, stopped.`);
