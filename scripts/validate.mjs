// `npm run validate`: the one gate, and what CI runs (.ci/run). Lint, the format check (Prettier),
// typecheck and the OpenAPI document's check and lint side by side, the schema and migrations
// checks, `npm test`, the app built, started and called on the current Node LTS
// (scripts/node-lts-smoke.mjs), and — when `npm test` ran on PostgreSQL — the API tests again on
// embedded PGlite: the files that differ between the drivers and a share that rotates daily
// (scripts/api-on-pglite.mjs).
import { runStages } from './stages.mjs';

await runStages('validate', [
  {
    name: 'lint and typecheck',
    steps: [
      { name: 'lint', command: 'npm run lint' },
      { name: 'format', command: 'npm run format:check' },
      { name: 'typecheck', command: 'npm run typecheck' },
      // openapi.json is the code's document and breaks no client unlisted; Redocly's rules pass on it (docs/decisions/278).
      { name: 'OpenAPI document', command: 'npm run openapi:check' },
      { name: 'OpenAPI lint', command: 'npm run openapi:lint' },
    ],
  },
  { name: 'schema vs migrations', steps: [{ name: 'schema vs migrations', command: 'node scripts/check-schema.mjs' }] },
  { name: 'migrations append-only', steps: [{ name: 'migrations append-only', command: 'node scripts/check-migrations.mjs' }] },
  { name: 'npm test', steps: [{ name: 'npm test', command: 'npm test' }] },
  { name: 'Node LTS smoke', steps: [{ name: 'Node LTS smoke', command: 'node --import tsx scripts/node-lts-smoke.mjs' }] },
  {
    name: 'API tests on PGlite',
    when: () => Boolean(process.env.DATABASE_URL),
    steps: [{ name: 'API tests on PGlite', command: 'node scripts/api-on-pglite.mjs', env: { DATABASE_URL: undefined } }],
  },
]);
