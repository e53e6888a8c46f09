/**
 * The embedded store has one owner, the running server, so `npm run backup` asks it for the dump
 * over a Unix socket in DATA_DIR (0600 in a 0700 folder: only the server's own account can
 * connect). Without a server answering there, the command opens the store itself.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { BackupService } from './backup.service';

export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'control.sock');
/** Longest Unix socket path Linux and macOS accept. */
const SOCKET_PATH_MAX = 103;

/** Serves GET /backup on the control socket; resolves with a function that stops it. */
export async function listenControlSocket(dataDir: string, backups: BackupService, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const socket = controlSocketPath(dataDir);
  if (socket.length > SOCKET_PATH_MAX) {
    log.warn({ socket }, 'DATA_DIR path too long for the backup control socket: stop the server to run npm run backup');
    return async () => {};
  }
  // Left by a killed server: this process holds DATA_DIR now, so nobody else is listening there.
  await fs.rm(socket, { force: true });
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/sql' });
    backups.write(res).then(
      () => log.info('backup delivered to npm run backup'),
      (err: unknown) => {
        log.error({ err }, 'backup for npm run backup failed');
        res.destroy();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  await fs.chmod(socket, 0o600);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/**
 * Asks the server listening in `dataDir` for a backup: its response (the file, streamed), or
 * undefined when no server answers there.
 */
export async function requestBackup(dataDir: string): Promise<http.IncomingMessage | undefined> {
  const response = await new Promise<http.IncomingMessage | undefined>((resolve, reject) => {
    const req = http.get({ socketPath: controlSocketPath(dataDir), path: '/backup' }, resolve);
    req.once('error', (err: NodeJS.ErrnoException) => {
      if (['ENOENT', 'ECONNREFUSED', 'ENOTSOCK'].includes(err.code ?? '')) resolve(undefined);
      else reject(err);
    });
  });
  if (response && response.statusCode !== 200) throw new Error(`the running server answered ${response.statusCode} to the backup request`);
  return response;
}
