/**
 * The embedded store's file system: PGlite's Node file system (Emscripten's NODEFS) with two
 * changes, installed before PostgreSQL starts.
 *
 * Owner-only files. NODEFS applies the modes PostgreSQL and PGlite's data-dir
 * image ask for with chmod, which the umask does not limit: a fresh store had 968 files of mode
 * 0666. Every mode it sets here loses its group and other bits.
 *
 * Commits flushed to disk (docs/decisions/192). PGlite starts PostgreSQL with fsync off, and NODEFS
 * has no fsync: nothing an acknowledged commit wrote was ever forced to disk, so a power cut or OS
 * crash could lose it or corrupt the store. With `flush`, PostgreSQL runs with fsync on and
 * wal_sync_method=fsync, and NODEFS gains the missing operation: PostgreSQL's fsync of the WAL at
 * each commit, and of the data files at each checkpoint, becomes a real fsync(2) of the file.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** PGlite's start parameters without `-F` (fsync off); WAL flushed with fsync(), the one sync call NODEFS can reach. */
export const flushingStartParams = [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync'];

/** fsync(2) calls made for the store since the process started (the tests and the bench read it). */
export const flushes = { count: 0 };

type Attr = { mode?: number | null } | undefined;
type Operations = Record<string, unknown> & { setattr?: (target: unknown, attr: Attr) => unknown };
interface Nodefs {
  node_ops?: Operations;
  stream_ops?: Operations;
}

export class StoreFS extends NodeFS {
  constructor(
    dataDir: string,
    private readonly flush: boolean,
  ) {
    super(dataDir);
  }

  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    const install = (mod: { NODEFS?: Nodefs }) => {
      const { node_ops: nodeOps, stream_ops: streamOps } = mod.NODEFS ?? {};
      // A PGlite whose NODEFS changed shape must not silently run with open or unflushed files.
      if (!nodeOps?.setattr || !streamOps?.setattr) throw new Error('this PGlite build has no NODEFS operations to adapt');
      ownerOnlyModes(nodeOps);
      ownerOnlyModes(streamOps);
      if (this.flush) {
        streamOps.fsync = (stream: { nfd?: number }) => {
          if (stream.nfd === undefined) return 0;
          fs.fsyncSync(stream.nfd);
          flushes.count += 1;
          return 0;
        };
      }
    };
    // After NodeFS's own pre-run step (which mounts the store), before PostgreSQL starts.
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), install] } };
  }
}

function ownerOnlyModes(ops: Operations): void {
  const setattr = ops.setattr!;
  ops.setattr = (target: unknown, attr: Attr) =>
    setattr(target, attr && typeof attr.mode === 'number' ? { ...attr, mode: attr.mode & ~0o077 } : attr);
}
