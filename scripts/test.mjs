// `npm test`: the whole suite — the build it tests, unit, API (on DATABASE_URL when set, else
// embedded PGlite) and browser tests — with each stage's time printed at the end.
import { runStages } from './stages.mjs';

await runStages('npm test', [
  { name: 'build', steps: [{ name: 'build', command: 'npm run build' }] },
  { name: 'first-load size', steps: [{ name: 'first-load size', command: 'npm run check:first-load' }] },
  { name: 'unit tests', steps: [{ name: 'unit tests', command: 'npm run test:unit' }] },
  { name: 'API tests', steps: [{ name: 'API tests', command: 'npm run test:api' }] },
  { name: 'browser tests', steps: [{ name: 'browser tests', command: 'npm run test:e2e' }] },
]);
