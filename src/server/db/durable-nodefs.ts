import fs from 'node:fs';
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite's on-disk filesystem with working fsync (src/server/README.md "What is durable").
 *
 * PGlite 0.5 mounts the data folder with Emscripten's NODEFS, whose files have no `fsync` operation:
 * PostgreSQL's fsync() inside the WebAssembly build returns success without reaching the disk, and
 * PGlite also starts PostgreSQL with `-F` (fsync off). Writes then sit in the operating system's page
 * cache: they survive a killed process but not a power loss. This class gives every NODEFS file an
 * `fsync` that calls the host's fsync(2) on the real file descriptor, so that with `-F` removed
 * PostgreSQL's own rules apply unchanged: the WAL is flushed up to the commit record before COMMIT
 * returns, and a checkpoint flushes data files and pg_control before the WAL behind it is recycled.
 */
export class DurableNodeFS extends NodeFS {
  async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = [
      ...toArray(emscriptenOpts.preRun),
      (mod: { NODEFS: { stream_ops: Record<string, unknown> } }) => {
        mod.NODEFS.stream_ops.fsync = (stream: { nfd?: number }) => {
          // Called synchronously from PostgreSQL's fsync(); an error fails the commit (PostgreSQL
          // PANICs on a failed fsync rather than acknowledge data it could not flush).
          if (stream.nfd !== undefined) fs.fsyncSync(stream.nfd);
          return 0;
        };
      },
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } as typeof emscriptenOpts };
  }
}

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * PostgreSQL start parameters that keep fsync on: PGlite's defaults minus `-F`, with the WAL flushed
 * by fsync() (PGlite's fdatasync() is a no-op that never reaches the filesystem).
 */
export function durableStartParams(defaults: readonly string[]): string[] {
  return [
    ...defaults.filter((p) => p !== '-F'),
    '-c',
    'fsync=on',
    '-c',
    'synchronous_commit=on',
    '-c',
    'wal_sync_method=fsync',
    '-c',
    'full_page_writes=on',
  ];
}

/**
 * Flushes a new database folder to disk before the server starts acknowledging writes to it (what
 * PostgreSQL's initdb does before it reports success). One syncfs(2) of the filesystem through
 * coreutils' `sync -f` (PostgreSQL's `--sync-method=syncfs`) takes milliseconds where an fsync of each
 * of the thousand new files takes seconds; without `sync` every file and folder is fsynced in turn.
 */
export async function syncTree(root: string): Promise<void> {
  try {
    await promisify(execFile)('sync', ['-f', root]);
    return;
  } catch {
    /* no coreutils sync: one file at a time below */
  }
  const flush = (path: string) => {
    const fd = fs.openSync(path, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  };
  const visit = (path: string) => {
    const stat = fs.lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.isDirectory()) for (const name of fs.readdirSync(path)) visit(join(path, name));
    flush(path);
  };
  visit(root);
  flush(dirname(root));
}
