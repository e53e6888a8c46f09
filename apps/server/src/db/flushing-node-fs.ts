/**
 * The embedded store's files, flushed to disk on commit (docs/decisions/192). PGlite starts
 * PostgreSQL with fsync off, and its Node file system (Emscripten's NODEFS) has no fsync: nothing
 * an acknowledged commit wrote was ever forced to disk, so a power cut or OS crash could lose it
 * or corrupt the store. Here PostgreSQL runs with fsync on and wal_sync_method=fsync, and NODEFS
 * gains the missing operation: PostgreSQL's fsync of the WAL at each commit, and of the data files
 * at each checkpoint, becomes a real fsync(2) of the file.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** PGlite's start parameters without `-F` (fsync off); WAL flushed with fsync(), the one sync call NODEFS can reach. */
export const flushingStartParams = [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync'];

/** fsync(2) calls made for the store since the process started (the tests read it). */
export const flushes = { count: 0 };

interface NodefsStream {
  nfd?: number;
}

export class FlushingNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    const installFsync = (mod: { NODEFS?: { stream_ops?: Record<string, unknown> } }) => {
      const ops = mod.NODEFS?.stream_ops;
      // A PGlite whose NODEFS changed shape must not silently run unflushed.
      if (!ops) throw new Error('this PGlite build has no NODEFS stream operations to flush through');
      ops.fsync = (stream: NodefsStream) => {
        if (stream.nfd === undefined) return 0;
        fs.fsyncSync(stream.nfd);
        flushes.count += 1;
        return 0;
      };
    };
    // After NodeFS's own pre-run step (which mounts DATA_DIR), before PostgreSQL starts.
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), installFsync] } };
  }
}
