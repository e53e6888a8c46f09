/**
 * Files the server reads at run time, located from this module rather than the working directory.
 * src/paths.ts (tsx, tests) and dist/main.js (the bundle) both sit one level under apps/server.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
export const migrationsFolder = path.join(serverRoot, 'drizzle');
export const webRoot = path.resolve(serverRoot, '../web/dist');
