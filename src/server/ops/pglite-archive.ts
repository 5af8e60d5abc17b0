import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Kysely } from 'kysely';
import { openDatabase, pgliteOf } from '../db/connect';
import { syncTree } from '../db/durable-nodefs';
import type { Database } from '../db/schema';
import { PROCESS_FILES } from './pglite-owner';

/** A gzip stream starts with these two bytes (RFC 1952 §2.3.1). */
export const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

/** Writes `data` to `file` and flushes it, through a temporary name so a half-written file never has the final name. */
export function writeDurably(file: string, data: Uint8Array): void {
  writeFileSync(`${file}.partial`, data);
  publishDurably(`${file}.partial`, file);
}

/** Flushes the finished `partial` file, renames it to `file` and flushes the folder's entry. */
export function publishDurably(partial: string, file: string): void {
  const fd = openSync(partial, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, file);
  const dir = openSync(dirname(file), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

/**
 * Dumps the whole data folder of an open PGlite (PGlite's `dumpDataDir`, a gzipped tar) to `file`.
 * Kysely's one PGlite connection is held for the duration, so no statement runs while the files are
 * read: after a CHECKPOINT, the copy is a consistent image that opens like a cleanly stopped database
 * (any transaction still open in it is rolled back on opening, as after a crash).
 */
export async function dumpPglite(db: Kysely<Database>, file: string): Promise<number> {
  const pglite = pgliteOf(db);
  if (!pglite) throw new Error('Not an embedded PGlite database.');
  const dump = await db.connection().execute(async () => {
    await pglite.exec('CHECKPOINT');
    return pglite.dumpDataDir('gzip');
  });
  const bytes = new Uint8Array(await dump.arrayBuffer());
  writeDurably(file, bytes);
  return bytes.length;
}

/** Fills the empty folder `dataDir` from a dump made by dumpPglite and flushes it to disk. */
export async function restorePglite(file: string, dataDir: string): Promise<void> {
  const bytes = readFileSync(file);
  if (!bytes.subarray(0, 2).equals(GZIP_MAGIC)) throw new Error(`${file} is not a PGlite backup (a gzipped data-folder dump).`);
  const db = await openDatabase({ dataDir, loadDataDir: new Blob([bytes], { type: 'application/x-gzip' }) });
  await db.destroy();
  // The dump carries the files of the process that made it; they say nothing about this folder.
  for (const name of PROCESS_FILES) rmSync(join(dataDir, name), { force: true });
  await syncTree(dataDir);
}
