/**
 * A backup written in full to a temporary file of the server's own (0600 in a 0700 folder of the
 * system's temporary directory, TMPDIR), which is opened and then unlinked at once: what is sent
 * comes from the open handle, and nothing is left on disk once it closes, even if the process is
 * killed (docs/decisions/266).
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';

export async function spoolBackup(write: (out: Writable) => Promise<void>): Promise<{ handle: fs.FileHandle; bytes: number }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cooler-hub-backup-'));
  const file = path.join(dir, 'backup.sql');
  try {
    await write(createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    const handle = await fs.open(file, 'r');
    return { handle, bytes: (await handle.stat()).size };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
