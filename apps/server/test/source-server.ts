/**
 * The server as the data-directory tests run it: src/main.ts through tsx (as `npm run dev`), its
 * JSON log read back, embedded unless `env` sets DATABASE_URL.
 */
import {
  spawnServer as spawnProcess,
  startServer as startProcess,
  type ServerOptions,
  type ServerProcess,
} from '@cooler-hub/process-kit/server';
import { ADMIN_PASSWORD } from './helpers';

/** A first start migrates: slow on a busy machine. */
export const READY_WITHIN_MS = 150_000;
export type Settings = Partial<ServerOptions>;

const asTested = (settings: Settings): ServerOptions => ({
  entry: 'source',
  database: 'embedded',
  ...settings,
  env: { ADMIN_PASSWORD, LOG_LEVEL: 'info', LOG_FORMAT: 'json', ...settings.env },
});

/** Started without waiting: for a start that is refused. */
export const spawnServer = (settings: Settings = {}) => spawnProcess(asTested(settings));
/** Started and ready. */
export const startServer = (settings: Settings = {}) => startProcess({ ...asTested(settings), readyWithinMs: READY_WITHIN_MS });
export const stop = (server: ServerProcess) => server.stop();

/** Runs src/reset-admin-password.ts to its end. */
export async function resetAdminPassword(settings: Settings): Promise<{ code: number | null; output: string }> {
  const run = await spawnProcess({ ...asTested(settings), script: 'src/reset-admin-password.ts', port: 'none' });
  return { code: await run.exited, output: run.output() };
}
